/**
 * Screening a digital-currency address against the active sanctions snapshots (issue 31, item 2;
 * ADR 0055): an exact match of `addressKey` on sanctions_addresses (its index), whatever currency
 * the list files it under (an EVM address listed under ETH is the same holder's on Base or as
 * USDT). Every screening is stored with the snapshots it used, a hit or not, in the caller's
 * write.
 */
import { and, eq } from "drizzle-orm";
import {
  sanctionsAddresses,
  sanctionsEntries,
  sanctionsSnapshots,
  screenings,
} from "../../../../drizzle/schema";
import { readableCode } from "~/core/ids.server";
import type { Handle } from "~/db/store";
import { addressKey } from "../sanctions/address-key";
import { activeSnapshotIds as activeSnapshotsBySource } from "../sanctions/snapshots.server";
import type { SanctionsSource, ScreeningContext, ScreeningSubject } from "../vocabulary";

export interface ScreeningHit {
  source: SanctionsSource;
  uid: string;
  /** The listed party's primary name. */
  listedName: string;
  /** What matched: the listed name or the address. */
  matched: string;
  /** 0 to 1000; 1000 is exact. */
  score: number;
  snapshotId: string;
}

export const newScreeningId = () => `scr_${readableCode(14).toLowerCase()}`;

/** The active snapshot of each source (what every screening uses), as a sorted list of ids. */
export async function activeSnapshotIds(q: Handle): Promise<string[]> {
  const bySource = await activeSnapshotsBySource(q);
  return Object.values(bySource)
    .filter((id): id is string => id !== null)
    .sort();
}

/** Listed parties holding `address`, in the active snapshots. */
export async function listedAddressHits(q: Handle, address: string): Promise<ScreeningHit[]> {
  const rows = await q
    .select({
      source: sanctionsSnapshots.source,
      uid: sanctionsEntries.uid,
      listedName: sanctionsEntries.primaryName,
      matched: sanctionsAddresses.address,
      currency: sanctionsAddresses.currency,
      snapshotId: sanctionsSnapshots.id,
    })
    .from(sanctionsAddresses)
    .innerJoin(
      sanctionsSnapshots,
      and(
        eq(sanctionsSnapshots.id, sanctionsAddresses.snapshotId),
        eq(sanctionsSnapshots.status, "active"),
      ),
    )
    .innerJoin(sanctionsEntries, eq(sanctionsEntries.id, sanctionsAddresses.entryId))
    .where(eq(sanctionsAddresses.normalized, addressKey(address)));
  return rows.map((row) => ({
    source: row.source,
    uid: row.uid,
    listedName: row.listedName,
    matched: `${row.currency} ${row.matched}`,
    score: 1000,
    snapshotId: row.snapshotId,
  }));
}

export interface ScreeningRecord {
  subject: ScreeningSubject;
  subjectRef: string;
  screened: string;
  network?: string | null;
  context: ScreeningContext;
  snapshotIds: readonly string[];
  hits: readonly ScreeningHit[];
  caseId?: string | null;
  now: number;
}

/** Store one screening (clear or a hit) with the snapshots it used; returns its id. */
export async function recordScreening(q: Handle, record: ScreeningRecord): Promise<string> {
  const id = newScreeningId();
  await q.insert(screenings).values({
    id,
    subject: record.subject,
    subjectRef: record.subjectRef,
    screened: record.screened.slice(0, 300),
    network: record.network ?? null,
    context: record.context,
    snapshotIds: record.snapshotIds.join(","),
    result: record.hits.length > 0 ? "hit" : "clear",
    bestScore: record.hits.length > 0 ? Math.max(...record.hits.map((hit) => hit.score)) : null,
    hits: record.hits.length > 0 ? JSON.stringify(record.hits.slice(0, 20)) : null,
    caseId: record.caseId ?? null,
    createdAt: record.now,
  });
  return id;
}

/**
 * Screen `address` and store the result, in the caller's write: the hits (empty when clear) and
 * the screening's id.
 */
export async function screenAddress(
  q: Handle,
  input: Omit<ScreeningRecord, "hits" | "snapshotIds" | "subject" | "screened"> & {
    address: string;
  },
): Promise<{ hits: ScreeningHit[]; screeningId: string }> {
  const [hits, snapshotIds] = await Promise.all([
    listedAddressHits(q, input.address),
    activeSnapshotIds(q),
  ]);
  const screeningId = await recordScreening(q, {
    ...input,
    subject: "address",
    screened: input.address,
    snapshotIds,
    hits,
  });
  return { hits, screeningId };
}
