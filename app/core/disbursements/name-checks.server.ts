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
    const at = now();
    await store.write((q) => record(q, row.id, row.updatedAt, check, registered, at));
  }
  return asked;
}

/** Store the answer unless the row was edited meanwhile (its edit asks again). */
async function record(
  q: Handle,
  rowId: string,
  seenUpdatedAt: number,
  check: NameCheck,
  registeredName: string | null,
  now: number,
) {
  await q
    .update(disbursementRows)
    .set({ nameCheck: check, registeredName, updatedAt: now })
    .where(
      and(
        eq(disbursementRows.id, rowId),
        eq(disbursementRows.nameCheck, "pending"),
        eq(disbursementRows.updatedAt, seenUpdatedAt),
      ),
    );
}
