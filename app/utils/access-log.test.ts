import { describe, expect, it } from "vitest";
import { batchedLineStream, redactUrlForLog } from "./access-log.server";

describe("redactUrlForLog (the access log's URL)", () => {
  it("hides the M-Pesa callback token and the set-password token, keeping the rest", () => {
    expect(redactUrlForLog("/webhooks/mpesa/b2c/result?token=s3cr3t-callback-token")).toBe(
      "/webhooks/mpesa/b2c/result?token=[redacted]",
    );
    expect(redactUrlForLog("/merchant/set-password?token=Qm9vbXNoYWthbGFrYQ&next=1")).toBe(
      "/merchant/set-password?token=[redacted]&next=1",
    );
    expect(redactUrlForLog("/merchant/set-password.data?token=abc")).toBe(
      "/merchant/set-password.data?token=[redacted]",
    );
  });

  it("hides any parameter named like a secret, even percent-encoded, and leaves others", () => {
    expect(
      redactUrlForLog("/x?api_key=1&client_secret=2&code=3&signature=4&accessToken=5&page=2"),
    ).toBe(
      "/x?api_key=[redacted]&client_secret=[redacted]&code=[redacted]&signature=[redacted]&accessToken=[redacted]&page=2",
    );
    expect(redactUrlForLog("/x?%74oken=abc")).toBe("/x?%74oken=[redacted]");
    expect(redactUrlForLog("/blog?category=News&tag=kenya")).toBe("/blog?category=News&tag=kenya");
    expect(redactUrlForLog("/x?token")).toBe("/x?token");
  });

  it("hides token-looking path segments and the segment after a token-carrying one", () => {
    expect(redactUrlForLog("/merchant/set-password/abc123")).toBe(
      "/merchant/set-password/[redacted]",
    );
    expect(redactUrlForLog("/reset/Xy7kP2mQ9vR4tW8zA1bC3dE5fG")).toBe("/reset/[redacted]");
    expect(redactUrlForLog("/v/Xy7kP2mQ9vR4tW8zA1bC3dE5fG6hJ")).toBe("/v/[redacted]");
    expect(redactUrlForLog("/v/0123456789abcdef0123456789abcdef")).toBe("/v/[redacted]");
  });

  it("leaves ordinary paths alone: slugs, payment ids, malformed escapes", () => {
    expect(redactUrlForLog("/blog/stablecoins-for-kenyan-merchants-in-2025-a-guide")).toBe(
      "/blog/stablecoins-for-kenyan-merchants-in-2025-a-guide",
    );
    expect(redactUrlForLog("/pay/pay_k3ny4m2q9d7x")).toBe("/pay/pay_k3ny4m2q9d7x");
    expect(redactUrlForLog("/%")).toBe("/%");
    expect(redactUrlForLog(undefined)).toBe("-");
  });
});

describe("batchedLineStream (the access log's writes)", () => {
  it("writes the lines of one turn of the event loop together, in order, at its end", async () => {
    const writes: string[] = [];
    const stream = batchedLineStream({ write: (text: string) => writes.push(text) });
    stream.write("GET / 200\n");
    stream.write("GET /exchange-rates 200\n");
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(["GET / 200\nGET /exchange-rates 200\n"]);
    stream.write("POST /merchant-signin 303\n");
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(["GET / 200\nGET /exchange-rates 200\n", "POST /merchant-signin 303\n"]);
  });

  it("writes what is pending when the process exits", () => {
    const writes: string[] = [];
    const stream = batchedLineStream({ write: (text: string) => writes.push(text) });
    stream.write("GET /healthz 200\n");
    expect(process.listeners("exit")).toContain(stream.flush);
    stream.flush();
    expect(writes).toEqual(["GET /healthz 200\n"]);
    process.removeListener("exit", stream.flush);
  });
});
