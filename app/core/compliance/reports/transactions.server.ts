/**
 * What a report tells of a transaction (ADR 0057): a payment with its on-chain deposit (from and
 * to address, asset, amounts, KES value) or an M-Pesa collection, and a payout with its recipient,
 * each with the merchant as a goAML entity (registration number, KRA PIN, directors and beneficial
 * owners from `business_parties`). Reads only, in the caller's transaction.
 */
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import {
  businessParties,
  disbursementBatches,
  disbursementRows,
  merchantApplications,
  merchants,
  mpesaCollections,
  payments,
} from "../../../../drizzle/schema";
import { company } from "~/content/company";
import { formatCryptoUnits, type QuoteAsset } from "~/core/payments/quote";
import { first } from "~/db/sql";
import type { Handle } from "~/db/store";
import { goaml } from "./goaml-settings";
import type { GoamlEntity, GoamlPerson, GoamlTransaction } from "./goaml-xml";

export type PaymentRow = typeof payments.$inferSelect;
export type PayoutRow = typeof disbursementRows.$inferSelect & { merchantId: string };

/** A full name as goAML's first and last names ("Wanjiku Mary Kamau": "Wanjiku Mary", "Kamau"). */
export function splitName(full: string): Pick<GoamlPerson, "firstName" | "lastName"> {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1)
    return { firstName: words[0] ?? "Unknown", lastName: words[0] ?? "Unknown" };
  return { firstName: words.slice(0, -1).join(" "), lastName: words[words.length - 1]! };
}

const iso2 = (value: string | null) => (value && /^[A-Z]{2}$/.test(value) ? value : null);
/** goAML's `email_address` pattern: an address it would refuse is left out. */
export const EMAIL =
  /^[_a-zA-Z0-9+-]+(\.[_a-zA-Z0-9+-]+)*@[a-zA-Z0-9-]+(\.[a-zA-Z0-9-]+)*\.[a-zA-Z]{2,15}$/;

/** The merchant as goAML's entity, with its directors and beneficial owners when we have them. */
export async function merchantEntity(q: Handle, merchantId: string): Promise<GoamlEntity> {
  const merchant = await first(
    q.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1),
  );
  const application = await first(
    q
      .select()
      .from(merchantApplications)
      .where(eq(merchantApplications.merchantId, merchantId))
      .orderBy(desc(merchantApplications.createdAt))
      .limit(1),
  );
  const parties = await q
    .select()
    .from(businessParties)
    .where(and(eq(businessParties.merchantId, merchantId), isNull(businessParties.removedAt)))
    .orderBy(businessParties.createdAt, businessParties.id);
  const email = merchant?.contactEmail ?? application?.email ?? null;
  return {
    name: merchant?.businessName ?? application?.businessName ?? merchantId,
    incorporationNumber: application?.registrationNumber ?? null,
    business: application?.businessType ?? null,
    email: email && EMAIL.test(email) ? email : null,
    address: application
      ? {
          type: "BU",
          address: application.businessAddress ?? application.city,
          city: application.city,
          country: iso2(application.countryCode) ?? goaml.country,
          state: application.city,
        }
      : null,
    country: iso2(application?.countryCode ?? null) ?? goaml.country,
    directors: parties.map((party) => ({
      ...splitName(party.fullName),
      birthdate:
        party.dateOfBirth && /^\d{4}-\d{2}-\d{2}$/.test(party.dateOfBirth)
          ? party.dateOfBirth
          : null,
      idNumber: party.idNumber,
      nationality: iso2(party.nationality),
      role: party.role === "owner" ? ("UBO" as const) : ("DIR" as const),
    })),
    taxNumber: merchant?.kraPin ?? null,
  };
}

/** Merchant entities read once per report. */
export function entityCache(q: Handle): (merchantId: string) => Promise<GoamlEntity> {
  const cache = new Map<string, Promise<GoamlEntity>>();
  return (merchantId) => {
    let found = cache.get(merchantId);
    if (!found) {
      found = merchantEntity(q, merchantId);
      cache.set(merchantId, found);
    }
    return found;
  };
}

/** When a payment happened for a report: when it was confirmed (received), else made. */
export const paymentTime = (payment: PaymentRow) => payment.confirmedAt ?? payment.createdAt;
/** When a payout happened: when it was paid, else last changed. */
export const payoutTime = (row: PayoutRow) => row.completedAt ?? row.updatedAt;

/** A payment as a goAML transaction: from the payer's wallet (or phone) to the merchant. */
export async function paymentTransaction(
  q: Handle,
  payment: PaymentRow,
  entity: GoamlEntity,
  comments?: string,
): Promise<GoamlTransaction> {
  const merchantAccount = (account: string) => ({
    institutionName: company.legalName,
    institutionCode: company.brand.toUpperCase(),
    account,
    accountName: entity.name,
    entity,
  });
  if (payment.paidWith === "mpesa") {
    const prompt = await first(
      q
        .select()
        .from(mpesaCollections)
        .where(
          and(eq(mpesaCollections.paymentId, payment.id), eq(mpesaCollections.status, "succeeded")),
        )
        .limit(1),
    );
    return {
      number: payment.id,
      internalRef: prompt?.receipt ?? null,
      description: `M-Pesa payment ${payment.id} (reference ${payment.reference}) from ${prompt?.phone ?? "an unknown phone"}${prompt?.receipt ? `, M-Pesa receipt ${prompt.receipt}` : ""}.`,
      at: paymentTime(payment),
      transmode: goaml.transmode.electronic,
      amountKesCents: payment.amountKesCents,
      from: {
        fundsCode: goaml.funds.electronic,
        party: {
          account: {
            institutionName: "M-Pesa",
            institutionCode: "MPESA",
            account: prompt?.phone ?? "unknown",
            accountName: "Payer",
          },
        },
        country: goaml.country,
      },
      to: {
        fundsCode: goaml.funds.electronic,
        party: { account: merchantAccount(payment.merchantId) },
        country: goaml.country,
      },
      comments,
    };
  }
  const asset = payment.asset as QuoteAsset;
  const units = payment.receivedUnits ?? payment.cryptoAmountUnits;
  const crypto = `${formatCryptoUnits(units, asset)} ${asset}`;
  const from = payment.payerAddress ?? "an unknown address";
  const to = payment.depositAddress ?? "no deposit address";
  return {
    number: payment.id,
    internalRef: payment.custodyTxId,
    description:
      `Crypto payment ${payment.id} (reference ${payment.reference}): ${crypto} on ${payment.network} ` +
      `from ${from} to ${to}` +
      (payment.custodyTxId ? `, transaction ${payment.custodyTxId}` : "") +
      `; quoted ${formatCryptoUnits(payment.cryptoAmountUnits, asset)} ${asset} at KES ${payment.quoteRate} per ${asset}.`,
    at: paymentTime(payment),
    transmode: goaml.transmode.crypto,
    amountKesCents: payment.amountKesCents,
    from: {
      fundsCode: goaml.funds.crypto,
      fundsComment: crypto,
      party: {
        account: {
          institutionName: `${payment.network} network`,
          institutionCode: payment.network.toUpperCase(),
          account: payment.payerAddress ?? "unknown",
          accountName: "Payer's wallet",
          accountType: goaml.cryptoWalletAccountType,
        },
      },
      // Where an unhosted wallet's holder lives is not known.
      country: "-",
    },
    to: {
      fundsCode: goaml.funds.crypto,
      fundsComment: crypto,
      party: {
        account: {
          ...merchantAccount(to),
          accountType: goaml.cryptoWalletAccountType,
        },
      },
      country: goaml.country,
    },
    comments,
  };
}

const railNames: Record<string, string> = {
  mpesa: "M-Pesa",
  "airtel-money": "Airtel Money",
  "t-kash": "T-Kash",
  pesalink: "PesaLink",
};

/** A payout as a goAML transaction: from the merchant to the recipient's phone or account. */
export function payoutTransaction(
  row: PayoutRow,
  entity: GoamlEntity,
  comments?: string,
): GoamlTransaction {
  const rail = row.rail ?? "mpesa";
  const account = row.phone ?? row.accountNumber ?? row.businessNumber ?? row.rawRecipient;
  const name = row.registeredName ?? row.name ?? row.rawName;
  return {
    number: row.id,
    internalRef: row.receipt,
    description:
      `Payout ${row.id} (batch ${row.batchId}${row.reference ? `, reference ${row.reference}` : ""}) ` +
      `by ${railNames[rail] ?? rail} to ${account}${row.bankCode ? ` (bank ${row.bankCode})` : ""}` +
      `${name ? `, ${name}` : ""}${row.receipt ? `; receipt ${row.receipt}` : ""}.`,
    at: payoutTime(row),
    transmode: goaml.transmode.electronic,
    amountKesCents: row.amountKesCents ?? 0n,
    from: {
      fundsCode: goaml.funds.electronic,
      party: { entity },
      country: goaml.country,
    },
    to: {
      fundsCode: goaml.funds.electronic,
      party: {
        account: {
          institutionName: railNames[rail] ?? rail,
          institutionCode: (row.bankCode ?? rail).toUpperCase(),
          account,
          accountName: name || "Recipient",
        },
      },
      country: goaml.country,
    },
    comments,
  };
}

/** Payments by id, oldest first. */
export async function paymentsByIds(q: Handle, ids: readonly string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  const rows = await q
    .select()
    .from(payments)
    .where(inArray(payments.id, [...ids]));
  return rows.sort((a, b) => paymentTime(a) - paymentTime(b));
}

export const payoutColumns = { row: disbursementRows, merchantId: disbursementBatches.merchantId };

/** Payout rows by id (with their merchant), oldest first. */
export async function payoutsByIds(q: Handle, ids: readonly string[]): Promise<PayoutRow[]> {
  if (ids.length === 0) return [];
  const rows = await q
    .select(payoutColumns)
    .from(disbursementRows)
    .innerJoin(disbursementBatches, eq(disbursementBatches.id, disbursementRows.batchId))
    .where(inArray(disbursementRows.id, [...ids]));
  return rows
    .map(({ row, merchantId }) => ({ ...row, merchantId }))
    .sort((a, b) => payoutTime(a) - payoutTime(b));
}
