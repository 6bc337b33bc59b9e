/**
 * Topping up the payout balance (issue 30): OneHop's collection account that merchants send bank
 * transfers to (PesaLink or any transfer to it), and the words of the top-up page. The one source:
 * the page, the README and the docs take these. The account number is the one the PesaLink
 * simulator reports as ours; a live deployment puts its bank's details here.
 */
import { company } from "./company";

export const collectionAccount = {
  bankName: "Equity Bank Kenya",
  accountName: `${company.legalName} - Collections`,
  accountNumber: "1100000001",
  branch: "Westlands",
} as const;

/** How each top-up came in, as the page lists it. */
export const topUpMethodLabels = {
  mpesa_stk: "M-Pesa prompt",
  mpesa_paybill: "M-Pesa Pay Bill",
  bank: "Bank transfer",
} as const;

/** A top-up's state in words, and its badge's tone. */
export const topUpStatusLabels = {
  requested: { label: "Waiting for the PIN", tone: "warning" },
  succeeded: { label: "Added to your balance", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
  unmatched: { label: "Held for checking", tone: "neutral" },
} as const;

export const topUpContent = {
  title: "Top up your balance",
  intro:
    "Put money into your OneHop balance to pay out from it. A top-up shows on your statement and in Available to pay out as soon as the money arrives.",
  paybillTitle: "Pay Bill from M-Pesa",
  bankTitle: "Bank transfer",
  stkTitle: "Send a prompt to a phone",
  stkIntro:
    "We send an M-Pesa prompt to the phone: enter the M-Pesa PIN there and the money is added to your balance.",
  stkSent: "Check the phone: enter the M-Pesa PIN to top up",
  recentTitle: "Recent top-ups",
  none: "No top-ups yet.",
  simulatorNote: "No real money moves: these buttons run on the simulators.",
  simulatePaybill: "Pay the Paybill from a test phone (simulator)",
  simulateBank: "Send a bank transfer (simulator)",
} as const;
