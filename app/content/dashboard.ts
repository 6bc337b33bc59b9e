/**
 * The merchant dashboard's words (issue 30, item 6): the first-run checklist's steps, the greeting
 * and the empty states. One place; the page and its tests read them from here.
 */
import * as paths from "~/utils/paths";

export type FirstRunStepId = "settlement" | "team" | "twoFactor" | "firstPayment" | "apiKey";

export interface FirstRunStepContent {
  id: FirstRunStepId;
  label: string;
  /** Why the step matters, in one sentence. */
  hint: string;
  /** Where the step is done. */
  to: string;
  /**
   * The permission (core/accounts/permissions.ts, a string here: content imports no core module)
   * a member's role needs to do the step; none: every member can.
   */
  permission?: string;
}

/** In the order a new merchant does them. */
export const firstRunSteps: readonly FirstRunStepContent[] = [
  {
    id: "settlement",
    label: "Add your settlement number",
    hint: "We pay you in KES to it. Until you add one, your customers' payments wait with us.",
    to: paths.merchantSettings,
    permission: "payout_destination:manage",
  },
  {
    id: "team",
    label: "Invite your team",
    hint: "Cashiers create payments; finance staff see balances and payouts.",
    to: paths.merchantTeam,
    permission: "team:manage",
  },
  {
    id: "twoFactor",
    label: "Turn on two-factor sign-in",
    hint: "A code from your phone as well as your password when you sign in.",
    to: paths.merchantTwoFactor,
  },
  {
    id: "firstPayment",
    label: "Take your first payment",
    hint: "Create a payment and share its checkout link with your customer.",
    to: paths.newMerchantPayment,
    permission: "payments:create",
  },
  {
    id: "apiKey",
    label: "Create an API key",
    hint: "For your website or till to create payments by itself.",
    to: paths.merchantDevelopers,
    permission: "developers:manage",
  },
];

export const dashboardText = {
  checklistTitle: "Get started",
  /** "2 of 5 done". */
  progress: (done: number, total: number) => `${done} of ${total} done`,
  stepDone: "Done",
  stepToDo: "To do",
  /** A member who has signed in before. */
  welcomeBack: (name: string) => `Welcome back, ${name}`,
  /** A member's first time here. */
  welcome: (name: string) => `Welcome, ${name}`,
  noPaymentsTitle: "No payments yet",
  noPaymentsBody: "Your figures for the month appear here after your first payment.",
  noTestPaymentsBody: "Test payments are made with a test API key; their figures appear here.",
  createPayment: "Create Payment",
  noFinishedPayments: "None finished this month",
  fromLastMonth: "from last month",
} as const;
