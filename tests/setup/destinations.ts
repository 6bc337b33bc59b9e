/**
 * Settlement destinations and rails for tests: a destination in any state, written directly; a
 * rail made "down" the way health.server.ts counts it (failed transfers in its window); a rail's
 * float funded from capital; PesaLink on its simulator over HTTP.
 */
import { generateKeyPairSync } from "node:crypto";
import { settlementDestinations, settlementTransfers } from "../../drizzle/schema";
import { newDestinationId, type Destination } from "~/core/destinations/destinations.server";
import { capital, postTransaction, railFloat } from "~/core/ledger/ledger.server";
import { createPesalinkClient } from "~/core/providers/pesalink/client.server";
import { pesalinkRail } from "~/core/rails/pesalink.server";
import type { PayoutRail, RailId } from "~/core/rails/types";
import { startPesalinkSimulator, type PesalinkSimulator } from "~/simulators/pesalink/index.server";
import type { Db, DbOrTx } from "~/db/sqlite-connection.server";
import { testStore } from "./db";
import { addMerchant, creditAvailable, startPaymentsHarness } from "./payments";

export type DestinationFields = Partial<Omit<Destination, "merchantId">> & { rail: RailId };

/** A destination as given (verified by default, not the default), inserted as it is. */
export function insertDestination(
  db: DbOrTx,
  merchantId: string,
  fields: DestinationFields,
  now = 0,
): Destination {
  const destination: Destination = {
    id: newDestinationId(),
    merchantId,
    phone: null,
    bankCode: null,
    accountNumber: null,
    accountName: null,
    registeredName: null,
    status: "verified",
    failureReason: null,
    verificationTransferId: null,
    isDefault: false,
    splitPercent: null,
    heldUntil: null,
    createdBy: null,
    createdAt: now,
    updatedAt: now,
    verifiedAt: fields.status && fields.status !== "verified" ? null : now,
    removedAt: null,
    ...fields,
  };
  db.insert(settlementDestinations).values(destination).run();
  return destination;
}

let troubleCounter = 0;
/**
 * `count` failed transfers on `rail` a minute before `now`, none paid: the rail is "down" by
 * railHealth (three troubled transfers in the window and none paid since).
 */
export function makeRailDown(
  db: DbOrTx,
  merchantId: string,
  rail: RailId,
  now: number,
  count = 3,
): void {
  for (let i = 0; i < count; i++) {
    const at = now - 60_000;
    troubleCounter++;
    db.insert(settlementTransfers)
      .values({
        id: `trf_trouble${troubleCounter}`,
        merchantId,
        paymentId: null,
        sequence: troubleCounter,
        rail,
        phone: null,
        amountKesCents: 100_000n,
        feeKesCents: 0n,
        status: "failed",
        settlementDay: "2026-11-20",
        attempts: 1,
        createdAt: at,
        updatedAt: at,
        sentAt: at,
        completedAt: at,
      })
      .run();
  }
}

/** Prefund `rail`'s float with `kes` from capital, as the harness funds M-Pesa's. */
export async function fundRailFloat(db: Db, rail: RailId, kes: number): Promise<void> {
  const cents = BigInt(kes) * 100n;
  await postTransaction(testStore(db), {
    idempotencyKey: `test:float:${rail}`,
    kind: "float.funded",
    entries: [
      { account: railFloat(rail), amount: cents },
      { account: capital("KES"), amount: -cents },
    ],
  });
}

/** PesaLink (Jenga-style) on its simulator over HTTP, and the rail on it (as pesalink.test.ts). */
export async function startPesalinkRail(
  now: () => number,
  accounts: Parameters<typeof startPesalinkSimulator>[0]["accounts"] = {},
): Promise<{ sim: PesalinkSimulator; rail: PayoutRail; close: () => Promise<void> }> {
  const keys = () => generateKeyPairSync("rsa", { modulusLength: 2048 });
  const merchant = keys();
  const bank = keys();
  const creds = {
    apiKey: "rail-api-key",
    merchantCode: "1835512942",
    consumerSecret: "rail-secret",
  };
  const source = { name: "OneHop Ltd", accountNumber: "0170199740087" };
  const sim = await startPesalinkSimulator({
    ...creds,
    clientPublicKey: merchant.publicKey,
    bankPrivateKey: bank.privateKey,
    now,
    seed: 11,
    accounts,
  });
  const rail = pesalinkRail(
    createPesalinkClient({
      baseUrl: sim.baseUrl,
      ...creds,
      privateKey: merchant.privateKey,
      sourceAccountNumber: source.accountNumber,
      sourceName: source.name,
      timeoutMs: 5_000,
      now,
    }),
    source,
  );
  return { sim, rail, close: () => sim.close() };
}

/**
 * Payouts over PesaLink for name-check tests: the payments harness, a PesaLink rail whose bank
 * answers name checks for `accounts`, its float funded, and `merchantId` with `kes` to pay out.
 * Close `pesalink` and `h` after the tests.
 */
export async function startPesalinkPayouts(
  db: Db,
  merchantId: string,
  accounts: Parameters<typeof startPesalinkRail>[1],
  kes = 500_000,
) {
  const h = await startPaymentsHarness(db);
  const pesalink = await startPesalinkRail(() => h.clock.now, accounts);
  await fundRailFloat(db, "pesalink", 1_000_000);
  addMerchant(db, merchantId);
  await creditAvailable(db, merchantId, kes);
  return { h, pesalink, rails: { ...h.rails, pesalink: pesalink.rail } };
}
