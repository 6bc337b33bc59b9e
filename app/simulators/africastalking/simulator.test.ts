/**
 * The Africa's Talking SMS simulator on its own (issue 30, item 9): the API's checks (key and
 * username, required fields, content type), several recipients in one send, the delivery report as
 * a form POSTed to the callback URL (only on flush() with no delay), and its messages kept in the
 * simulators' database across a restart (ADR 0045).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AT_MESSAGING_PATH } from "~/core/notifications/africastalking-wire";
import { createDbSimulatorStore, openSimulatorDatabase } from "../store.server";
import { startAfricasTalkingSimulator } from "./index.server";

const received: { type: string | undefined; body: string }[] = [];
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    received.push({ type: req.headers["content-type"], body });
    res.writeHead(200).end("{}");
  });
});
let callbackUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/reports?token=t`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const send = (baseUrl: string, fields: Record<string, string>, apiKey = "k") =>
  fetch(`${baseUrl}${AT_MESSAGING_PATH}`, {
    method: "POST",
    headers: {
      apiKey,
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });

describe("the Africa's Talking simulator", () => {
  it("checks the key and the request, answers each recipient, and reports delivery on flush", async () => {
    const sims = openSimulatorDatabase(":memory:");
    const options = {
      username: "sandbox",
      apiKey: "k",
      callbackUrl,
      seed: 5,
      store: createDbSimulatorStore(sims, "africastalking"),
    };
    const sim = await startAfricasTalkingSimulator(options);
    try {
      const wrongKey = await send(
        sim.baseUrl,
        { username: "sandbox", to: "+254712345678", message: "x" },
        "no",
      );
      expect(wrongKey.status).toBe(401);
      expect(await wrongKey.text()).toBe("The supplied authentication is invalid");
      expect((await send(sim.baseUrl, { username: "sandbox", message: "x" })).status).toBe(400);

      const response = await send(sim.baseUrl, {
        username: "sandbox",
        to: "+254712345678,+254712340000,0712",
        message: "Hello",
      });
      expect(response.status).toBe(201);
      const answer = (await response.json()) as {
        SMSMessageData: {
          Message: string;
          Recipients: { statusCode: number; messageId: string }[];
        };
      };
      expect(answer.SMSMessageData.Message).toBe("Sent to 2/3 Total Cost: KES 1.6000");
      expect(answer.SMSMessageData.Recipients.map((r) => r.statusCode)).toEqual([101, 101, 403]);
      const [delivered, absent] = answer.SMSMessageData.Recipients;

      expect(sim.pendingReports()).toBe(2);
      expect(received).toHaveLength(0);
      await sim.flush();
      expect(received).toHaveLength(2);
      expect(received[0]!.type).toBe("application/x-www-form-urlencoded");
      expect(Object.fromEntries(new URLSearchParams(received[0]!.body))).toEqual({
        id: delivered!.messageId,
        status: "Success",
        phoneNumber: "+254712345678",
        networkCode: "63902",
        retryCount: "0",
      });
      expect(Object.fromEntries(new URLSearchParams(received[1]!.body))).toMatchObject({
        id: absent!.messageId,
        status: "Failed",
        failureReason: "AbsentSubscriber",
      });

      // A restart forgets nothing: the messages, and that their reports went.
      await sim.close();
      const again = await startAfricasTalkingSimulator(options);
      try {
        expect(again.message(delivered!.messageId)).toMatchObject({
          message: "Hello",
          reportedAt: expect.any(Number),
        });
        expect(again.messages(10)).toHaveLength(3);
      } finally {
        await again.close();
      }
    } finally {
      await sim.close();
      sims.close();
    }
  });
});
