/**
 * What changed between two snapshots of a list: the parties added, removed and changed (same uid,
 * another fingerprint: a name, an address or a programme), by uid with the primary name. The
 * counts are whole; the lists are capped for storage and the page.
 */

/** One listed party as a diff compares it. */
export interface DiffEntry {
  uid: string;
  primaryName: string;
  fingerprint: string;
}

export interface DiffItem {
  uid: string;
  name: string;
}

export interface SnapshotDiff {
  /** The snapshot compared against (the active one before this import), or null for the first. */
  previousId: string | null;
  counts: { added: number; removed: number; changed: number; unchanged: number };
  added: DiffItem[];
  removed: DiffItem[];
  changed: DiffItem[];
}

/** At most this many items of each list are stored (the counts are always whole). */
export const DIFF_LIST_CAP = 500;

const byUid = (a: DiffItem, b: DiffItem) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);

export function diffEntries(
  previousId: string | null,
  before: readonly DiffEntry[],
  after: readonly DiffEntry[],
): SnapshotDiff {
  const old = new Map(before.map((entry) => [entry.uid, entry]));
  const added: DiffItem[] = [];
  const changed: DiffItem[] = [];
  let unchanged = 0;
  for (const entry of after) {
    const was = old.get(entry.uid);
    old.delete(entry.uid);
    if (!was) added.push({ uid: entry.uid, name: entry.primaryName });
    else if (was.fingerprint !== entry.fingerprint)
      changed.push({ uid: entry.uid, name: entry.primaryName });
    else unchanged += 1;
  }
  const removed = [...old.values()].map((entry) => ({ uid: entry.uid, name: entry.primaryName }));
  const capped = (items: DiffItem[]) => items.sort(byUid).slice(0, DIFF_LIST_CAP);
  return {
    previousId,
    counts: {
      added: added.length,
      removed: removed.length,
      changed: changed.length,
      unchanged,
    },
    added: capped(added),
    removed: capped(removed),
    changed: capped(changed),
  };
}

/** A stored diff read back (null when absent or unreadable). */
export function parseDiff(json: string | null): SnapshotDiff | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as SnapshotDiff;
  } catch {
    return null;
  }
}
