/**
 * The directors and beneficial owners behind a business (issue 31, item 6; ADR 0058): written with
 * the application, linked to the merchant on approval, and kept by the merchant's owners and
 * admins in Settings. A removed party keeps its row (`removed_at`): records are kept 7 years. Every
 * change in Settings is audited in its own write, and the list stays whole: at least one director,
 * the owners' shares at most 100%, at most MAX_PARTIES people.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { applicationDocuments, businessParties, merchants } from "../../../drizzle/schema";
import { recordMemberAudit } from "~/core/audit.server";
import { readableCode } from "~/core/ids.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { MAX_PARTIES, partiesProblem, type PartyInput } from "./party-schema";
import { raiseMerchantPepScrutiny } from "./pep.server";
import { refreshReviewDue } from "./reviews.server";

export type PartyRow = typeof businessParties.$inferSelect;

export const newPartyId = () => `pty_${readableCode(12).toLowerCase()}`;

function values(input: PartyInput) {
  return {
    role: input.role,
    fullName: input.fullName,
    nationality: input.nationality,
    idNumber: input.idNumber,
    dateOfBirth: input.dateOfBirth,
    ownershipBps: input.ownershipBps,
    pep: input.pep,
    pepDetails: input.pepDetails,
  };
}

/** Write the application's parties in the submitting transaction. */
export async function insertApplicationParties(
  q: Handle,
  applicationId: string,
  parties: readonly PartyInput[] = [],
  now: number = Date.now(),
): Promise<void> {
  if (parties.length === 0) return;
  await q.insert(businessParties).values(
    parties.map((party) => ({
      id: newPartyId(),
      applicationId,
      merchantId: null,
      ...values(party),
      createdAt: now,
      updatedAt: now,
    })),
  );
}

/** On approval, in its transaction: the application's parties and documents become the merchant's.
 */
export async function linkKybToMerchant(
  q: Handle,
  applicationId: string,
  merchantId: string,
  now: number,
): Promise<void> {
  await q
    .update(businessParties)
    .set({ merchantId, updatedAt: now })
    .where(eq(businessParties.applicationId, applicationId));
  await q
    .update(applicationDocuments)
    .set({ merchantId })
    .where(eq(applicationDocuments.applicationId, applicationId));
}

/** The parties of an application or a merchant still listed (not removed), directors first. */
export function activePartiesOn(
  q: Handle,
  of: { applicationId: string } | { merchantId: string },
): Promise<PartyRow[]> {
  const owner =
    "applicationId" in of
      ? eq(businessParties.applicationId, of.applicationId)
      : eq(businessParties.merchantId, of.merchantId);
  return q
    .select()
    .from(businessParties)
    .where(and(owner, isNull(businessParties.removedAt)))
    .orderBy(asc(businessParties.role), asc(businessParties.createdAt), asc(businessParties.id));
}

export function listParties(
  store: Store,
  of: { applicationId: string } | { merchantId: string },
): Promise<PartyRow[]> {
  return store.read((q) => activePartiesOn(q, of));
}

export class PartyError extends Error {}

/** Who changes a merchant's parties in Settings. */
export interface PartyActor {
  merchantId: string;
  userId: string;
}

type Listed = Pick<PartyInput, "role" | "ownershipBps">;

/**
 * The list as it would be after a change, checked whole; throws PartyError. A business that had a
 * director keeps one (one approved before directors were asked may add its owners first).
 */
function checkWhole(before: readonly Listed[], after: readonly Listed[]): void {
  if (after.length > MAX_PARTIES)
    throw new PartyError(`A business lists at most ${MAX_PARTIES} people.`);
  const problem = partiesProblem(after);
  const hadDirector = before.some((party) => party.role === "director");
  if (problem === "Add at least one director") {
    if (hadDirector)
      throw new PartyError("A business needs at least one director: add another one first.");
    return;
  }
  if (problem) throw new PartyError(`${problem}.`);
}

/** What the audit keeps of a party: never its ID number or date of birth in full. */
function summary(party: Pick<PartyInput, "role" | "fullName" | "ownershipBps" | "pep">) {
  return {
    role: party.role,
    fullName: party.fullName,
    ownershipBps: party.ownershipBps,
    pep: party.pep,
  };
}

/**
 * After a change in Settings, in its write: a newly declared PEP opens a case on the merchant, and
 * the next review date is worked out again (a PEP shortens the cycle).
 */
async function afterChange(
  q: Handle,
  merchantId: string,
  pep: { id: string; role: string; fullName: string; pepDetails: string | null } | null,
  now: number,
): Promise<void> {
  if (pep) await raiseMerchantPepScrutiny(q, merchantId, pep, now);
  await refreshReviewDue(q, merchantId);
}

/**
 * A change to the merchant's people in Settings: the merchant's row is locked first, so two
 * changes at once (two removals of the last two directors, two owners' shares) are checked one
 * after the other against what the other wrote, never both against the same list.
 */
function changeParties<T>(
  store: Store,
  actor: PartyActor,
  change: (q: Handle, current: PartyRow[]) => Promise<T>,
): Promise<T> {
  return store.write(async (q) => {
    await first(
      store.forUpdate(
        q
          .select({ id: merchants.id })
          .from(merchants)
          .where(eq(merchants.id, actor.merchantId))
          .limit(1),
      ),
    );
    return change(q, await activePartiesOn(q, { merchantId: actor.merchantId }));
  });
}

/** Add a director or owner in Settings; its id. */
export function addParty(
  store: Store,
  actor: PartyActor,
  input: PartyInput,
  now = Date.now(),
): Promise<string> {
  return changeParties(store, actor, async (q, current) => {
    checkWhole(current, [...current, input]);
    const id = newPartyId();
    await q.insert(businessParties).values({
      id,
      applicationId: null,
      merchantId: actor.merchantId,
      ...values(input),
      createdAt: now,
      updatedAt: now,
    });
    await recordMemberAudit(q, actor, "kyb.party_added", { partyId: id, ...summary(input) }, now);
    await afterChange(q, actor.merchantId, input.pep ? { id, ...input } : null, now);
    return id;
  });
}

/** One of the merchant's listed people (the current ones), or the error the page shows. */
function ownParty(current: readonly PartyRow[], partyId: string): PartyRow {
  const party = current.find((row) => row.id === partyId);
  if (!party) throw new PartyError("That person is not listed for your business.");
  return party;
}

/** Change a party's details in Settings. */
export function updateParty(
  store: Store,
  actor: PartyActor,
  partyId: string,
  input: PartyInput,
  now = Date.now(),
): Promise<void> {
  return changeParties(store, actor, async (q, current) => {
    const party = ownParty(current, partyId);
    checkWhole(
      current,
      current.map((row) => (row.id === partyId ? input : row)),
    );
    await q
      .update(businessParties)
      .set({ ...values(input), updatedAt: now })
      .where(eq(businessParties.id, partyId));
    await recordMemberAudit(
      q,
      actor,
      "kyb.party_changed",
      { partyId, from: summary(party), to: summary(input) },
      now,
    );
    const newlyPep = input.pep && !party.pep ? { id: partyId, ...input } : null;
    await afterChange(q, actor.merchantId, newlyPep, now);
  });
}

/** Remove a party in Settings: its row stays, marked removed. */
export function removeParty(
  store: Store,
  actor: PartyActor,
  partyId: string,
  now = Date.now(),
): Promise<void> {
  return changeParties(store, actor, async (q, current) => {
    const party = ownParty(current, partyId);
    checkWhole(
      current,
      current.filter((row) => row.id !== partyId),
    );
    await q
      .update(businessParties)
      .set({ removedAt: now, updatedAt: now })
      .where(eq(businessParties.id, partyId));
    await recordMemberAudit(q, actor, "kyb.party_removed", { partyId, ...summary(party) }, now);
    await afterChange(q, actor.merchantId, null, now);
  });
}
