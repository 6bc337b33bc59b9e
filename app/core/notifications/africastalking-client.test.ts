/**
 * The Africa's Talking client against the simulator over HTTP (issue 30, item 9): a message taken
 * (its id and cost), each class of refusal (the number refused for good; the account or provider
 * "retry later"; an HTTP error; a wrong key), no answer within the timeout, and answers that are
 * not answers (too large, not JSON).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startAfricasTalkingSimulator,
  type AfricasTalkingSimulator,
} from "../../../tests/support/simulators";
import {
  AT_MAX_ANSWER_BYTES,
  createAfricasTalkingClient,
  outcomeOfAnswer,
} from "./africastalking-client.server";

let sim: AfricasTalkingSimulator;
beforeAll(async () => {
  sim = await startAfricasTalkingSimulator({ username: "sandbox", apiKey: "key-1", seed: 7 });
});
afterAll(() => sim.close());

const client = (overrides: { apiKey?: string; timeoutMs?: number } = {}) =>
  createAfricasTalkingClient({
    baseUrl: sim.baseUrl,
    username: "sandbox",
    apiKey: overrides.apiKey ?? "key-1",
    from: "ONEHOP",
    timeoutMs: overrides.timeoutMs ?? 2000,
  });

describe("the Africa's Talking client", () => {
  it("sends one message: the provider's message id and cost come back, the simulator has the text", async () => {
    const outcome = await client().send("+254712345678", "OneHop: KES 2,500.00 received.");
    expect(outcome).toEqual({
      kind: "sent",
      providerMessageId: expect.stringMatching(/^ATXid_[0-9a-f]{32}$/),
      cost: "KES 0.8000",
    });
    if (outcome.kind !== "sent") return;
    const kept = sim.message(outcome.providerMessageId);
    expect(kept).toMatchObject({
      number: "+254712345678",
      message: "OneHop: KES 2,500.00 received.",
      from: "ONEHOP",
      statusCode: 101,
      status: "Success",
    });
  });

  it("a number refused for good is 'refused' with the provider's reason", async () => {
    expect(await client().send("+254712340403", "Hi")).toEqual({
      kind: "refused",
      reason: "InvalidPhoneNumber",
    });
    expect(await client().send("+254712340406", "Hi")).toEqual({
      kind: "refused",
      reason: "UserInBlacklist",
    });
  });

  it("the account or the provider (balance, HTTP 500, a wrong key) is 'retry later'", async () => {
    expect(await client().send("+254712340405", "Hi")).toEqual({
      kind: "retry",
      reason: "InsufficientBalance",
    });
    expect(await client().send("+254712340500", "Hi")).toEqual({
      kind: "retry",
      reason: "HTTP 500 from Africa's Talking",
    });
    expect(await client({ apiKey: "wrong" }).send("+254712345678", "Hi")).toEqual({
      kind: "retry",
      reason: "HTTP 401 from Africa's Talking",
    });
  });

  it("no answer within the timeout is 'retry later'", async () => {
    const started = Date.now();
    expect(await client({ timeoutMs: 300 }).send("+254712340999", "Hi")).toEqual({
      kind: "retry",
      reason: "No answer within the timeout",
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("an answer too large or not JSON is 'retry later'; a 400 is 'refused'", async () => {
    const server = createServer((req, res) => {
      res.writeHead(201, { "content-type": "application/json" });
      if (req.url?.startsWith("/big")) res.end("x".repeat(AT_MAX_ANSWER_BYTES + 10));
      else res.end("<html>gateway</html>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const at = (path: string) =>
        createAfricasTalkingClient({
          baseUrl: `http://127.0.0.1:${port}${path}`,
          username: "sandbox",
          apiKey: "k",
          timeoutMs: 2000,
        });
      expect(await at("/big").send("+254712345678", "Hi")).toEqual({
        kind: "retry",
        reason: "An answer larger than expected",
      });
      expect(await at("/html").send("+254712345678", "Hi")).toEqual({
        kind: "retry",
        reason: "An answer that is not JSON",
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(outcomeOfAnswer(400, "Invalid username")).toEqual({
      kind: "refused",
      reason: "HTTP 400: Invalid username",
    });
  });
});
