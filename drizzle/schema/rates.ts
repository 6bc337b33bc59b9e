/**
 * Exchange rates (app/core/rates): every provider call, the KES prices it produced and the USD/KES
 * FX rates used to derive them. Prices and FX rates are decimal strings, never floats; times are
 * UTC epoch milliseconds.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const rateRefreshTriggers = ["scheduled", "manual"] as const;
export type RateRefreshTrigger = (typeof rateRefreshTriggers)[number];

export const rateRefreshOutcomes = ["running", "succeeded", "partial", "failed"] as const;
export type RateRefreshOutcome = (typeof rateRefreshOutcomes)[number];

/**
 * One row per attempt to call the market-data provider. The newest row is the single-flight gate: a
 * refresh is only started when the previous one began long enough ago (see
 * refresh-attempts.server.ts).
 */
export const rateRefreshes = sqliteTable(
  "rate_refreshes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    trigger: text("trigger", { enum: rateRefreshTriggers }).notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
    outcome: text("outcome", { enum: rateRefreshOutcomes }).notNull(),
    /** JSON: the error, or the assets stored and rejected (with reasons). */
    detail: text("detail"),
  },
  (table) => [index("rate_refreshes_started_idx").on(table.startedAt)],
);

/** A KES price for one asset as one refresh obtained it. */
export const rateSnapshots = sqliteTable(
  "rate_snapshots",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    refreshId: integer("refresh_id")
      .notNull()
      .references(() => rateRefreshes.id),
    /** BTC, ETH, USDT, USDC. */
    asset: text("asset").notNull(),
    /** Price of one unit in KES, a decimal string. */
    priceKes: text("price_kes").notNull(),
    /**
     * Price of one unit in USD as the provider sent it, a decimal string (null when it sent none).
     */
    priceUsd: text("price_usd"),
    /** True when KES = USD price x USD/KES rate (the provider had no KES price). */
    derived: integer("derived", { mode: "boolean" }).notNull(),
    /** The USD/KES rate used when derived, a decimal string. */
    usdKes: text("usd_kes"),
    /** Market-data source id, e.g. "coingecko". */
    source: text("source").notNull(),
    /** FX source id when derived, e.g. "open-er-api". */
    fxSource: text("fx_source"),
    /** When the price was current: the provider's last_updated_at (never later than fetched_at). */
    asOf: integer("as_of").notNull(),
    fetchedAt: integer("fetched_at").notNull(),
  },
  (table) => [index("rate_snapshots_asset_as_of_idx").on(table.asset, table.asOf)],
);

/** USD/KES rates from the FX source; reused for deriving KES prices until they are due again. */
export const fxSnapshots = sqliteTable(
  "fx_snapshots",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** "USD/KES". */
    pair: text("pair").notNull(),
    /** KES per USD, a decimal string. */
    rate: text("rate").notNull(),
    source: text("source").notNull(),
    asOf: integer("as_of").notNull(),
    fetchedAt: integer("fetched_at").notNull(),
  },
  (table) => [index("fx_snapshots_pair_fetched_idx").on(table.pair, table.fetchedAt)],
);
