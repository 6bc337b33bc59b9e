/**
 * The words of funding payouts (issue 30, item 1): when a merchant's collections are paid out
 * (the settlement policy) and how the payout balance is topped up. Isomorphic: the schema builds
 * its columns from these lists (ADR 0020) and the pages label them.
 */

/** Settle every payment at once (as before), or once a day at a chosen time (one transfer). */
export const settlementSchedules = ["instant", "daily"] as const;
export type SettlementSchedule = (typeof settlementSchedules)[number];

/** What stays in the OneHop balance for payouts: nothing, a percentage of each payment, a float. */
export const balanceKeeps = ["none", "percent", "float"] as const;
export type BalanceKeep = (typeof balanceKeeps)[number];

/** How a top-up arrived: an STK prompt, a payment to our Paybill, a bank transfer (PesaLink). */
export const topUpMethods = ["mpesa_stk", "mpesa_paybill", "bank"] as const;
export type TopUpMethod = (typeof topUpMethods)[number];

/**
 * A top-up's state: requested (an STK prompt sent, waiting for the customer's PIN), succeeded
 * (credited to the balance), failed (the prompt was refused or timed out), unmatched (money came
 * in for no merchant we know: held in suspense for an operator).
 */
export const topUpStatuses = ["requested", "succeeded", "failed", "unmatched"] as const;
export type TopUpStatus = (typeof topUpStatuses)[number];
