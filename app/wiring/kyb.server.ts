/**
 * KYB in the running app (issue 31, item 6; ADR 0058): a merchant's directors and owners in
 * Settings (each change screened against the sanctions lists), the operators' tier and document
 * decisions, the reviews due, and the daily job that reminds merchants whose review is due.
 */
import {
  addParty,
  listParties,
  removeParty,
  updateParty,
  type PartyActor,
} from "~/core/kyb/parties.server";
import type { PartyInput } from "~/core/kyb/party-schema";
import {
  merchantKyb,
  reviewsDue,
  sendReviewReminders,
  setDocumentDetails,
  setMerchantTier,
} from "~/core/kyb/reviews.server";
import { schedule } from "~/utils/jobs.server";
import { logger } from "~/utils/logger.server";
import type { BootContext } from "./context";
import { screenMerchantAfterChange } from "./compliance.server";
import { bindStore, store } from "./store.server";

/** Daily at 08:00 in Nairobi, after the night's list imports. */
export const KYB_REMINDER_CRON = "0 0 8 * * *";
export const KYB_REMINDER_JOB = "kyb-review-reminders";

export function kyb() {
  const on = store();
  return {
    ...bindStore(on, { listParties, setMerchantTier, setDocumentDetails, reviewsDue, merchantKyb }),
    addParty: async (actor: PartyActor, input: PartyInput) => {
      const id = await addParty(on, actor, input);
      await screenMerchantAfterChange(actor.merchantId, "manual");
      return id;
    },
    updateParty: async (actor: PartyActor, partyId: string, input: PartyInput) => {
      await updateParty(on, actor, partyId, input);
      await screenMerchantAfterChange(actor.merchantId, "manual");
    },
    removeParty: (actor: PartyActor, partyId: string) => removeParty(on, actor, partyId),
  };
}

export function startKyb(context: BootContext): void {
  schedule({
    name: KYB_REMINDER_JOB,
    pattern: KYB_REMINDER_CRON,
    timezone: "Africa/Nairobi",
    run: async () => {
      const sent = await sendReviewReminders(context.store, Date.now());
      logger.info("kyb: review reminders sent", { merchants: sent });
    },
  });
}
