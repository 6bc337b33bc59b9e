/**
 * Reading the snapshots of the sanctions lists: the active one of each source (what screening
 * uses: read on every screening, so prepared, ADR 0041) and the recent ones with who imported them
 * (the operators' page).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { operators, sanctionsSnapshots } from "../../../../drizzle/schema";
import { prepared } from "~/db/prepared";
import { first } from "~/db/sql";
import { readOn, type Handle, type Store } from "~/db/store";
import { sanctionsSources, type SanctionsSource } from "../vocabulary";
import { parseDiff, type SnapshotDiff } from "./diff";

export type SnapshotRow = typeof sanctionsSnapshots.$inferSelect;

/** A snapshot as the page shows it: the row, its diff read back, who imported it. */
export interface SnapshotView extends Omit<SnapshotRow, "diff"> {
  diff: SnapshotDiff | null;
  importedByName: string | null;
}

const activeBySource = prepared("sanctions.activeBySource", (q) =>
  q
    .select()
    .from(sanctionsSnapshots)
    .where(
      and(
        eq(sanctionsSnapshots.source, sql.placeholder("source")),
        eq(sanctionsSnapshots.status, "active"),
      ),
    )
    .orderBy(desc(sanctionsSnapshots.createdAt))
    .limit(1),
);

const activeIds = prepared("sanctions.activeIds", (q) =>
  q
    .select({ id: sanctionsSnapshots.id, source: sanctionsSnapshots.source })
    .from(sanctionsSnapshots)
    .where(eq(sanctionsSnapshots.status, "active")),
);

/** The active snapshot of `source` (in the caller's transaction), or none before any import. */
export async function activeSnapshotOn(
  q: Handle,
  source: SanctionsSource,
): Promise<SnapshotRow | undefined> {
  const [row] = await activeBySource(q).all({ source });
  return row;
}

/** The active snapshot ids, one per source that has one: what a screening records it used. */
export function activeSnapshotIds(
  on: Handle | Store,
): Promise<Record<SanctionsSource, string | null>> {
  return readOn(on, async (q) => {
    const ids = Object.fromEntries(sanctionsSources.map((source) => [source, null])) as Record<
      SanctionsSource,
      string | null
    >;
    // One query for every source (a screening runs it in a deposit's write).
    for (const row of await activeIds(q).all({})) ids[row.source] = row.id;
    return ids;
  });
}

const view = (row: SnapshotRow, importedByName: string | null): SnapshotView => ({
  ...row,
  diff: parseDiff(row.diff),
  importedByName,
});

/** One snapshot by id. */
export function getSnapshot(on: Handle | Store, id: string): Promise<SnapshotView | undefined> {
  return readOn(on, async (q) => {
    const row = await first(
      q
        .select({ snapshot: sanctionsSnapshots, name: operators.name })
        .from(sanctionsSnapshots)
        .leftJoin(operators, eq(operators.id, sanctionsSnapshots.importedBy))
        .where(eq(sanctionsSnapshots.id, id))
        .limit(1),
    );
    return row ? view(row.snapshot, row.name) : undefined;
  });
}

export interface SourceSnapshots {
  source: SanctionsSource;
  active: SnapshotView | null;
  /** The newest first, rejected ones included. */
  recent: SnapshotView[];
}

/** Per source: the active snapshot and the `limit` most recent (the operators' page). */
export function listSnapshots(
  on: Handle | Store,
  sources: readonly SanctionsSource[] = sanctionsSources,
  limit = 10,
): Promise<SourceSnapshots[]> {
  return readOn(on, async (q) => {
    const result: SourceSnapshots[] = [];
    for (const source of sources) {
      const rows = await q
        .select({ snapshot: sanctionsSnapshots, name: operators.name })
        .from(sanctionsSnapshots)
        .leftJoin(operators, eq(operators.id, sanctionsSnapshots.importedBy))
        .where(eq(sanctionsSnapshots.source, source))
        .orderBy(desc(sanctionsSnapshots.createdAt), desc(sanctionsSnapshots.id))
        .limit(limit);
      const recent = rows.map((row) => view(row.snapshot, row.name));
      let active = recent.find((each) => each.status === "active") ?? null;
      if (!active) {
        const row = await activeSnapshotOn(q, source);
        active = row ? ((await getSnapshot(q, row.id)) ?? null) : null;
      }
      result.push({ source, active, recent });
    }
    return result;
  });
}

/** How many snapshots of each status a source has (tests, checks). */
export function countSnapshots(on: Handle | Store, source: SanctionsSource) {
  return readOn(on, async (q) => {
    const rows = await q
      .select({ status: sanctionsSnapshots.status })
      .from(sanctionsSnapshots)
      .where(
        and(
          eq(sanctionsSnapshots.source, source),
          inArray(sanctionsSnapshots.status, ["active", "superseded", "rejected"]),
        ),
      );
    const counts = { active: 0, superseded: 0, rejected: 0 };
    for (const row of rows) counts[row.status] += 1;
    return counts;
  });
}
