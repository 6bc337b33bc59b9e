/**
 * Compliance on the process's store (issue 31; ADR 0055): the case queue, a case, notes and
 * decisions, with what releasing each kind of hold does.
 */
import {
  addCaseNote,
  caseQueue,
  decideCase,
  readCase,
  type ReleaseHold,
} from "~/core/compliance/cases.server";
import type { HoldTarget } from "~/core/compliance/vocabulary";
import { releaseHeldPayment } from "~/core/payments/sanctions-hold.server";
import { rescreenParties, screenMerchant } from "~/core/compliance/screening/parties.server";
import type { ScreeningContext } from "~/core/compliance/vocabulary";
import { logger } from "~/utils/logger.server";
import { bindStore, store } from "./store.server";

/** What a cleared case's release does to each kind of target it held. */
export const holdReleases: Partial<Record<HoldTarget, ReleaseHold>> = {
  payment: releaseHeldPayment,
};

export function compliance() {
  const current = store();
  return {
    ...bindStore(current, { caseQueue, readCase, addCaseNote }),
    decideCase: (input: Parameters<typeof decideCase>[2]) =>
      decideCase(current, holdReleases, input),
  };
}

let rescreening: Promise<void> | null = null;
let again = false;

/**
 * A list changed (ADR 0055): screen every waiting application and every merchant again, in the
 * background (the import that changed it does not wait), one run at a time; a change during a run
 * runs it once more after.
 */
export function rescreenAfterListChange(): Promise<void> {
  if (rescreening) {
    again = true;
    return rescreening;
  }
  rescreening = (async () => {
    do {
      again = false;
      try {
        const { screened, hits } = await rescreenParties(store(), Date.now());
        logger.info("sanctions: parties screened again after a list change", { screened, hits });
      } catch (error) {
        logger.error("sanctions: screening again after a list change failed", {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    } while (again);
  })().finally(() => {
    rescreening = null;
  });
  return rescreening;
}

/**
 * Screen a merchant again after one of its people changed (a director or owner in Settings, a
 * member joining): best effort, logged on failure; the next list change screens everyone again.
 */
export async function screenMerchantAfterChange(
  merchantId: string,
  context: ScreeningContext,
): Promise<void> {
  await screenMerchant(store(), merchantId, context, Date.now()).catch((error: unknown) =>
    logger.error("screening a merchant after a change failed", {
      merchantId,
      context,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
}
