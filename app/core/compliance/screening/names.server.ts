/**
 * Screening a name against the active sanctions snapshots (issue 31, item 2; ADR 0053, 0055). The
 * name index (names.ts) is built once per set of active snapshots, in memory, without blocking the
 * event loop (`buildNameIndexAsync`), and swapped in when a snapshot becomes active; concurrent
 * callers share one build. Matching runs outside any transaction; the screening is then stored
 * (a hit or clear, with the snapshot ids and its best score) in the caller's write.
 */
import { eq, inArray } from "drizzle-orm";
import { sanctionsEntries, sanctionsNames, sanctionsSnapshots } from "../../../../drizzle/schema";
import type { Store } from "~/db/store";
import {
  buildNameIndexAsync,
  DEFAULT_NAME_THRESHOLD,
  matchName,
  type IndexedEntry,
  type NameIndex,
} from "../sanctions/names";
import { activeSnapshotIds } from "../sanctions/snapshots.server";
import type { ListedKind, SanctionsSource } from "../vocabulary";
import type { ScreeningHit } from "./addresses.server";

interface ActiveIndex {
  key: string;
  snapshotIds: string[];
  /** The active snapshot of each source: a hit's snapshot is its source's. */
  bySource: Partial<Record<SanctionsSource, string>>;
  index: NameIndex;
}

let current: ActiveIndex | null = null;
let building: { key: string; done: Promise<ActiveIndex> } | null = null;

async function loadEntries(store: Store, snapshotIds: string[]): Promise<IndexedEntry[]> {
  if (snapshotIds.length === 0) return [];
  const [entries, names] = await store.read(async (q) =>
    Promise.all([
      q
        .select({
          id: sanctionsEntries.id,
          uid: sanctionsEntries.uid,
          kind: sanctionsEntries.kind,
          primaryName: sanctionsEntries.primaryName,
          source: sanctionsSnapshots.source,
        })
        .from(sanctionsEntries)
        .innerJoin(sanctionsSnapshots, eq(sanctionsSnapshots.id, sanctionsEntries.snapshotId))
        .where(inArray(sanctionsEntries.snapshotId, snapshotIds)),
      q
        .select({
          entryId: sanctionsNames.entryId,
          name: sanctionsNames.name,
          quality: sanctionsNames.quality,
        })
        .from(sanctionsNames)
        .where(inArray(sanctionsNames.snapshotId, snapshotIds)),
    ]),
  );
  const byEntry = new Map<number, IndexedEntry>();
  for (const entry of entries)
    byEntry.set(entry.id, {
      source: entry.source,
      uid: entry.uid,
      kind: entry.kind,
      primaryName: entry.primaryName,
      names: [],
    });
  for (const name of names)
    byEntry.get(name.entryId)?.names.push({ name: name.name, quality: name.quality });
  return [...byEntry.values()];
}

/** The index of the active snapshots' names (built when they changed since the last call). */
export async function activeNameIndex(store: Store): Promise<ActiveIndex> {
  const active = await activeSnapshotIds(store);
  const bySource: Partial<Record<SanctionsSource, string>> = {};
  for (const [source, id] of Object.entries(active) as [SanctionsSource, string | null][])
    if (id) bySource[source] = id;
  const snapshotIds = Object.values(bySource).sort();
  const key = snapshotIds.join(",");
  if (current?.key === key) return current;
  if (building?.key === key) return building.done;
  const done = (async () => {
    const index = await buildNameIndexAsync(await loadEntries(store, snapshotIds));
    const built = { key, snapshotIds, bySource, index };
    current = built;
    return built;
  })();
  building = { key, done };
  try {
    return await done;
  } finally {
    if (building?.done === done) building = null;
  }
}

export interface NameScreening {
  hits: ScreeningHit[];
  snapshotIds: string[];
}

/** Match one name (of the given kinds of listed party) against the active lists. */
export async function matchListedName(
  store: Store,
  name: string,
  kinds?: readonly ListedKind[],
): Promise<NameScreening> {
  const { index, snapshotIds, bySource } = await activeNameIndex(store);
  const hits = matchName(index, name, { kinds, threshold: DEFAULT_NAME_THRESHOLD }).map((hit) => ({
    source: hit.source,
    uid: hit.uid,
    listedName: hit.primaryName,
    matched: hit.matchedName,
    score: Math.round(hit.score * 1000),
    snapshotId: bySource[hit.source] ?? "",
  }));
  return { hits, snapshotIds };
}
