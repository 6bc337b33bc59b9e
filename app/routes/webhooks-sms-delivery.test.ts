/**
 * POST /webhooks/sms/delivery (issue 30, item 9): Africa's Talking's delivery reports, accepted
 * only with our token and only about a message we sent; each report stored once, the message's
 * status following it; a bad token, a bad body or a body too large refused without touching
 * anything.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { outboundMessages, smsDeliveryReports } from "../../drizzle/schema";
import { SMS_REPORT_MAX_BYTES } from "~/route-support/sms-report.server";
import { smsReportToken } from "~/wiring/sms.server";
import { installTestDatabase } from "../../tests/setup/db";
import { action, loader } from "./webhooks.sms.delivery";

const { db, close } = installTestDatabase();
afterAll(close);

const URL_BASE = "http://localhost:3000/webhooks/sms/delivery";

function post(body: string, token: string | null, type = "application/x-www-form-urlencoded") {
  const url = token === null ? URL_BASE : `${URL_BASE}?token=${encodeURIComponent(token)}`;
  const request = new Request(url, { method: "POST", headers: { "Content-Type": type }, body });
  return action({ request, params: {}, context: {} });
}

let counter = 0;
function addSent(status: "sent" | "queued" = "sent") {
  const id = `ATXid_${String(++counter).padStart(32, "0")}`;
  db.insert(outboundMessages)
    .values({
      channel: "sms",
      toPhone: "+254712345678",
      body: "OneHop: KES 1.00 received.",
      subjectKey: `sms:test:${counter}`,
      createdAt: 1,
      merchantUserId: "usr_route",
      providerMessageId: id,
      status,
      sentAt: 2,
    })
    .run();
  return id;
}
const messageOf = (id: string) =>
  db.select().from(outboundMessages).where(eq(outboundMessages.providerMessageId, id)).get()!;
const reportsOf = (id: string) =>
  db.select().from(smsDeliveryReports).where(eq(smsDeliveryReports.providerMessageId, id)).all();
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe("the SMS delivery-report route", () => {
  it("a Success report marks the message delivered; the same report again is stored once", async () => {
    const id = addSent();
    const body = form({
      id,
      status: "Success",
      phoneNumber: "+254712345678",
      networkCode: "63902",
      retryCount: "0",
    });
    const response = await post(body, smsReportToken());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "applied" });
    expect(messageOf(id)).toMatchObject({ status: "delivered" });
    const again = await post(body, smsReportToken());
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    expect(reportsOf(id)).toHaveLength(1);
  });

  it("a failed report keeps the reason; a step on the way (Buffered) is stored and changes nothing", async () => {
    const id = addSent();
    await post(form({ id, status: "Buffered", networkCode: "63902" }), smsReportToken());
    expect(messageOf(id).status).toBe("sent");
    await post(
      form({ id, status: "Failed", failureReason: "AbsentSubscriber", retryCount: "1" }),
      smsReportToken(),
    );
    expect(messageOf(id)).toMatchObject({ status: "failed", failureReason: "AbsentSubscriber" });
    // A late Success does not undo a final status.
    await post(form({ id, status: "Success" }), smsReportToken());
    expect(messageOf(id).status).toBe("failed");
    expect(reportsOf(id).map((r) => r.status)).toEqual(["Buffered", "Failed", "Success"]);
  });

  it("a report about a message we did not send is 404 and not stored", async () => {
    const response = await post(form({ id: "ATXid_nobody", status: "Success" }), smsReportToken());
    expect(response.status).toBe(404);
    expect(reportsOf("ATXid_nobody")).toHaveLength(0);
  });

  it("a missing or wrong token is 403, nothing applied", async () => {
    const id = addSent();
    for (const token of [null, "", "not-the-token"]) {
      const response = await post(form({ id, status: "Success" }), token);
      expect(response.status).toBe(403);
    }
    expect(messageOf(id).status).toBe("sent");
    expect(reportsOf(id)).toHaveLength(0);
  });

  it("a bad body is refused without crashing: 400 malformed, 415 not a form, 413 too large; GET is 405", async () => {
    const id = addSent();
    for (const body of [
      "",
      form({ id }),
      form({ id, status: "Delivered" }),
      form({ status: "Success" }),
      form({ id, status: "Success", retryCount: "many" }),
      "%%%",
    ]) {
      expect((await post(body, smsReportToken())).status).toBe(400);
    }
    expect((await post(JSON.stringify({ id }), smsReportToken(), "application/json")).status).toBe(
      415,
    );
    const big = form({ id, status: "Success", padding: "x".repeat(SMS_REPORT_MAX_BYTES) });
    expect((await post(big, smsReportToken())).status).toBe(413);
    expect(messageOf(id).status).toBe("sent");
    expect(loader().status).toBe(405);
  });
});
