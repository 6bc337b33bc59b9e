/**
 * The states of a merchant application. Isomorphic (no database, no node): the schema
 * (drizzle/schema/merchants.ts) builds its enum column from this list; routes and components import
 * it from here (docs/decisions/0020-import-boundaries.md).
 */

export const applicationStatuses = ["submitted", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
