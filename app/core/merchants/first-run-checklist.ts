/**
 * The dashboard's first-run checklist (issue 30, item 6): which of the first steps a member's role
 * may do, and which are done. Pure: the facts come from the server's read
 * (first-run.server.ts), the steps' words and links from content/dashboard.ts.
 */
import { firstRunSteps, type FirstRunStepId } from "~/content/dashboard";
import { can, type Permission } from "~/core/accounts/permissions";

/** What is true of the merchant and the signed-in member, one flag per step. */
export type FirstRunFacts = Record<FirstRunStepId, boolean>;

export interface FirstRunStep {
  id: FirstRunStepId;
  label: string;
  hint: string;
  to: string;
  done: boolean;
}

export interface FirstRunChecklist {
  steps: FirstRunStep[];
  done: number;
  total: number;
}

/**
 * The steps `role` may do with their state, or null when there is nothing left to show: every
 * step the role may do is done (or it may do none).
 */
export function firstRunChecklist(role: string, facts: FirstRunFacts): FirstRunChecklist | null {
  const steps = firstRunSteps
    .filter((step) => !step.permission || can(role, step.permission as Permission))
    .map(({ id, label, hint, to }) => ({ id, label, hint, to, done: facts[id] }));
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;
  return { steps, done, total: steps.length };
}
