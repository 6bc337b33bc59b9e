/**
 * Screening a name against the active sanctions snapshots (issue 31, item 2; ADR 0053, 0055). The
 * name index (names.ts) is built once per set of active snapshots, in memory, without blocking the
 * event loop (`buildNameIndexAsync`), and swapped in when a snapshot becomes active; concurrent
 * callers share one build. Matching runs outside any transaction; the screening is then stored
 * (a hit or clear, with the snapshot ids and its best score) in the caller's write.
 */
import { inArray } from "drizzle-orm";
import { sanctionsEntries, sanctionsNames, sanctionsSnapshots } from "../../../../drizzle/schema";
import type { Store } from "~/db/store";
import {
  buildNameIndexAsync,
  DEFAULT_NAME_THRESHOLD,
  matchName,
  type IndexedEntry,
  type NameIndex,
} from "../sanctions/names";
import type { ListedKind } from "../vocabulary";
import { activeSnapshotIds, type ScreeningHit } from "./addresses.server";

interface ActiveIndex {
  key: string;
  snapshotIds: string[];
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
        .innerJoin(sanctionsSnapshots, inArray(sanctionsSnapshots.id, snapshotIds))
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
  const snapshotIds = await store.read(activeSnapshotIds);
  const key = snapshotIds.join(",");
  if (current?.key === key) return current;
  if (building?.key === key) return building.done;
  const done = (async () => {
    const index = await buildNameIndexAsync(await loadEntries(store, snapshotIds));
    const built = { key, snapshotIds, index };
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
  const { index, snapshotIds } = await activeNameIndex(store);
  const snapshotOf = new Map<string, string>();
  // One active snapshot per source: a hit's snapshot is its source's.
  if (snapshotIds.length > 0) {
    const rows = await store.read((q) =>
      q
        .select({ id: sanctionsSnapshots.id, source: sanctionsSnapshots.source })
        .from(sanctionsSnapshots)
        .where(inArray(sanctionsSnapshots.id, snapshotIds)),
    );
    for (const row of rows) snapshotOf.set(row.source, row.id);
  }
  const hits = matchName(index, name, { kinds, threshold: DEFAULT_NAME_THRESHOLD }).map((hit) => ({
    source: hit.source,
    uid: hit.uid,
    listedName: hit.primaryName,
    matched: hit.matchedName,
    score: Math.round(hit.score * 1000),
    snapshotId: snapshotOf.get(hit.source) ?? "",
  }));
  return { hits, snapshotIds };
}
