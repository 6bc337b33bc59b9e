/**
 * A verification that could not start (the bank did not answer the account lookup) is tried again
 * by the payments run once VERIFICATION_RETRY_MS has passed, not before, and never twice at once;
 * when the bank answers, the owner gets the name to confirm. Through the PesaLink simulator over
 * HTTP, against a real migrated database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDestination } from "~/core/destinations/destinations.server";
import type { PayoutRails } from "~/core/rails/types";
import { createTestDb, testStore } from "../../../tests/setup/db";
import { insertDestination, startPesalinkRail } from "../../../tests/setup/destinations";
import { addMerchant } from "../../../tests/setup/payments";
import {
  retryStalledVerifications,
  startVerification,
  VERIFICATION_RETRY_MS,
} from "./verification.server";

const test = createTestDb();
const { db } = test;
const clock = { now: Date.UTC(2026, 10, 27, 6, 0) };
const now = () => clock.now;
const ACCOUNT = "1450160600042";
let pesalink: Awaited<ReturnType<typeof startPesalinkRail>>;
let rails: PayoutRails;

beforeAll(async () => {
  pesalink = await startPesalinkRail(now, {
    [ACCOUNT]: { name: "Wanjiru Traders Ltd", outcome: "bank-down" },
  });
  rails = { pesalink: pesalink.rail };
});
afterAll(async () => {
  await pesalink.close();
  test.close();
});

describe("retrying a verification that could not start", () => {
  it("waits, tries again once the bank answers, and hands the owner the name", async () => {
    const merchantId = "MRC-VRTY22";
    addMerchant(db, merchantId, "254712345678");
    const destination = insertDestination(
      db,
      merchantId,
      {
        rail: "pesalink",
        bankCode: "68",
        accountNumber: ACCOUNT,
        accountName: "Wanjiru Traders",
        status: "verifying",
      },
      now(),
    );
    // When it was added, the bank did not answer.
    expect(await startVerification(testStore(db), rails, destination, now)).toMatchObject({
      kind: "unavailable",
    });
    // Not yet due: nothing is tried.
    clock.now += VERIFICATION_RETRY_MS - 1;
    expect(await retryStalledVerifications(testStore(db), rails, now)).toBe(0);

    // Due, and the bank is still down: tried, still verifying, and not due again at once.
    clock.now += 1;
    expect(await retryStalledVerifications(testStore(db), rails, now)).toBe(1);
    expect(await getDestination(testStore(db), merchantId, destination.id)).toMatchObject({
      status: "verifying",
      updatedAt: now(),
    });
    expect(await retryStalledVerifications(testStore(db), rails, now)).toBe(0);

    // The bank answers again: the next due run finds the name for the owner to confirm.
    pesalink.sim.setAccount(ACCOUNT, { name: "Wanjiru Traders Ltd" });
    clock.now += VERIFICATION_RETRY_MS;
    const [first, second] = await Promise.all([
      retryStalledVerifications(testStore(db), rails, now),
      retryStalledVerifications(testStore(db), rails, now),
    ]);
    expect(first + second).toBe(1);
    expect(await getDestination(testStore(db), merchantId, destination.id)).toMatchObject({
      status: "confirm_name",
      registeredName: "Wanjiru Traders Ltd",
    });
    expect(await retryStalledVerifications(testStore(db), rails, now)).toBe(0);
  });

  it("leaves a destination on a rail not running here alone", async () => {
    const merchantId = "MRC-VRTY23";
    addMerchant(db, merchantId, "254712345678");
    const destination = insertDestination(
      db,
      merchantId,
      { rail: "airtel-money", phone: "+254733123456", status: "verifying" },
      now(),
    );
    clock.now += VERIFICATION_RETRY_MS;
    expect(await retryStalledVerifications(testStore(db), rails, now)).toBe(0);
    expect(await getDestination(testStore(db), merchantId, destination.id)).toMatchObject({
      status: "verifying",
      updatedAt: destination.updatedAt,
    });
  });
});
