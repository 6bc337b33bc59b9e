/**
 * Rows for report tests (ADR 0057): a merchant with its application (registration number) and
 * parties, a live payment received from an address, a paid payout row, a USD/KES rate; written
 * directly, as the reports read them.
 */
import {
  businessParties,
  disbursementBatches,
  disbursementRows,
  fxSnapshots,
  merchantApplications,
  merchants,
  payments,
} from "../../drizzle/schema";
import type { Db } from "../../app/db/sqlite-connection.server";

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export function addReportedMerchant(db: Db, id: string) {
  db.insert(merchants)
    .values({
      id,
      businessName: `Duka ${id} Limited`,
      contactEmail: `${id.toLowerCase()}@duka.example`,
      kraPin: "P051234567Q",
      createdAt: 0,
    })
    .run();
  db.insert(merchantApplications)
    .values({
      id: `app_${next()}`,
      reference: `APP-${next().toUpperCase()}`,
      status: "approved",
      businessName: `Duka ${id} Limited`,
      businessType: "Retail",
      registrationNumber: "PVT-AB1234CD",
      contactName: "Wanjiku Kamau",
      email: `${id.toLowerCase()}@duka.example`,
      emailNormalized: `${id.toLowerCase()}-${next()}@duka.example`,
      countryCode: "KE",
      phone: "254712345678",
      businessAddress: "Moi Avenue 12",
      country: "Kenya",
      city: "Nairobi",
      agreedToTerms: true,
      agreedToNewsletter: false,
      createdAt: 0,
      merchantId: id,
    })
    .run();
  db.insert(businessParties)
    .values([
      {
        id: `pty_${next()}`,
        merchantId: id,
        role: "director",
        fullName: "Wanjiku Mary Kamau",
        nationality: "KE",
        idNumber: "23456789",
        dateOfBirth: "1985-04-12",
        createdAt: 0,
        updatedAt: 0,
      },
      {
        id: `pty_${next()}`,
        merchantId: id,
        role: "owner",
        fullName: "Otieno Odhiambo",
        nationality: "KE",
        ownershipBps: 6000,
        createdAt: 0,
        updatedAt: 0,
      },
    ])
    .run();
}

export function addReceivedPayment(
  db: Db,
  input: {
    merchantId: string;
    amountKesCents: bigint;
    at: number;
    mode?: "live" | "test";
    from?: string;
    id?: string;
  },
): string {
  const id = input.id ?? `pay_${next()}`;
  db.insert(payments)
    .values({
      id,
      merchantId: input.merchantId,
      mode: input.mode ?? "live",
      reference: `INV-${id.slice(-6)}`,
      asset: "USDT",
      network: "tron",
      amountKesCents: input.amountKesCents,
      feeKesCents: 0n,
      quoteRate: "129.5",
      marketRate: "129.5",
      spreadBps: 0,
      rateSource: "test",
      rateFetchedAt: input.at,
      cryptoAmountUnits: 1_000_000n,
      quotedAt: input.at,
      expiresAt: input.at + 900_000,
      status: "settled",
      depositAddress: `TDeposit${id}`,
      custodyTxId: `0x${id}tx`,
      payerAddress: input.from ?? "TE3mCcPULjPUE7ykX7RArDPAhyahoy3d2j",
      receivedUnits: 1_000_000n,
      createdAt: input.at,
      updatedAt: input.at,
      confirmedAt: input.at,
    })
    .run();
  return id;
}

export function addPaidPayout(
  db: Db,
  input: { merchantId: string; amountKesCents: bigint; at: number; mode?: "live" | "test" },
): string {
  const batchId = `dsb_${next()}`;
  const id = `dsr_${next()}`;
  db.insert(disbursementBatches)
    .values({
      id: batchId,
      merchantId: input.merchantId,
      mode: input.mode ?? "live",
      kind: "single",
      status: "completed",
      title: "Supplier",
      createdBy: "usr_test",
      createdAt: input.at,
      updatedAt: input.at,
    })
    .run();
  db.insert(disbursementRows)
    .values({
      id,
      batchId,
      line: 1,
      rawRecipient: "0712345678",
      rawRail: "mpesa",
      rawAmount: "1",
      rawReference: "SUP-1",
      rawName: "Juma Supplies",
      rawBankCode: "",
      status: "paid",
      rail: "mpesa",
      phone: "254712345678",
      amountKesCents: input.amountKesCents,
      reference: "SUP-1",
      name: "Juma Supplies",
      registeredName: "JUMA SUPPLIES",
      receipt: `R${id.slice(-8).toUpperCase()}`,
      completedAt: input.at,
      updatedAt: input.at,
    })
    .run();
  return id;
}

export function addUsdKesRate(db: Db, rate: string, asOf: number) {
  db.insert(fxSnapshots)
    .values({ pair: "USD/KES", rate, source: "open-er-api", asOf, fetchedAt: asOf })
    .run();
}
