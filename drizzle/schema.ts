/**
 * The database schema (SQLite), one module per area. Times are UTC epoch milliseconds; money is
 * integer minor units; rates are decimal strings. Change a module, run `npm run db:generate`,
 * review the SQL, commit both.
 */
export * from "./schema/jobs";
export * from "./schema/merchants";
export * from "./schema/kyb";
export * from "./schema/rates";
export * from "./schema/news";
export * from "./schema/destinations";
export * from "./schema/payments";
export * from "./schema/ledger";
export * from "./schema/simulators";
export * from "./schema/api";
export * from "./schema/disbursements";
export * from "./schema/reconciliation";
export * from "./schema/refunds";
export * from "./schema/funding";
export * from "./schema/compliance";
