/**
 * Operator roles. Isomorphic (no database, no node): the schema (drizzle/schema/merchants.ts)
 * builds its enum column from this list; the operator console and scripts import it from here
 * (docs/decisions/0020-import-boundaries.md).
 */

export const operatorRoles = ["admin", "reviewer", "curator"] as const;
export type OperatorRole = (typeof operatorRoles)[number];
