/**
 * Screening the parties we deal with by name (issue 31, item 2; ADR 0055): an application's
 * business, the person applying and its directors and beneficial owners (item 6, ADR 0058) when it
 * is submitted and again before it is approved; a merchant's business, its directors and owners
 * and its team members (by the full name each gives on joining) when one is added or changed; and
 * every application and merchant again when a list changes. A hit opens a high-severity case; on
 * an application it holds the application (it cannot be approved), on a merchant the case is for
 * an officer to decide (offboarding is one decision). An open case already holding the
 * application is not opened twice: the new screenings go to it.
 */
import { and, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import {
  complianceCases,
  complianceHolds,
  merchantApplications,
  merchants,
  merchantUsers,
  screenings,
} from "../../../../drizzle/schema";
import { activePartiesOn } from "~/core/kyb/parties.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { yieldToLoop } from "../sanctions/names-index";
import { openCase } from "../cases.server";
import type { ListedKind, ScreeningContext, ScreeningSubject } from "../vocabulary";
import { recordScreening } from "./addresses.server";
import { matchListedName, type NameScreening } from "./names.server";

const ORGANISATIONS: readonly ListedKind[] = ["entity", "vessel", "aircraft"];
const PEOPLE: readonly ListedKind[] = ["individual"];

interface Screened {
  subject: ScreeningSubject;
  name: string;
  result: NameScreening;
}

/**
 * The listed parties an officer already cleared for this party (`source:uid`): a false positive
 * cleared once is not raised again on the next screening. It is still stored as a hit.
 */
async function clearedMatches(q: Handle, subjectRef: string): Promise<Set<string>> {
  const rows = await q
    .select({ hits: screenings.hits })
    .from(screenings)
    .innerJoin(complianceCases, eq(complianceCases.id, screenings.caseId))
    .where(and(eq(screenings.subjectRef, subjectRef), eq(complianceCases.status, "cleared")));
  const cleared = new Set<string>();
  for (const row of rows)
    for (const hit of JSON.parse(row.hits ?? "[]") as { source: string; uid: string }[])
      cleared.add(`${hit.source}:${hit.uid}`);
  return cleared;
}

/** Store the screenings and, on a hit, open (or add to) the case; in one write. */
async function record(
  store: Store,
  target: { applicationId?: string; merchantId?: string; ref: string },
  screened: Screened[],
  context: ScreeningContext,
  now: number,
): Promise<{ hit: boolean; caseId: string | null }> {
  return store.write(async (q) => {
    const ids: string[] = [];
    for (const one of screened)
      ids.push(
        await recordScreening(q, {
          subject: one.subject,
          subjectRef: target.ref,
          screened: one.name,
          context,
          snapshotIds: one.result.snapshotIds,
          hits: one.result.hits,
          now,
        }),
      );
    const found = screened.flatMap((one) => one.result.hits);
    if (found.length === 0) return { hit: false, caseId: null };
    const cleared = await clearedMatches(q, target.ref);
    const hits = found.filter((hit) => !cleared.has(`${hit.source}:${hit.uid}`));
    if (hits.length === 0) return { hit: false, caseId: null };
    // An open case about the same party takes the new screenings instead of a second case.
    const held = target.applicationId
      ? await first(
          q
            .select({ caseId: complianceHolds.caseId })
            .from(complianceHolds)
            .innerJoin(complianceCases, eq(complianceCases.id, complianceHolds.caseId))
            .where(
              and(
                eq(complianceHolds.target, "application"),
                eq(complianceHolds.targetId, target.applicationId),
                eq(complianceHolds.status, "held"),
                // A PEP review (a manual case, ADR 0058) holding it too does not take the hits.
                eq(complianceCases.kind, "sanctions_hit"),
              ),
            )
            .limit(1),
        )
      : await first(
          q
            .select({ caseId: complianceCases.id })
            .from(complianceCases)
            .where(
              and(
                eq(complianceCases.merchantId, target.merchantId ?? ""),
                eq(complianceCases.kind, "sanctions_hit"),
                eq(complianceCases.status, "open"),
                isNull(complianceCases.applicationId),
              ),
            )
            .limit(1),
        );
    if (held) {
      await q.update(screenings).set({ caseId: held.caseId }).where(inArray(screenings.id, ids));
      return { hit: true, caseId: held.caseId };
    }
    const caseId = await openCase(q, {
      kind: "sanctions_hit",
      severity: "high",
      title: target.applicationId
        ? `Application ${target.ref}: a name on a sanctions list`
        : `Merchant ${target.ref}: a name on a sanctions list`,
      merchantId: target.merchantId ?? null,
      applicationId: target.applicationId ?? null,
      evidence: { names: screened.map((one) => one.name), hits },
      holds: target.applicationId
        ? [{ target: "application", targetId: target.applicationId }]
        : [],
      screeningIds: ids,
      now,
    });
    return { hit: true, caseId };
  });
}

/** Each director's and owner's name against the listed individuals. */
async function screenPeople(
  store: Store,
  parties: readonly { fullName: string }[],
  subject: ScreeningSubject = "director",
): Promise<Screened[]> {
  const screened: Screened[] = [];
  for (const party of parties)
    screened.push({
      subject,
      name: party.fullName,
      result: await matchListedName(store, party.fullName, PEOPLE),
    });
  return screened;
}

/** The team members who gave their full name and are not removed (issue 31, item 2). */
async function namedMembersOf(q: Handle, merchantId: string): Promise<{ fullName: string }[]> {
  const rows = await q
    .select({ fullName: merchantUsers.fullName })
    .from(merchantUsers)
    .where(
      and(
        eq(merchantUsers.merchantId, merchantId),
        ne(merchantUsers.status, "removed"),
        isNotNull(merchantUsers.fullName),
      ),
    );
  return rows.flatMap((row) => (row.fullName ? [{ fullName: row.fullName }] : []));
}

/**
 * Screen a merchant's business, its directors and owners and its named team members (a list
 * change, a party added or changed in Settings, a member joining); a hit opens a case for an
 * officer.
 */
export async function screenMerchant(
  store: Store,
  merchantId: string,
  context: ScreeningContext,
  now: number,
): Promise<{ hit: boolean; caseId: string | null } | null> {
  const merchant = await store.read((q) =>
    first(
      q
        .select({ id: merchants.id, businessName: merchants.businessName })
        .from(merchants)
        .where(eq(merchants.id, merchantId))
        .limit(1),
    ),
  );
  if (!merchant) return null;
  const [parties, members] = await store.read((q) =>
    Promise.all([activePartiesOn(q, { merchantId }), namedMembersOf(q, merchantId)]),
  );
  const screened: Screened[] = [
    {
      subject: "merchant",
      name: merchant.businessName,
      result: await matchListedName(store, merchant.businessName, ORGANISATIONS),
    },
    ...(await screenPeople(store, parties)),
    ...(await screenPeople(store, members, "member")),
  ];
  return record(store, { merchantId: merchant.id, ref: merchant.id }, screened, context, now);
}

/** Screen an application's business, applicant, directors and owners; a hit holds it. */
export async function screenApplication(
  store: Store,
  applicationId: string,
  context: ScreeningContext,
  now: number,
): Promise<{ hit: boolean; caseId: string | null } | null> {
  const application = await store.read((q) =>
    first(
      q
        .select({
          id: merchantApplications.id,
          reference: merchantApplications.reference,
          businessName: merchantApplications.businessName,
          contactName: merchantApplications.contactName,
        })
        .from(merchantApplications)
        .where(eq(merchantApplications.id, applicationId))
        .limit(1),
    ),
  );
  if (!application) return null;
  const parties = await store.read((q) => activePartiesOn(q, { applicationId }));
  const screened: Screened[] = [
    {
      subject: "merchant",
      name: application.businessName,
      result: await matchListedName(store, application.businessName, ORGANISATIONS),
    },
    {
      subject: "director",
      name: application.contactName,
      result: await matchListedName(store, application.contactName, PEOPLE),
    },
    ...(await screenPeople(store, parties)),
  ];
  return record(
    store,
    { applicationId: application.id, ref: application.reference },
    screened,
    context,
    now,
  );
}

/**
 * A list changed: screen every application waiting for review and every merchant (its business,
 * directors and owners) again, yielding to the event loop between parties. Returns how many were
 * screened and hit.
 */
export async function rescreenParties(
  store: Store,
  now: number,
): Promise<{ screened: number; hits: number }> {
  const [waiting, active] = await store.read((q) =>
    Promise.all([
      q
        .select({ id: merchantApplications.id })
        .from(merchantApplications)
        .where(eq(merchantApplications.status, "submitted")),
      q.select({ id: merchants.id }).from(merchants),
    ]),
  );
  let hits = 0;
  for (const { id } of waiting) {
    if ((await screenApplication(store, id, "list_change", now))?.hit) hits++;
    await yieldToLoop();
  }
  for (const merchant of active) {
    if ((await screenMerchant(store, merchant.id, "list_change", now))?.hit) hits++;
    await yieldToLoop();
  }
  return { screened: waiting.length + active.length, hits };
}
