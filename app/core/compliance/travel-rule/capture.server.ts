/**
 * Capturing the travel rule's data for a crypto refund (ADR 0060): value it in USD, and when it is
 * worth USD 1,000 or more demand the beneficiary and build the IVMS101 record with the merchant
 * (from its approved application: legal name, registration number, country, address) as the
 * originator. Below the threshold nothing is required and nothing is stored.
 */
import { desc, eq } from "drizzle-orm";
import { merchantApplications, merchants } from "../../../../drizzle/schema";
import { first } from "~/db/sql";
import type { Handle } from "~/db/store";
import { formatUsdCents } from "~/utils/format";
import {
  ivms101Of,
  TRAVEL_RULE_THRESHOLD_USD,
  type BeneficiaryInput,
  type OriginatorInput,
  type TravelRuleRecord,
} from "./ivms101";
import { currentUsdKes, valuationOf, type TravelRuleValuation } from "./valuation.server";

/** The merchant as the travel rule names it: the newest approved application's details. */
export async function originatorOf(q: Handle, merchantId: string): Promise<OriginatorInput> {
  const merchant = await first(
    q
      .select({ id: merchants.id, businessName: merchants.businessName })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .limit(1),
  );
  const application = await first(
    q
      .select({
        businessName: merchantApplications.businessName,
        registrationNumber: merchantApplications.registrationNumber,
        country: merchantApplications.country,
        city: merchantApplications.city,
        businessAddress: merchantApplications.businessAddress,
      })
      .from(merchantApplications)
      .where(eq(merchantApplications.merchantId, merchantId))
      .orderBy(desc(merchantApplications.createdAt))
      .limit(1),
  );
  return {
    merchantId,
    legalName: merchant?.businessName ?? application?.businessName ?? merchantId,
    registrationNumber: application?.registrationNumber ?? null,
    country: application?.country ?? null,
    address: application?.businessAddress ?? null,
    town: application?.city ?? null,
  };
}

/** The refund's value against the threshold, at the USD/KES rate the app has now. */
export async function travelRuleValuation(q: Handle, kesCents: bigint) {
  return valuationOf(kesCents, await currentUsdKes(q));
}

/** The member's words when the beneficiary is missing. */
export function beneficiaryRequiredMessage(valuation: TravelRuleValuation): string {
  return `This refund is worth about ${formatUsdCents(valuation.usdCents)}: for USD ${TRAVEL_RULE_THRESHOLD_USD.toLocaleString("en-KE")} or more the law (the travel rule) needs the customer's name and where their wallet is. Enter them with the refund.`;
}

/** The record to store with the refund. */
export async function travelRuleRecordOf(
  q: Handle,
  input: {
    merchantId: string;
    destination: string;
    beneficiary: BeneficiaryInput;
    valuation: TravelRuleValuation;
    now: number;
  },
): Promise<TravelRuleRecord> {
  const originator = await originatorOf(q, input.merchantId);
  return {
    standard: "IVMS101.2020",
    ivms101: ivms101Of(originator, input.beneficiary, input.destination),
    beneficiaryWallet: input.beneficiary.wallet,
    valuation: {
      thresholdUsd: TRAVEL_RULE_THRESHOLD_USD,
      kesCents: input.valuation.kesCents.toString(),
      usdCents: input.valuation.usdCents.toString(),
      usdKes: input.valuation.usdKes.rate,
      usdKesSource: input.valuation.usdKes.source,
    },
    capturedAt: input.now,
  };
}
