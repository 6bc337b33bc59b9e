/**
 * Registered-name lookups for the rows of batches not yet approved (issue 15, item 2): on rails
 * that offer one (Airtel's KYC, PesaLink's account lookup), the name the rail holds is shown beside
 * the name the file gives, and a mismatch is flagged before anyone approves. Run by the payments
 * tick, a few rows at a time, so a large file never holds up the upload; the preview shows the
 * progress. A lookup moves no money.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { disbursementBatches, disbursementRows } from "../../../drizzle/schema";
import type { LedgerBook } from "~/core/ledger/ledger.server";
import type { PayoutRails } from "~/core/rails/types";
import type { Db } from "~/utils/db.server";
import { compareNames } from "./names";
import { rowDestination } from "./row-destination";
import type { NameCheck } from "./vocabulary";

/** Ask the rails about up to `limit` rows waiting for a name check; returns how many were asked. */
export async function checkPendingNames(
  db: Db,
  rails: PayoutRails,
  now: () => number,
  options: { limit?: number; modes?: readonly LedgerBook[] } = {},
): Promise<number> {
  const { limit = 50, modes } = options;
  const waiting = db
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
    .limit(limit)
    .all();
  let asked = 0;
  for (const { row } of waiting) {
    const rail = row.rail ? rails[row.rail] : undefined;
    if (!rail?.lookupName) {
      record(db, row.id, row.updatedAt, "not_offered", null, now());
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
    record(db, row.id, row.updatedAt, check, registered, now());
  }
  return asked;
}

/** Store the answer unless the row was edited meanwhile (its edit asks again). */
function record(
  db: Db,
  rowId: string,
  seenUpdatedAt: number,
  check: NameCheck,
  registeredName: string | null,
  now: number,
) {
  db.update(disbursementRows)
    .set({ nameCheck: check, registeredName, updatedAt: now })
    .where(
      and(
        eq(disbursementRows.id, rowId),
        eq(disbursementRows.nameCheck, "pending"),
        eq(disbursementRows.updatedAt, seenUpdatedAt),
      ),
    )
    .run();
}
