/**
 * The words of settlement destinations (issue 14, item 5), shared by the schema, the core and the
 * pages. Isomorphic.
 *
 * A destination's life: `verifying` (a small test payout is on its way; for a bank, the account
 * name is being asked) -> `confirm_name` (the rail returned the registered name: the owner says
 * whether it is theirs) -> `verified` (payouts may go there, after the cooling-off hold of a
 * destination that is not the first) or `failed` (the rail refused, or the owner did not recognise
 * the name). `removed` keeps the row for the transfers that name it.
 */
export const destinationStatuses = [
  "verifying",
  "confirm_name",
  "verified",
  "failed",
  "removed",
] as const;
export type DestinationStatus = (typeof destinationStatuses)[number];

/**
 * Why a transfer is made: a settlement, the small payout that verifies a destination, or a row of a
 * disbursement (a payout to a third party from the merchant's balance, issue 15), or a refund to
 * the phone an M-Pesa Express payment came from (ADR 0037), or a daily settlement of collections
 * credited to the balance (ADR 0050).
 */
export const transferPurposes = [
  "settlement",
  "verification",
  "disbursement",
  "refund",
  "sweep",
] as const;
export type TransferPurpose = (typeof transferPurposes)[number];
