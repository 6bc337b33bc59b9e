/**
 * Operator roles. Isomorphic (no database, no node): the schema (drizzle/schema/merchants.ts)
 * builds its enum column from this list; the operator console and scripts import it from here
 * (docs/decisions/0020-import-boundaries.md).
 */

/**
 * compliance: sanctions lists, screening, cases and reports to the FRC (issue 31); a case and a
 * report are never shown to a merchant.
 */
export const operatorRoles = ["admin", "reviewer", "curator", "compliance"] as const;
export type OperatorRole = (typeof operatorRoles)[number];
