/**
 * An active sanctions snapshot written straight into the tables (for tests of screening that do
 * not exercise the list import): one entry per listed party with its names and addresses.
 */
import { eq, and } from "drizzle-orm";
import {
  sanctionsAddresses,
  sanctionsEntries,
  sanctionsNames,
  sanctionsSnapshots,
} from "../../drizzle/schema";
import { addressKey } from "~/core/compliance/sanctions/address-key";
import type { SanctionsSource } from "~/core/compliance/vocabulary";
import type { Db } from "~/db/sqlite-connection.server";

export interface ListedForTest {
  uid: string;
  name: string;
  kind?: "individual" | "entity";
  aliases?: string[];
  addresses?: { currency: string; address: string }[];
}

/** Store `entries` as the source's active snapshot (the previous one superseded); its id. */
export function storeActiveSnapshot(
  db: Db,
  source: SanctionsSource,
  entries: readonly ListedForTest[],
  now = Date.now(),
): string {
  const id = `sls_test${source}${now}${Math.random().toString(36).slice(2, 8)}`;
  db.update(sanctionsSnapshots)
    .set({ status: "superseded" })
    .where(and(eq(sanctionsSnapshots.source, source), eq(sanctionsSnapshots.status, "active")))
    .run();
  db.insert(sanctionsSnapshots)
    .values({
      id,
      source,
      status: "active",
      trigger: "upload",
      origin: "test",
      publishedAt: now,
      checksum: "0".repeat(64),
      byteSize: 0,
      entryCount: entries.length,
      nameCount: entries.reduce((sum, entry) => sum + 1 + (entry.aliases?.length ?? 0), 0),
      addressCount: entries.reduce((sum, entry) => sum + (entry.addresses?.length ?? 0), 0),
      createdAt: now,
    })
    .run();
  for (const entry of entries) {
    const row = db
      .insert(sanctionsEntries)
      .values({
        snapshotId: id,
        uid: entry.uid,
        kind: entry.kind ?? "individual",
        primaryName: entry.name,
        fingerprint: entry.uid,
      })
      .returning()
      .get();
    const names = [
      { name: entry.name, quality: "primary" as const },
      ...(entry.aliases ?? []).map((name) => ({ name, quality: "strong" as const })),
    ];
    db.insert(sanctionsNames)
      .values(names.map((name) => ({ ...name, snapshotId: id, entryId: row.id })))
      .run();
    if (entry.addresses?.length)
      db.insert(sanctionsAddresses)
        .values(
          entry.addresses.map((address) => ({
            ...address,
            normalized: addressKey(address.address),
            snapshotId: id,
            entryId: row.id,
          })),
        )
        .run();
  }
  return id;
}
