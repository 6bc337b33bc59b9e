/**
 * KYB parties, PEP scrutiny, tiers and reviews (issue 31, item 6; ADR 0058): an application's
 * directors and owners are stored and screened (a listed director holds it), a declared PEP holds
 * it under an enhanced review until an officer clears it, approval hands the parties and documents
 * to the merchant; Settings changes keep the list whole and are audited; a due review e-mails the
 * owners once.
 */
import { parseWithZod } from "@conform-to/zod";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  auditLog,
  businessParties,
  complianceCases,
  complianceHolds,
  merchants,
  outboundEmails,
  screenings,
} from "../../../drizzle/schema";
import { decideCase } from "~/core/compliance/cases.server";
import { screenMerchant } from "~/core/compliance/screening/parties.server";
import { applicationSchema, type ApplicationInput } from "~/core/merchants/application-schema";
import { ReviewError } from "~/core/merchants/applications.server";
import { signedInOperator } from "../../../tests/setup/operator-session";
import { holdReleases } from "~/wiring/compliance.server";
import { validApplication } from "../../../tests/fixtures/application";
import { installTestDatabase, testStore } from "../../../tests/setup/db";
import { addMember } from "../../../tests/setup/members";
import { addMerchant } from "../../../tests/setup/payments";
import { storeActiveSnapshot } from "../../../tests/setup/sanctions";
import { applications } from "~/wiring/applications.server";
import { addParty, listParties, PartyError, removeParty, updateParty } from "./parties.server";
import { partySchema } from "./party-schema";
import { reviewsDue, sendReviewReminders, setMerchantTier } from "./reviews.server";

const { db, close } = installTestDatabase();
afterAll(close);
const store = testStore(db);

storeActiveSnapshot(db, "ofac", [
  { uid: "10278", name: "LOGAN MOREY, Elvis Angus", aliases: ["BURTON BURGESS"] },
]);

let n = 0;
function input(fields: Record<string, string>): ApplicationInput {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    ...validApplication,
    email: `kyb${++n}@example.co.ke`,
    ...fields,
  }))
    form.set(name, value);
  const submission = parseWithZod(form, { schema: applicationSchema });
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

const owner = {
  "parties[1].role": "owner",
  "parties[1].fullName": "Baraka Mwangi",
  "parties[1].nationality": "KE",
  "parties[1].idNumber": "A1234567",
  "parties[1].dateOfBirth": "1979-09-30",
  "parties[1].sharePercent": "60",
};

async function submit(fields: Record<string, string>) {
  const result = await applications().submit(input(fields), {});
  if (!result.ok) throw new Error("not submitted");
  return result.id;
}

const approve = async (applicationId: string) =>
  applications().approve({
    applicationId,
    operatorId: (await signedInOperator(db, "reviewer")).operator.id,
    username: `owner${++n}`,
    setPasswordUrl: (token) => `https://onehop.test/set?token=${token}`,
    linkTtlMs: 3_600_000,
  });

const caseOf = (applicationId: string) =>
  db.select().from(complianceCases).where(eq(complianceCases.applicationId, applicationId)).all();

describe("an application's directors and owners", () => {
  it("are stored with it, screened, and become the merchant's on approval", async () => {
    const id = await submit(owner);
    const parties = await listParties(store, { applicationId: id });
    expect(parties.map((p) => [p.role, p.fullName, p.ownershipBps])).toEqual([
      ["director", "Achieng Otieno", null],
      ["owner", "Baraka Mwangi", 6000],
    ]);
    const screened = db
      .select()
      .from(screenings)
      .where(eq(screenings.screened, "Baraka Mwangi"))
      .all();
    expect(screened[0]).toMatchObject({ subject: "director", result: "clear" });
    expect(caseOf(id)).toEqual([]);

    const { merchantId } = await approve(id);
    expect((await listParties(store, { merchantId })).map((p) => p.fullName)).toEqual([
      "Achieng Otieno",
      "Baraka Mwangi",
    ]);
    const merchant = db.select().from(merchants).where(eq(merchants.id, merchantId)).get()!;
    expect(merchant.kybTier).toBe("standard");
    expect(merchant.kybReviewDueAt).toBeGreaterThan(Date.now());
  });

  it("with a listed director (names reordered) is held until the case is cleared", async () => {
    const id = await submit({ "parties[0].fullName": "Elvis Angus Logan Morey" });
    const [opened] = caseOf(id);
    expect(opened).toMatchObject({ kind: "sanctions_hit", status: "open" });
    const hit = db
      .select()
      .from(screenings)
      .where(
        and(eq(screenings.caseId, opened!.id), eq(screenings.screened, "Elvis Angus Logan Morey")),
      )
      .get()!;
    expect(JSON.parse(hit.hits!)).toMatchObject([{ source: "ofac", uid: "10278" }]);
    await expect(approve(id)).rejects.toThrow(ReviewError);
  });

  it("declaring a PEP opens an enhanced review that holds approval until an officer clears it", async () => {
    const id = await submit({
      ...owner,
      "parties[1].pep": "on",
      "parties[1].pepDetails": "Member of the County Assembly of Nakuru, 2017 to 2022",
    });
    const [review] = caseOf(id);
    expect(review).toMatchObject({ kind: "manual", status: "open", severity: "medium" });
    expect(
      db.select().from(complianceHolds).where(eq(complianceHolds.caseId, review!.id)).get(),
    ).toMatchObject({ target: "application", targetId: id, status: "held" });
    await expect(approve(id)).rejects.toThrow(
      "A compliance case holds this application: it can be approved once the case is cleared.",
    );
    // Approval looks again: the same review, not a second one.
    expect(caseOf(id)).toHaveLength(1);

    await decideCase(store, holdReleases, {
      caseId: review!.id,
      operatorId: "op_test",
      decision: "clear",
      reason: "Source of funds documented; approved by the MLRO",
      now: Date.now(),
    });
    const { merchantId } = await approve(id);
    // A PEP's merchant is reviewed yearly, not on the standard two-year cycle.
    const due = db.select().from(merchants).where(eq(merchants.id, merchantId)).get()!
      .kybReviewDueAt!;
    expect(due).toBeLessThan(Date.now() + 367 * 24 * 3_600_000);
  });
});

describe("Settings changes", () => {
  const actor = { merchantId: "MRC-KYBST1", userId: "usr_kyb_owner" };
  const person = (fields: Record<string, unknown>) =>
    partySchema.parse({
      role: "director",
      fullName: "Wanjiru Kamau",
      nationality: "KE",
      idNumber: "12345678",
      dateOfBirth: "1980-01-31",
      ...fields,
    });

  it("keep a director and the shares whole, are audited, and a removed party keeps its row", async () => {
    addMerchant(db, actor.merchantId);
    const director = await addParty(store, actor, person({}));
    const ownerId = await addParty(store, actor, person({ role: "owner", sharePercent: "70" }));
    await expect(
      addParty(
        store,
        actor,
        person({ role: "owner", fullName: "Otieno Ouma", sharePercent: "31" }),
      ),
    ).rejects.toThrow("The owners' shares add up to more than 100%.");
    await expect(removeParty(store, actor, director)).rejects.toThrow(PartyError);
    await updateParty(store, actor, ownerId, person({ role: "owner", sharePercent: "100" }));
    await removeParty(store, actor, ownerId);

    expect((await listParties(store, { merchantId: actor.merchantId })).map((p) => p.id)).toEqual([
      director,
    ]);
    const removed = db.select().from(businessParties).where(eq(businessParties.id, ownerId)).get()!;
    expect(removed.removedAt).not.toBeNull();
    expect(removed.ownershipBps).toBe(10_000);
    const actions = db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "merchant"), eq(auditLog.targetId, actor.merchantId)))
      .all()
      .map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(["kyb.party_added", "kyb.party_changed", "kyb.party_removed"]),
    );
  });

  it("two removals of the last two directors at once: one is refused, a director stays", async () => {
    const two = { merchantId: "MRC-KYBST2", userId: "usr_kyb_owner2" };
    addMerchant(db, two.merchantId);
    const first = await addParty(store, two, person({}));
    const second = await addParty(store, two, person({ fullName: "Akinyi Odera" }));
    const results = await Promise.allSettled([
      removeParty(store, two, first),
      removeParty(store, two, second),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await listParties(store, { merchantId: two.merchantId })).toHaveLength(1);
  });

  it("a listed director added is screened: the merchant gets a case", async () => {
    await addParty(store, actor, person({ fullName: "Elvis Angus Logan Morey" }));
    expect(await screenMerchant(store, actor.merchantId, "manual", Date.now())).toMatchObject({
      hit: true,
    });
  });

  it("a PEP added opens a review on the merchant", async () => {
    await addParty(
      store,
      actor,
      person({ fullName: "Juma Hassan", pep: true, pepDetails: "Former MP" }),
    );
    expect(
      db
        .select()
        .from(complianceCases)
        .where(
          and(eq(complianceCases.merchantId, actor.merchantId), eq(complianceCases.kind, "manual")),
        )
        .all(),
    ).toHaveLength(1);
  });
});

describe("a due review", () => {
  it("e-mails the merchant's active owners once, and is listed for operators", async () => {
    const merchantId = "MRC-KYBRV1";
    addMerchant(db, merchantId);
    addMember(db, merchantId, "owner", { email: "owner@review.example" });
    addMember(db, merchantId, "owner", { email: "gone@review.example", status: "removed" });
    addMember(db, merchantId, "viewer", { email: "viewer@review.example" });
    const { reviewDueAt } = await setMerchantTier(store, {
      merchantId,
      tier: "enhanced",
      operatorId: "op_test",
    });
    // Enhanced: a year from the decision.
    expect(reviewDueAt).toBeGreaterThan(Date.now() + 364 * 24 * 3_600_000);
    const later = reviewDueAt! + 60_000;
    expect((await reviewsDue(store, later)).map((row) => row.merchantId)).toContain(merchantId);
    expect((await reviewsDue(store, Date.now())).map((row) => row.merchantId)).not.toContain(
      merchantId,
    );

    await sendReviewReminders(store, later);
    await sendReviewReminders(store, later + 86_400_000);
    const sent = db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.subject, "Your OneHop business details are due for review"))
      .all()
      .filter((email) => email.bodyText.includes(merchantId));
    expect(sent.map((email) => email.toAddress)).toEqual(["owner@review.example"]);
  });
});
