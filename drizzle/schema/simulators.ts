/**
 * State of the local provider simulators (PROVIDER_MODE=simulator only): what a real provider keeps
 * on its side (custody addresses, transactions and confirmations; M-Pesa transactions and float),
 * so a restart of our process does not make the "provider" forget (issue 10, item 4). Never read by
 * core logic: only the simulators load and save it.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const simulatorRecords = sqliteTable(
  "simulator_records",
  {
    /** "custody" or "daraja". */
    simulator: text("simulator").notNull(),
    /** Record kind within the simulator: "vault", "address", "tx", "meta", ... */
    kind: text("kind").notNull(),
    id: text("id").notNull(),
    /** JSON. */
    body: text("body").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.simulator, table.kind, table.id] }),
    // What a simulator must hold in memory at start (issue 28: transactions still moving, outgoing
    // transfers, expired idempotent answers) is found through these, not by reading every body.
    index("simulator_records_status_idx").on(
      table.simulator,
      table.kind,
      sql`json_extract(${table.body}, '$.status')`,
    ),
    index("simulator_records_direction_idx").on(
      table.simulator,
      table.kind,
      sql`json_extract(${table.body}, '$.direction')`,
    ),
    index("simulator_records_at_idx").on(
      table.simulator,
      table.kind,
      sql`json_extract(${table.body}, '$.at')`,
    ),
  ],
);
