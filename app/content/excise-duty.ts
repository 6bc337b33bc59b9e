/**
 * Excise duty on our fees (issue 31, item 7; docs/decisions/0059-excise-duty.md): the Finance Act
 * 2025 charges excise duty at 10% on the fees and commissions of virtual asset service providers
 * (Excise Duty Act, First Schedule, as amended). It is charged on OneHop's own fees only (the C2B
 * collection fee, B2C and B2B payout fees), never on a rail's pass-through charge, and is paid by
 * the merchant on top of the fee. Basis points, like the fees. No imports: the pure excise module
 * and the tariff both read it.
 */
export const exciseDutyBps = 1_000;

/** Excise charged in a month is remitted to the KRA by this day of the following month. */
export const exciseDueDayOfMonth = 20;

/**
 * OneHop's KRA PIN, printed on fee invoices (ADR 0059). Replace with the PIN on the company's KRA
 * certificate before going live.
 */
export const onehopKraPin = "P052183746Q";
