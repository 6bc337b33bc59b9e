/**
 * The SMS simulator's operator page (issue 30, item 9): 404 when no SMS simulator runs (live mode);
 * otherwise operators only (a merchant or nobody is sent to sign in); an operator sees the messages
 * with their delivery reports and can send the pending reports now.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchantUsers } from "../../drizzle/schema";
import { createOperator } from "~/core/operators.server";
import { installSmsRuntime } from "~/wiring/sms.server";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond } from "../../tests/setup/requests";
import { turnOnTwoFactorForTest } from "../../tests/setup/two-factor";
import {
  startAfricasTalkingSimulator,
  type AfricasTalkingSimulator,
} from "../../tests/support/simulators";
import { action, loader } from "./simulator.africastalking.$";

const { db, close } = installTestDatabase();
let sim: AfricasTalkingSimulator;
let operator = "";
let merchant = "";
const received: string[] = [];
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    received.push(body);
    res.writeHead(200).end("{}");
  });
});

const session = async (kind: "operator" | "merchant", subject: Record<string, string>) =>
  cookiesFrom(
    new Response(null, {
      headers: {
        "Set-Cookie": await startSession(testStore(db), kind, subject as never, get("/")),
      },
    }),
  );

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  sim = await startAfricasTalkingSimulator({
    username: "sandbox",
    apiKey: "k",
    callbackUrl: `http://127.0.0.1:${port}/`,
  });
  const op = await createOperator(testStore(db), {
    email: "sms-sim-op@onehop.test",
    name: "SMS op",
    role: "reviewer",
    password: "operator password 1",
  });
  turnOnTwoFactorForTest(db, { operatorId: op.id });
  operator = await session("operator", { operatorId: op.id });
  addMerchant(db, "MRC-SMSSIM");
  db.insert(merchantUsers)
    .values({
      id: "mu_smssim",
      merchantId: "MRC-SMSSIM",
      username: "o",
      role: "owner",
      createdAt: 1,
    })
    .run();
  merchant = await session("merchant", { merchantUserId: "mu_smssim" });
});
afterAll(async () => {
  installSmsRuntime(undefined);
  await sim.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  close();
});

const page = (cookie?: string) =>
  respond(() =>
    loader({ request: get("/simulator/africastalking", { cookie }), params: {}, context: {} }),
  );

describe("the SMS simulator's page", () => {
  it("is 404 when no SMS simulator runs", async () => {
    installSmsRuntime(undefined);
    expect((await page(operator)).status).toBe(404);
  });

  it("is for operators: a merchant or nobody is sent to sign in; an operator sees the messages", async () => {
    installSmsRuntime({ adapter: null, simulator: sim });
    await fetch(`${sim.baseUrl}/version1/messaging`, {
      method: "POST",
      headers: { apiKey: "k", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        username: "sandbox",
        to: "+254712345678",
        message: "OneHop: KES 5.00 <received>",
      }).toString(),
    });
    for (const cookie of [undefined, merchant]) {
      const refused = await page(cookie);
      expect([302, 303, 403]).toContain(refused.status);
    }
    const shown = await page(operator);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain("<h1>SMS simulator</h1>");
    expect(html).toContain("OneHop: KES 5.00 &lt;received&gt;");
    expect(html).toContain("Success, not sent yet");

    const flushed = await respond(() =>
      action({
        request: formPost("/simulator/africastalking/flush", {}, { cookie: operator }),
        params: {},
        context: {},
      }),
    );
    expect(flushed.status).toBe(303);
    expect(received).toHaveLength(1);
    expect(await (await page(operator)).text()).not.toContain("not sent yet");
  });
});
