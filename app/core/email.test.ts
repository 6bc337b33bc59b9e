import { afterAll, describe, expect, it } from "vitest";
import { outboundEmails } from "../../drizzle/schema";
import { createTestDb } from "../../tests/setup/db";
import { deliverPendingEmails, queueEmail, type Mailer } from "./email.server";

const { db, close } = createTestDb();
afterAll(close);

describe("outbound e-mail", () => {
  it("keeps every message, sends what waits, and records failures for a retry", async () => {
    queueEmail(db, { to: "a@shop.example", subject: "One", text: "first" });
    queueEmail(db, { to: "b@shop.example", subject: "Two", text: "second" });
    const sent: string[] = [];
    const flaky: Mailer = {
      async send(message) {
        if (message.to.startsWith("b@")) throw new Error("mailbox unavailable");
        sent.push(message.to);
      },
    };
    expect(await deliverPendingEmails(db, flaky, "OneHop <no-reply@onehop.test>")).toBe(1);
    expect(sent).toEqual(["a@shop.example"]);
    const rows = db.select().from(outboundEmails).all();
    expect(rows.find((r) => r.toAddress === "a@shop.example")?.sentAt).not.toBeNull();
    expect(rows.find((r) => r.toAddress === "b@shop.example")).toMatchObject({
      sentAt: null,
      attempts: 1,
      lastError: "mailbox unavailable",
    });
    // A second run sends only what is still waiting.
    const reliable: Mailer = {
      async send(message) {
        sent.push(message.to);
      },
    };
    expect(await deliverPendingEmails(db, reliable, "OneHop <no-reply@onehop.test>")).toBe(1);
    expect(sent).toEqual(["a@shop.example", "b@shop.example"]);
  });
});
