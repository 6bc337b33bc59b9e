/**
 * KYB routes (issue 31, item 6; ADR 0058): the application's "Add another person" without
 * JavaScript re-renders the form with a second person; an application with a director and an owner
 * stores both; Settings > Directors and owners lists, adds and removes (owners and admins only,
 * audited); an operator sets the merchant's tier and a document's expiry on the application page.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  applicationDocuments,
  auditLog,
  businessParties,
  merchantApplications,
  merchants,
} from "../../drizzle/schema";
import type { TeamRole } from "~/core/accounts/permissions";
import { INTENT } from "@conform-to/dom";
import { startSession } from "~/utils/session.server";
import { validApplication } from "../../tests/fixtures/application";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMember } from "../../tests/setup/members";
import { signedInOperator } from "../../tests/setup/operator-session";
import { addMerchant } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import GetStarted, { action as applyAction, loader as applyLoader } from "./get-started";
import { action as reviewAction } from "./admin.applications.$id";
import {
  action as ownersAction,
  loader as ownersLoader,
} from "./merchant.settings_.business-owners";

const { db, close } = installTestDatabase();
afterAll(close);

async function render(request: Request) {
  const handler = createStaticHandler([
    {
      id: "page",
      path: "/get-started",
      loader: (args) => applyLoader({ request: args.request, params: {}, context: {} }),
      action: (args) => applyAction({ request: args.request, params: {}, context: {} }),
      Component: GetStarted,
    },
  ]);
  const context = await handler.query(request);
  if (context instanceof Response) return { response: context, html: "" };
  const router = createStaticRouter(handler.dataRoutes, context);
  return {
    html: renderToString(
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ).replaceAll("<!-- -->", ""),
  };
}

const owner = {
  "parties[1].role": "owner",
  "parties[1].fullName": "Baraka Mwangi",
  "parties[1].nationality": "KE",
  "parties[1].idNumber": "A1234567",
  "parties[1].dateOfBirth": "1979-09-30",
  "parties[1].sharePercent": "60",
};

describe("the application", () => {
  it("without JavaScript, 'Add another person' shows a second person, nothing checked yet", async () => {
    const { html } = await render(
      formPost("/get-started", {
        ...validApplication,
        [INTENT]: JSON.stringify({
          type: "insert",
          payload: { name: "parties", defaultValue: { role: "owner" } },
        }),
      }),
    );
    expect(html).toContain("Person 1");
    expect(html).toContain("Person 2");
    expect(html).toContain('value="Achieng Otieno"');
    expect(html).not.toContain("problem with your application");
  });

  it("with a director and an owner stores both", async () => {
    const response = await respond(() =>
      applyAction({
        request: formPost("/get-started", {
          ...validApplication,
          ...owner,
          email: "parties@example.co.ke",
          intent: "submit",
        }),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(302);
    const application = db
      .select()
      .from(merchantApplications)
      .where(eq(merchantApplications.emailNormalized, "parties@example.co.ke"))
      .get()!;
    const parties = db
      .select()
      .from(businessParties)
      .where(eq(businessParties.applicationId, application.id))
      .all();
    expect(parties.map((p) => [p.role, p.fullName, p.ownershipBps]).sort()).toEqual([
      ["director", "Achieng Otieno", null],
      ["owner", "Baraka Mwangi", 6000],
    ]);
  });

  it("an owner's share over 100% in total is refused with the list's message", async () => {
    const { html } = await render(
      formPost("/get-started", {
        ...validApplication,
        ...owner,
        "parties[2].role": "owner",
        "parties[2].fullName": "Zawadi Njeri",
        "parties[2].nationality": "KE",
        "parties[2].idNumber": "B7654321",
        "parties[2].dateOfBirth": "1990-02-01",
        "parties[2].sharePercent": "50",
        email: "over@example.co.ke",
        intent: "submit",
      }),
    );
    expect(html).toContain("The owners&#x27; shares add up to more than 100%");
  });
});

let members = 0;
async function signedInMember(merchantId: string, role: TeamRole) {
  const { id } = addMember(db, merchantId, role, { username: `kyb${role}${++members}` });
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  return { id, cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })) };
}

describe("Settings: directors and owners", () => {
  const merchantId = "MRC-KYBRT1";
  const person = {
    role: "director",
    fullName: "Wanjiru Kamau",
    nationality: "KE",
    idNumber: "12345678",
    dateOfBirth: "1980-01-31",
  };

  it("an owner adds and removes people; the removed row is kept; each change is audited", async () => {
    addMerchant(db, merchantId);
    const { cookie } = await signedInMember(merchantId, "owner");
    const post = (fields: Record<string, string>) =>
      respond(() =>
        ownersAction({
          request: formPost("/merchant/settings/business-owners", fields, { cookie }),
          params: {},
          context: {},
        }),
      );
    expect((await post({ ...person, intent: "add" })).status).toBe(302);
    const added = await post({ ...person, fullName: "Otieno Ouma", intent: "add" });
    expect(await toastOf(added)).toMatchObject({ message: "Person added" });
    const refused = await post({ ...person, role: "owner", intent: "add" });
    expect(refused.status).toBe(400);

    const listed = (await respond(() =>
      ownersLoader({
        request: get("/merchant/settings/business-owners", { cookie }),
        params: {},
        context: {},
      }),
    ).then((r) => r.json())) as { parties: { id: string; fullName: string; idNumber: string }[] };
    expect(listed.parties.map((p) => p.fullName)).toEqual(["Wanjiru Kamau", "Otieno Ouma"]);
    // ID numbers are shown masked.
    expect(listed.parties[0]!.idNumber).toBe("•••• 5678");

    const removed = await post({ intent: "remove", partyId: listed.parties[1]!.id });
    expect(await toastOf(removed)).toMatchObject({ message: "Person removed" });
    // The last director cannot go.
    const last = await post({ intent: "remove", partyId: listed.parties[0]!.id });
    expect(last.status).toBe(409);
    expect(await toastOf(last)).toMatchObject({
      description: "A business needs at least one director: add another one first.",
    });
    const row = db
      .select()
      .from(businessParties)
      .where(eq(businessParties.id, listed.parties[1]!.id))
      .get()!;
    expect(row.removedAt).not.toBeNull();
    const actions = db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "merchant"), eq(auditLog.targetId, merchantId)))
      .all()
      .map((entry) => entry.action)
      .filter((action) => action.startsWith("kyb."));
    expect(actions.sort()).toEqual(["kyb.party_added", "kyb.party_added", "kyb.party_removed"]);
  });

  it("a viewer may not see or change them", async () => {
    const { cookie } = await signedInMember(merchantId, "viewer");
    const response = await respond(() =>
      ownersLoader({
        request: get("/merchant/settings/business-owners", { cookie }),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(403);
  });
});

describe("an operator on the application page", () => {
  it("sets the merchant's tier and a document's expiry, audited; the review date follows", async () => {
    const merchantId = "MRC-KYBOP1";
    addMerchant(db, merchantId);
    const applicationId = "app_kyb_operator";
    db.insert(merchantApplications)
      .values({
        id: applicationId,
        reference: "APP-KYBOPER2",
        status: "approved",
        businessName: "Shop",
        businessType: "retail",
        registrationNumber: "PVT-KY1234AB",
        contactName: "Achieng Otieno",
        email: "kybop@example.co.ke",
        emailNormalized: "kybop@example.co.ke",
        countryCode: "+254",
        phone: "+254712345678",
        country: "KE",
        city: "Nairobi",
        agreedToTerms: true,
        agreedToNewsletter: false,
        merchantId,
        createdAt: Date.now(),
      })
      .run();
    db.insert(applicationDocuments)
      .values({
        id: "doc_kyb_op",
        applicationId,
        fileName: "permit.pdf",
        storedName: "x.pdf",
        sizeBytes: 10,
        sha256: "0".repeat(64),
        contentType: "application/pdf",
        merchantId,
        createdAt: Date.now(),
      })
      .run();
    const { cookie } = await signedInOperator(db, "reviewer");
    const post = (fields: Record<string, string>) =>
      respond(() =>
        reviewAction({
          request: formPost(`/admin/applications/${applicationId}`, fields, { cookie }),
          params: { id: applicationId },
          context: {},
        }),
      );
    expect((await post({ intent: "tier", tier: "basic" })).status).toBe(200);
    const merchant = () => db.select().from(merchants).where(eq(merchants.id, merchantId)).get()!;
    expect(merchant().kybTier).toBe("basic");

    const inTwoMonths = new Date(Date.now() + 60 * 24 * 3_600_000).toISOString().slice(0, 10);
    expect(
      (
        await post({
          intent: "document",
          documentId: "doc_kyb_op",
          documentType: "business_permit",
          expiresOn: inTwoMonths,
        })
      ).status,
    ).toBe(200);
    const document = db
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.id, "doc_kyb_op"))
      .get()!;
    expect(document.documentType).toBe("business_permit");
    // Due 30 days before the document expires (earlier than the basic tier's year).
    expect(merchant().kybReviewDueAt).toBe(
      Date.parse(`${inTwoMonths}T00:00:00+03:00`) - 30 * 24 * 3_600_000,
    );
    const bad = await post({ intent: "document", documentId: "doc_kyb_op", documentType: "poem" });
    expect(bad.status).toBe(400);
    const audited = db
      .select({ action: auditLog.action })
      .from(auditLog)
      .all()
      .map((entry) => entry.action);
    expect(audited).toEqual(expect.arrayContaining(["kyb.tier_set", "kyb.document_updated"]));
  });
});
