/**
 * Importing a sanctions list (issue 31, item 1; ADR 0054): the file's bytes become a snapshot.
 *
 * 1. SHA-256 of the bytes. The same checksum as the source's active snapshot records nothing new
 *    (the list did not change): the answer says so.
 * 2. Parse (read-list.ts). A file that cannot be read, a list with no entries, or one with fewer
 *    than 90% of the entries of the active snapshot is stored as `rejected` with its reason and
 *    never replaces the active one: a half-downloaded or truncated list must not silently drop
 *    names from screening.
 * 3. Otherwise ONE write: the snapshot (active), its entries (each with the SHA-256 of its content,
 *    what a diff compares), names and digital-currency addresses (normalised: lowercase for EVM
 *    hex, as published otherwise), in batched inserts; the previous active snapshot superseded;
 *    the diff against it stored as JSON; the audit row. The write first takes the source's lock
 *    row, so two imports of one source at once run one after the other and never leave two active
 *    snapshots (on PostgreSQL too, where the first import of a source has no row to lock yet).
 * 4. Then `onListChanged(snapshotId)` (re-screening hooks on it), outside the write.
 *
 * Parsing and hashing happen before the write; the write does database work only (ADR 0041).
 */
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import {
  jobLeases,
  sanctionsAddresses,
  sanctionsEntries,
  sanctionsNames,
  sanctionsSnapshots,
} from "../../../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import { readableCode } from "~/core/ids.server";
import { prepared } from "~/db/prepared";
import { isStore, type Handle, type Store } from "~/db/store";
import { logger } from "~/utils/logger.server";
import { sanctionsSourceLabels, type SanctionsSource, type SnapshotTrigger } from "../vocabulary";
import { normalizeAddress } from "./digital-currency";
import { diffEntries, type DiffEntry, type SnapshotDiff } from "./diff";
import { ListFormatError } from "./list-input";
import { readList, type ListFile } from "./read-list";
import { activeSnapshotOn, getSnapshot, type SnapshotView } from "./snapshots.server";
import type { ListedEntry, ParsedList } from "./types";

/** A list smaller than this share of the active snapshot's entries is rejected. */
export const MIN_SHARE_OF_ACTIVE = 0.9;

/** Entries whose rows (with their names and addresses) are built and written together. */
const ENTRY_BATCH = 1024;

export interface ImportRequest {
  source: SanctionsSource;
  files: readonly ListFile[];
  trigger: SnapshotTrigger;
  /** Where it came from: the URL fetched, or the uploaded files' names. */
  origin: string;
  /** The operator who uploaded it (null for the schedule). */
  operatorId?: string | null;
  now?: () => number;
  /** Called once a new snapshot is active (re-screening). Its failure is logged, not thrown. */
  onListChanged?: (snapshotId: string) => Promise<void> | void;
}

export type ImportResult =
  | { outcome: "imported"; snapshot: SnapshotView; diff: SnapshotDiff }
  | { outcome: "unchanged"; snapshot: SnapshotView }
  | { outcome: "rejected"; snapshot: SnapshotView; reason: string };

/** SHA-256 of a list's files: of the one file, or of several in an order their bytes decide. */
export function listChecksum(files: readonly ListFile[]): string {
  if (files.length === 1) return createHash("sha256").update(files[0]!.bytes).digest("hex");
  const each = files
    .map((file) => ({ file, hash: createHash("sha256").update(file.bytes).digest("hex") }))
    .sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  const all = createHash("sha256");
  for (const { file } of each) all.update(file.bytes);
  return all.digest("hex");
}

/** SHA-256 of what an entry says (kind, names, addresses, programmes, remarks). */
export function entryFingerprint(entry: ListedEntry): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        entry.kind,
        entry.primaryName,
        entry.names.map((n) => [n.name, n.quality]),
        entry.addresses.map((a) => [a.currency, a.address]),
        entry.programs,
        entry.remarks,
      ]),
    )
    .digest("hex");
}

const writeOn = (on: Handle | Store, fn: (q: Handle) => Promise<unknown>) =>
  isStore(on) ? on.write(fn) : fn(on);

const newSnapshotId = () => `sls_${readableCode(12).toLowerCase()}`;

/** The row that serialises the imports of one source (it always exists once taken: lockable). */
const lockName = (source: SanctionsSource) => `sanctions.import.${source}`;

async function lockSource(q: Handle, source: SanctionsSource, now: number): Promise<void> {
  // An upsert locks the row on every engine: a second import waits here until the first commits.
  await q
    .insert(jobLeases)
    .values({ job: lockName(source), holder: "sanctions import", leasedUntil: 0, updatedAt: now })
    .onConflictDoUpdate({ target: jobLeases.job, set: { updatedAt: now } });
}

const countsOf = (list: ParsedList | null) => ({
  entryCount: list?.entries.length ?? 0,
  nameCount: list?.entries.reduce((sum, e) => sum + e.names.length, 0) ?? 0,
  addressCount: list?.entries.reduce((sum, e) => sum + e.addresses.length, 0) ?? 0,
});

interface Checked {
  request: ImportRequest;
  checksum: string;
  byteSize: number;
  list: ParsedList | null;
  /** Why the file cannot be used whatever is active (unreadable, empty). */
  refusal: string | null;
  fingerprints: string[];
  now: number;
}

function auditImport(
  q: Handle,
  checked: Pick<Checked, "request" | "checksum" | "now">,
  outcome: string,
  detail: object,
) {
  const { request } = checked;
  return recordAudit(
    q,
    {
      actorType: request.operatorId ? "operator" : "system",
      actorId: request.operatorId ?? null,
      action: `sanctions.import.${outcome}`,
      targetType: "sanctions_snapshot",
      targetId: "snapshotId" in detail ? String(detail.snapshotId) : null,
      details: {
        source: request.source,
        trigger: request.trigger,
        origin: request.origin,
        checksum: checked.checksum,
        ...detail,
      },
    },
    checked.now,
  );
}

/**
 * The same file as the active snapshot: nothing is stored; an operator's attempt is audited (the
 * schedule's daily "no change" is in its job run).
 */
async function auditUnchanged(
  on: Handle | Store,
  checked: Pick<Checked, "request" | "checksum" | "now">,
  activeId: string,
): Promise<{ outcome: "unchanged"; id: string }> {
  if (checked.request.operatorId)
    await writeOn(on, (q) => auditImport(q, checked, "unchanged", { activeSnapshotId: activeId }));
  return { outcome: "unchanged", id: activeId };
}

async function insertSnapshotRow(
  q: Handle,
  checked: Checked,
  status: "active" | "rejected",
  extra: { reason?: string; diff?: SnapshotDiff },
): Promise<string> {
  const id = newSnapshotId();
  const { request } = checked;
  await q.insert(sanctionsSnapshots).values({
    id,
    source: request.source,
    status,
    trigger: request.trigger,
    origin: request.origin.slice(0, 500),
    publishedAt: checked.list?.publishedAt ?? null,
    checksum: checked.checksum,
    byteSize: checked.byteSize,
    ...countsOf(checked.list),
    reason: extra.reason ?? null,
    diff: extra.diff ? JSON.stringify(extra.diff) : null,
    importedBy: request.operatorId ?? null,
    createdAt: checked.now,
  });
  return id;
}

/**
 * Batched inserts in a few fixed shapes (rows per statement), each a query prepared once per
 * handle (ADR 0041's `prepared`): a list of any size is written with the same handful of
 * statements, built once, instead of one statement text per odd-sized batch (each of which the
 * SQLite adapter would compile and keep).
 */
const SHAPES = [256, 32, 4, 1] as const;

/** `rows` in statements of the fixed shapes, largest first. */
async function inShapes<T>(
  rows: readonly T[],
  run: (rows: readonly T[], size: number) => Promise<unknown>,
) {
  let at = 0;
  for (const size of SHAPES)
    while (rows.length - at >= size) {
      await run(rows.slice(at, at + size), size);
      at += size;
    }
}

const rowKeys = <C extends string>(columns: readonly C[], size: number) =>
  Array.from({ length: size }, (_, i) =>
    Object.fromEntries(columns.map((column) => [column, sql.placeholder(`${column}${i}`)])),
  ) as Record<C, ReturnType<typeof sql.placeholder>>[];

/** `{ name0: …, quality0: …, name1: … }` for a shaped statement's rows. */
function shapedValues<R extends object>(rows: readonly R[], shared: Record<string, unknown>) {
  const values: Record<string, unknown> = { ...shared };
  rows.forEach((row, i) => {
    for (const [column, value] of Object.entries(row)) values[`${column}${i}`] = value;
  });
  return values;
}

const ENTRY_COLUMNS = ["uid", "kind", "primaryName", "programs", "remarks", "fingerprint"] as const;
const NAME_COLUMNS = ["entryId", "name", "quality"] as const;
const ADDRESS_COLUMNS = ["entryId", "currency", "address", "normalized"] as const;

const insertEntryRows = prepared("sanctions.insertEntries", (q, size: number) =>
  q
    .insert(sanctionsEntries)
    .values(
      rowKeys(ENTRY_COLUMNS, size).map((row) => ({
        ...row,
        snapshotId: sql.placeholder("snapshotId"),
      })),
    )
    .returning({ id: sanctionsEntries.id, uid: sanctionsEntries.uid }),
);
const insertNameRows = prepared("sanctions.insertNames", (q, size: number) =>
  q.insert(sanctionsNames).values(
    rowKeys(NAME_COLUMNS, size).map((row) => ({
      ...row,
      snapshotId: sql.placeholder("snapshotId"),
    })),
  ),
);
const insertAddressRows = prepared("sanctions.insertAddresses", (q, size: number) =>
  q.insert(sanctionsAddresses).values(
    rowKeys(ADDRESS_COLUMNS, size).map((row) => ({
      ...row,
      snapshotId: sql.placeholder("snapshotId"),
    })),
  ),
);

/**
 * The entries, a batch at a time, each batch followed by its names and addresses: the rows are
 * built per batch, never all at once (a full OFAC list has about 90,000 names).
 */
async function insertEntries(q: Handle, snapshotId: string, checked: Checked): Promise<void> {
  const entries = checked.list!.entries;
  const shared = { snapshotId };
  for (let at = 0; at < entries.length; at += ENTRY_BATCH) {
    const batch = entries.slice(at, at + ENTRY_BATCH);
    const ids = new Map<string, number>();
    await inShapes(
      batch.map((entry, i) => ({
        uid: entry.uid,
        kind: entry.kind,
        primaryName: entry.primaryName,
        programs: entry.programs.length > 0 ? entry.programs.join(", ") : null,
        remarks: entry.remarks,
        fingerprint: checked.fingerprints[at + i]!,
      })),
      async (rows, size) => {
        const inserted = await insertEntryRows(q, size).all(shapedValues(rows, shared));
        for (const row of inserted) ids.set(row.uid, row.id);
      },
    );
    const names: { entryId: number; name: string; quality: string }[] = [];
    const addresses: { entryId: number; currency: string; address: string; normalized: string }[] =
      [];
    for (const entry of batch) {
      const entryId = ids.get(entry.uid)!;
      for (const name of entry.names)
        names.push({ entryId, name: name.name, quality: name.quality });
      for (const address of entry.addresses)
        addresses.push({
          entryId,
          currency: address.currency,
          address: address.address,
          normalized: normalizeAddress(address.address),
        });
    }
    await inShapes(names, (rows, size) => insertNameRows(q, size).run(shapedValues(rows, shared)));
    await inShapes(addresses, (rows, size) =>
      insertAddressRows(q, size).run(shapedValues(rows, shared)),
    );
  }
}

type Decided =
  | { outcome: "imported"; id: string; diff: SnapshotDiff }
  | { outcome: "unchanged"; id: string }
  | { outcome: "rejected"; id: string; reason: string };

/** The one write: decide against the active snapshot under the source's lock, then store. */
function storeImport(store: Store, checked: Checked): Promise<Decided> {
  const { source } = checked.request;
  return store.write(async (q) => {
    await lockSource(q, source, checked.now);
    const active = await activeSnapshotOn(q, source);
    if (active && active.checksum === checked.checksum)
      return auditUnchanged(q, checked, active.id);
    const entries = checked.list?.entries.length ?? 0;
    let reason = checked.refusal;
    if (!reason && active && entries < active.entryCount * MIN_SHARE_OF_ACTIVE)
      reason =
        `The list has ${entries} ${entries === 1 ? "entry" : "entries"}, fewer than 90% of the ` +
        `${active.entryCount} in the ` +
        `active snapshot: it may be cut short, so the active snapshot stays in use.`;
    if (reason) {
      const id = await insertSnapshotRow(q, checked, "rejected", { reason });
      await auditImport(q, checked, "rejected", { snapshotId: id, reason, entries });
      return { outcome: "rejected" as const, id, reason };
    }
    const before: DiffEntry[] = active
      ? await q
          .select({
            uid: sanctionsEntries.uid,
            primaryName: sanctionsEntries.primaryName,
            fingerprint: sanctionsEntries.fingerprint,
          })
          .from(sanctionsEntries)
          .where(eq(sanctionsEntries.snapshotId, active.id))
      : [];
    const after = checked.list!.entries.map((entry, i) => ({
      uid: entry.uid,
      primaryName: entry.primaryName,
      fingerprint: checked.fingerprints[i]!,
    }));
    const diff = diffEntries(active?.id ?? null, before, after);
    if (active)
      await q
        .update(sanctionsSnapshots)
        .set({ status: "superseded" })
        .where(eq(sanctionsSnapshots.id, active.id));
    const id = await insertSnapshotRow(q, checked, "active", { diff });
    await insertEntries(q, id, checked);
    await auditImport(q, checked, "imported", {
      snapshotId: id,
      previousSnapshotId: active?.id ?? null,
      ...countsOf(checked.list),
      diff: diff.counts,
    });
    return { outcome: "imported" as const, id, diff };
  });
}

/** Parse and check a list before the write (no database): the checksum, entries, fingerprints. */
async function check(request: ImportRequest, checksum: string, now: number): Promise<Checked> {
  const byteSize = request.files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  let list: ParsedList | null = null;
  let refusal: string | null = null;
  try {
    list = await readList(request.source, request.files);
    if (list.entries.length === 0) refusal = "The list has no entries.";
  } catch (error) {
    if (error instanceof ListFormatError) refusal = error.message;
    else {
      logger.error("sanctions list could not be parsed", {
        source: request.source,
        origin: request.origin,
        error: error instanceof Error ? error.message : String(error),
      });
      refusal = `The file could not be read as the ${sanctionsSourceLabels[request.source]}.`;
    }
  }
  const fingerprints = refusal || !list ? [] : list.entries.map(entryFingerprint);
  return { request, checksum, byteSize, list, refusal, fingerprints, now };
}

/** Import one list (see the module comment). Never throws for a bad file: it is `rejected`. */
export async function importSanctionsList(
  store: Store,
  request: ImportRequest,
): Promise<ImportResult> {
  const now = (request.now ?? Date.now)();
  const checksum = listChecksum(request.files);
  // The daily fetch finds the same file most days: known at once, nothing parsed.
  const active = await store.read((q) => activeSnapshotOn(q, request.source));
  const decided =
    active?.checksum === checksum
      ? await auditUnchanged(store, { request, checksum, now }, active.id)
      : await storeImport(store, await check(request, checksum, now));
  const snapshot = (await getSnapshot(store, decided.id))!;
  if (decided.outcome === "imported") {
    if (request.onListChanged) {
      try {
        await request.onListChanged(decided.id);
      } catch (error) {
        logger.error("sanctions list changed: the follow-up failed", {
          snapshotId: decided.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return { outcome: "imported", snapshot, diff: decided.diff };
  }
  if (decided.outcome === "rejected")
    return { outcome: "rejected", snapshot, reason: decided.reason };
  return { outcome: "unchanged", snapshot };
}
