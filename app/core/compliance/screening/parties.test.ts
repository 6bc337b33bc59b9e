/**
 * Screening by name (issue 31, item 2; ADR 0055): an application whose business or applicant is on
 * a list is held by a case and cannot be approved until the case is cleared; a Kenyan business
 * is clear (the screening is stored with the snapshot used); a list change screens merchants again
 * without opening a second case for the same party.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  complianceCases,
  complianceHolds,
  merchantApplications,
  merchants,
  merchantUsers,
  screenings,
} from "../../../../drizzle/schema";
import { inviteMember } from "~/core/accounts/team.server";
import { decideCase } from "~/core/compliance/cases.server";
import { submitApplication } from "~/core/merchants/applications.server";
import { validApplication } from "../../../../tests/fixtures/application";
import { installTestDatabase, testStore } from "../../../../tests/setup/db";
import { signedInOperator } from "../../../../tests/setup/operator-session";
import { addMember } from "../../../../tests/setup/members";
import { addMerchant } from "../../../../tests/setup/payments";
import { formPost, respond, toastOf } from "../../../../tests/setup/requests";
import { storeActiveSnapshot } from "../../../../tests/setup/sanctions";
import { action as reviewAction } from "~/routes/admin.applications.$id";
import { holdReleases } from "~/wiring/compliance.server";
import { teamInvitations } from "~/wiring/team.server";
import { rescreenParties, screenApplication } from "./parties.server";

const { db, close } = installTestDatabase();
afterAll(close);
const store = testStore(db);

// Names as the UN and OFAC lists publish them (tests/fixtures/compliance).
const unSnapshot = storeActiveSnapshot(db, "un", [
  {
    uid: "KPe.010",
    name: "GREEN PINE ASSOCIATED CORPORATION",
    kind: "entity",
    aliases: ["Cho'ngsong Yonhap", "Chongsong Yonhap"],
  },
]);
const ofacSnapshot = storeActiveSnapshot(db, "ofac", [
  { uid: "10278", name: "LOGAN MOREY, Elvis Angus", aliases: ["BURTON BURGESS"] },
]);

let emails = 0;
async function apply(businessName: string, contactName: string) {
  const result = await submitApplication(
    store,
    {
      ...validApplication,
      businessName,
      contactName,
      email: `apply${++emails}@example.co.ke`,
      businessType: "retail",
      agreedToTerms: true,
    } as never,
    {},
  );
  if (!result.ok) throw new Error("could not submit");
  return result.id;
}

const approve = async (id: string) => {
  const { cookie } = await signedInOperator(db, "reviewer");
  return respond(() =>
    reviewAction({
      request: formPost(
        `/admin/applications/${id}`,
        { intent: "approve", username: `owner${++emails}` },
        { cookie },
      ),
      params: { id },
      context: {},
    }),
  );
};

describe("an application", () => {
  it("with a listed business name is held: approval refuses until the case is cleared", async () => {
    const id = await apply("Green Pine Associated Corp.", "Achieng Otieno");
    const screened = await screenApplication(store, id, "application", Date.now());
    expect(screened).toMatchObject({ hit: true });
    const hold = db
      .select()
      .from(complianceHolds)
      .where(and(eq(complianceHolds.target, "application"), eq(complianceHolds.targetId, id)))
      .get()!;
    expect(hold).toMatchObject({ status: "held", caseId: screened!.caseId });
    // The hit names its own list and that list's snapshot (two lists are active).
    const business = db
      .select()
      .from(screenings)
      .where(and(eq(screenings.caseId, screened!.caseId!), eq(screenings.subject, "merchant")))
      .get()!;
    expect(JSON.parse(business.hits!)).toMatchObject([
      { source: "un", uid: "KPe.010", snapshotId: unSnapshot },
    ]);

    const refused = await approve(id);
    expect(refused.status).toBe(409);
    expect(await toastOf(refused)).toMatchObject({
      description:
        "A compliance case holds this application: it can be approved once the case is cleared.",
    });
    // Screening again (approval does) adds to the same case.
    expect((await screenApplication(store, id, "application", Date.now()))?.caseId).toBe(
      screened!.caseId,
    );

    await decideCase(store, holdReleases, {
      caseId: screened!.caseId!,
      operatorId: "op_test",
      decision: "clear",
      reason: "A different company",
      now: Date.now(),
    });
    // Approval screens again: the match the officer cleared is not raised again.
    expect((await approve(id)).status).toBe(200);
  });

  it("with a listed applicant (name reordered) is held", async () => {
    const id = await apply("Moi Avenue Electronics", "Elvis Angus Logan Morey");
    const screened = await screenApplication(store, id, "application", Date.now());
    expect(screened).toMatchObject({ hit: true });
    const applicant = db
      .select()
      .from(screenings)
      .where(and(eq(screenings.caseId, screened!.caseId!), eq(screenings.subject, "director")))
      .get()!;
    expect(JSON.parse(applicant.hits!)).toMatchObject([
      { source: "ofac", uid: "10278", snapshotId: ofacSnapshot },
    ]);
  });

  it("of a Kenyan business is clear, stored with the snapshots used, and can be approved", async () => {
    const id = await apply("Wanjiru Kamau Traders Ltd", "Wanjiru Kamau");
    expect(await screenApplication(store, id, "application", Date.now())).toMatchObject({
      hit: false,
      caseId: null,
    });
    const stored = db
      .select()
      .from(screenings)
      .where(eq(screenings.context, "application"))
      .all()
      .filter((row) => row.screened === "Wanjiru Kamau Traders Ltd");
    expect(stored[0]).toMatchObject({ result: "clear", subject: "merchant" });
    expect(stored[0]!.snapshotIds.split(",")).toContain(unSnapshot);
    expect((await approve(id)).status).toBe(200);
    // The applicant becomes the owner, by name: screened again with the merchant from now on.
    const application = db
      .select()
      .from(merchantApplications)
      .where(eq(merchantApplications.id, id))
      .get()!;
    const owner = db
      .select()
      .from(merchantUsers)
      .where(eq(merchantUsers.merchantId, application.merchantId!))
      .get()!;
    expect(owner).toMatchObject({ role: "owner", fullName: "Wanjiru Kamau" });
  });
});

describe("a team member", () => {
  async function join(merchantId: string, fullName: string, username: string) {
    const invited = await inviteMember(
      store,
      { merchantId, userId: addMember(db, merchantId).id },
      { email: `${username}@shop.example`, role: "cashier", invitationUrl: (token) => token },
    );
    if (!invited.ok) throw new Error("could not invite");
    return teamInvitations().acceptInvitation({
      token: invited.token,
      fullName,
      username,
      password: "green mango till drawer 7",
    });
  }

  it("whose name is listed opens a case on the merchant when they join; a Kenyan name is clear", async () => {
    addMerchant(db, "MRC-TEAMSK");
    expect(await join("MRC-TEAMSK", "Njeri Wambui", "njeri")).toMatchObject({ ok: true });
    const clear = db
      .select()
      .from(screenings)
      .where(and(eq(screenings.subjectRef, "MRC-TEAMSK"), eq(screenings.subject, "member")))
      .all();
    expect(clear).toEqual([expect.objectContaining({ screened: "Njeri Wambui", result: "clear" })]);

    expect(await join("MRC-TEAMSK", "Elvis Angus Logan Morey", "elvis")).toMatchObject({
      ok: true,
    });
    const hit = db
      .select()
      .from(screenings)
      .where(
        and(
          eq(screenings.subjectRef, "MRC-TEAMSK"),
          eq(screenings.subject, "member"),
          eq(screenings.screened, "Elvis Angus Logan Morey"),
        ),
      )
      .get()!;
    expect(hit).toMatchObject({ result: "hit", context: "team" });
    expect(JSON.parse(hit.hits!)).toEqual([expect.objectContaining({ uid: "10278" })]);
    const cases = db
      .select()
      .from(complianceCases)
      .where(and(eq(complianceCases.merchantId, "MRC-TEAMSK"), eq(complianceCases.status, "open")))
      .all();
    expect(cases).toHaveLength(1);
    expect(hit.caseId).toBe(cases[0]!.id);
  });
});

describe("a list change", () => {
  it("screens merchants again and opens one case per listed merchant, not one per run", async () => {
    addMerchant(db, "MRC-GRPN22");
    db.update(merchants)
      .set({ businessName: "Green Pine Associated Corporation" })
      .where(eq(merchants.id, "MRC-GRPN22"))
      .run();
    const first = await rescreenParties(store, Date.now());
    expect(first.hits).toBeGreaterThanOrEqual(1);
    await rescreenParties(store, Date.now());
    const cases = db
      .select()
      .from(complianceCases)
      .where(and(eq(complianceCases.merchantId, "MRC-GRPN22"), eq(complianceCases.status, "open")))
      .all();
    expect(cases).toHaveLength(1);
  });
});
