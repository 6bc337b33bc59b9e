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
