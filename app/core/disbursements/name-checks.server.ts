/**
 * Registered-name lookups for the rows of batches not yet approved (issue 15, item 2): on rails
 * that offer one (Airtel's KYC, PesaLink's account lookup), the name the rail holds is shown beside
 * the name the file gives, and a mismatch is flagged before anyone approves. Run by the payments
 * tick, a few rows at a time, so a large file never holds up the upload; the preview shows the
 * progress. A lookup moves no money.
 *
 * On the store (ADR 0041): the rows waiting are read in one read, each rail is asked outside any
 * transaction, and each answer is stored by a write of its own (each was a statement of its own).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { disbursementBatches, disbursementRows } from "../../../drizzle/schema";
import type { LedgerBook } from "~/core/ledger/ledger.server";
import type { PayoutRails } from "~/core/rails/types";
import { openCase } from "~/core/compliance/cases.server";
import { recordScreening } from "~/core/compliance/screening/addresses.server";
import { matchListedName, type NameScreening } from "~/core/compliance/screening/names.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { compareNames } from "./names";
import { rowDestination } from "./row-destination";
import type { NameCheck } from "./vocabulary";

/** Ask the rails about up to `limit` rows waiting for a name check; returns how many were asked. */
export async function checkPendingNames(
  store: Store,
  rails: PayoutRails,
  now: () => number,
  options: { limit?: number; modes?: readonly LedgerBook[] } = {},
): Promise<number> {
  const { limit = 50, modes } = options;
  const waiting = await store.read((q) =>
    q
      .select({ row: disbursementRows })
      .from(disbursementRows)
      .innerJoin(disbursementBatches, eq(disbursementBatches.id, disbursementRows.batchId))
      .where(
        and(
          eq(disbursementRows.nameCheck, "pending"),
          inArray(disbursementBatches.status, ["draft", "awaiting_approval"]),
          modes ? inArray(disbursementBatches.mode, [...modes]) : undefined,
        ),
      )
      .orderBy(asc(disbursementBatches.createdAt), asc(disbursementRows.line))
      .limit(limit),
  );
  let asked = 0;
  for (const { row } of waiting) {
    const rail = row.rail ? rails[row.rail] : undefined;
    if (!rail?.lookupName) {
      const at = now();
      await store.write((q) => record(q, row.id, row.updatedAt, "not_offered", null, at));
      continue;
    }
    let check: NameCheck;
    let registered: string | null = null;
    try {
      const answer = await rail.lookupName(rowDestination(row));
      if (answer.kind === "found") {
        registered = answer.name;
        check = compareNames(row.name ?? "", answer.name);
      } else check = "not_found";
    } catch {
      check = "unavailable";
    }
    asked++;
    // Sanctions (issue 31, item 2; ADR 0055): the name the rail holds is screened; a listed one
    // holds the row under a case (it is never sent while held), in the write that stores it.
    const screened = registered ? await matchListedName(store, registered) : null;
    const at = now();
    await store.write(async (q) => {
      if (!(await record(q, row.id, row.updatedAt, check, registered, at))) return;
      if (screened && registered) await holdIfListed(q, row, registered, screened, at);
    });
  }
  return asked;
}

/** Store the screening of a recipient's registered name; a hit opens a case holding the row. */
async function holdIfListed(
  q: Handle,
  row: typeof disbursementRows.$inferSelect,
  registered: string,
  screened: NameScreening,
  now: number,
) {
  const screeningId = await recordScreening(q, {
    subject: "payout_recipient",
    subjectRef: row.id,
    screened: registered,
    context: "payout",
    snapshotIds: screened.snapshotIds,
    hits: screened.hits,
    now,
  });
  if (screened.hits.length === 0) return;
  const batch = (await first(
    q
      .select({ merchantId: disbursementBatches.merchantId })
      .from(disbursementBatches)
      .where(eq(disbursementBatches.id, row.batchId))
      .limit(1),
  ))!;
  await openCase(q, {
    kind: "sanctions_hit",
    severity: "critical",
    title: `Payout ${row.id}: the recipient's registered name is on a sanctions list`,
    merchantId: batch.merchantId,
    evidence: {
      rowId: row.id,
      batchId: row.batchId,
      registeredName: registered,
      hits: screened.hits,
    },
    holds: [{ target: "disbursement", targetId: row.id }],
    screeningIds: [screeningId],
    now,
  });
}

/** Store the answer unless the row was edited meanwhile (its edit asks again); whether it was. */
async function record(
  q: Handle,
  rowId: string,
  seenUpdatedAt: number,
  check: NameCheck,
  registeredName: string | null,
  now: number,
): Promise<boolean> {
  const stored = await q
    .update(disbursementRows)
    .set({ nameCheck: check, registeredName, updatedAt: now })
    .where(
      and(
        eq(disbursementRows.id, rowId),
        eq(disbursementRows.nameCheck, "pending"),
        eq(disbursementRows.updatedAt, seenUpdatedAt),
      ),
    )
    .returning({ id: disbursementRows.id });
  return stored.length === 1;
}
