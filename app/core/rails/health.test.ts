/**
 * A rail's health from our own transfers on it over the last half hour: idle with none, up while
 * they are paid, degraded when a third or more are in trouble, down when several are in trouble and
 * none was paid since, and up again once one is paid. Other rails and older transfers do not count.
 */
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { settlementTransfers } from "../../../drizzle/schema";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { addMerchant } from "../../../tests/setup/payments";
import { HEALTH_WINDOW_MS, railHealthOn } from "./health.server";

const { db, close } = createTestDb();
afterAll(close);
const SHOP = "MRC-HLT4H2";
addMerchant(db, SHOP);
const NOW = Date.UTC(2026, 10, 26, 9, 0);
const MINUTE = 60_000;
const railHealth = (rail: "mpesa" | "airtel-money", now: number) =>
  testStore(db).read((q) => railHealthOn(q, rail, now));

let next = 0;
type Status = "pending" | "sent" | "succeeded" | "failed";
function transfer(status: Status, minutesAgo: number, extra: { attempts?: number } = {}) {
  const at = NOW - minutesAgo * MINUTE;
  db.insert(settlementTransfers)
    .values({
      id: `trf_health${++next}`,
      merchantId: SHOP,
      paymentId: null,
      sequence: next,
      rail: "mpesa",
      phone: "254712345678",
      amountKesCents: 100_000n,
      feeKesCents: 0n,
      status,
      settlementDay: "2026-11-26",
      attempts: extra.attempts ?? 1,
      createdAt: at,
      updatedAt: at,
      sentAt: status === "pending" ? null : at,
      completedAt: status === "succeeded" || status === "failed" ? at : null,
    })
    .run();
}

beforeEach(() => db.delete(settlementTransfers).run());

describe("railHealth", () => {
  it("is idle with no transfer in the window (an old one does not count)", async () => {
    transfer("failed", HEALTH_WINDOW_MS / MINUTE + 5);
    expect(await railHealth("mpesa", NOW)).toMatchObject({ status: "idle", failed: 0 });
  });

  it("is up while transfers are paid, and remembers the last payment", async () => {
    transfer("succeeded", 20);
    transfer("succeeded", 2);
    transfer("sent", 1); // sent a minute ago: not yet late
    expect(await railHealth("mpesa", NOW)).toEqual({
      rail: "mpesa",
      status: "up",
      succeeded: 2,
      failed: 0,
      unanswered: 0,
      retrying: 0,
      lastSucceededAt: NOW - 2 * MINUTE,
    });
  });

  it("is degraded when a third of the window's transfers are failed, late or retrying", async () => {
    transfer("succeeded", 20);
    transfer("succeeded", 15);
    transfer("failed", 10);
    expect((await railHealth("mpesa", NOW)).status).toBe("degraded");
  });

  it("is down after several troubles with nothing paid since, and up again once one is paid", async () => {
    transfer("succeeded", 25);
    transfer("failed", 20);
    transfer("sent", 12); // unanswered past the answer time
    transfer("pending", 8, { attempts: 3 }); // the rail gave no usable answer, twice
    expect(await railHealth("mpesa", NOW)).toMatchObject({
      status: "down",
      failed: 1,
      unanswered: 1,
      retrying: 1,
      lastSucceededAt: NOW - 25 * MINUTE,
    });
    transfer("succeeded", 1);
    expect((await railHealth("mpesa", NOW)).status).toBe("degraded");
  });

  it("counts only its own rail", async () => {
    transfer("failed", 5);
    transfer("failed", 4);
    transfer("failed", 3);
    expect((await railHealth("mpesa", NOW)).status).toBe("down");
    expect((await railHealth("airtel-money", NOW)).status).toBe("idle");
  });
});
