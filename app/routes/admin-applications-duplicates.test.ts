/**
 * Issue 30, item 5: operators see possible duplicates (same phone, e-mail or registration number
 * as another application, or an existing merchant's e-mail or phone) on the queue and the review
 * page, and the audit log names the operator who acted.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { merchantApplications, merchants } from "../../drizzle/schema";
import { recordAudit } from "~/core/audit.server";
import type { DuplicateMatch } from "~/core/merchants/application-duplicates";
import { normalizeRegistrationNumber } from "~/core/merchants/application-schema";
import { submitApplication } from "~/core/merchants/applications.server";
import { validApplication } from "../../tests/fixtures/application";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { signedInOperator } from "../../tests/setup/operator-session";
import { formPost, get, respond } from "../../tests/setup/requests";
import AdminApplication, {
  action as reviewAction,
  loader as reviewLoader,
} from "./admin.applications.$id";
import AdminApplications, { loader as listLoader } from "./admin.applications._index";

const { db, close } = installTestDatabase();
afterAll(close);

/** Each application a minute after the one before (the flags list the newest first). */
let clock = Date.now() - 3_600_000;

async function apply(fields: { email: string; phone: string; registrationNumber: string }) {
  clock += 60_000;
  const result = await submitApplication(
    testStore(db),
    {
      ...validApplication,
      ...fields,
      // As the form's schema leaves it.
      registrationNumber: normalizeRegistrationNumber(fields.registrationNumber),
      agreedToTerms: true,
    } as never,
    { now: clock },
  );
  if (!result.ok) throw new Error("could not submit");
  return result;
}

type Listed = { id: string; reference: string; duplicates: DuplicateMatch[] };

let cookie = "";
const ids: Record<string, { id: string; reference: string }> = {};

beforeAll(async () => {
  cookie = (await signedInOperator(db, "reviewer")).cookie;
  // The same e-mail in other letters, on an application turned down before (one pending
  // application per address is refused when submitted).
  ids.sameEmail = await apply({
    email: "Wanjiru@Duka.Example",
    phone: "0711 000 002",
    registrationNumber: "PVT-AA0002",
  });
  db.update(merchantApplications)
    .set({ status: "rejected" })
    .where(eq(merchantApplications.id, ids.sameEmail.id))
    .run();
  ids.first = await apply({
    email: "wanjiru@duka.example",
    phone: "0711 000 001",
    registrationNumber: "PVT-AA0001",
  });
  // The same phone, typed another way.
  ids.samePhone = await apply({
    email: "other@duka.example",
    phone: "+254 711-000-001",
    registrationNumber: "PVT-AA0003",
  });
  // The same registration number, typed in lower case.
  ids.sameRegistration = await apply({
    email: "third@duka.example",
    phone: "0711 000 004",
    registrationNumber: "pvt-aa0001",
  });
  ids.unrelated = await apply({
    email: "alone@duka.example",
    phone: "0711 000 005",
    registrationNumber: "PVT-AA0005",
  });
  db.insert(merchants)
    .values({
      id: "MRC-DUP234",
      businessName: "Mama Mboga Ltd",
      contactEmail: "Owner@Mboga.example",
      settlementPhone: "254711000009",
      createdAt: Date.now(),
    })
    .run();
  ids.sameAsMerchant = await apply({
    email: "owner@mboga.example",
    phone: "0711 000 009",
    registrationNumber: "PVT-AA0009",
  });
});

async function listed(): Promise<Listed[]> {
  const response = await respond(() =>
    listLoader({
      request: get("/admin/applications?status=all", { cookie }),
      params: {},
      context: {},
    }),
  );
  return ((await response.json()) as { applications: Listed[] }).applications;
}

const flagOf = (rows: Listed[], key: string) =>
  rows.find((row) => row.id === ids[key]!.id)?.duplicates ?? [];

async function renderPage(path: string, params: Record<string, string>, Component: () => unknown) {
  const handler = createStaticHandler([
    {
      id: "page",
      path: path.split("?")[0],
      loader: (args) =>
        path.startsWith("/admin/applications/")
          ? reviewLoader({ request: args.request, params, context: {} })
          : listLoader({ request: args.request, params, context: {} }),
      Component: Component as never,
    },
  ]);
  const context = await handler.query(get(path, { cookie }));
  if (context instanceof Response) throw new Error(`expected a page, got ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    createElement(StaticRouterProvider, { router, context, hydrate: false }),
  ).replaceAll("<!-- -->", "");
}

describe("possible duplicates on the operators' queue", () => {
  it("names what matches, case-insensitively for the e-mail, both ways", async () => {
    const rows = await listed();
    expect(flagOf(rows, "first")).toEqual([
      {
        kind: "application",
        id: ids.sameRegistration!.id,
        reference: ids.sameRegistration!.reference,
        fields: ["registration number"],
      },
      {
        kind: "application",
        id: ids.samePhone!.id,
        reference: ids.samePhone!.reference,
        fields: ["phone"],
      },
      {
        kind: "application",
        id: ids.sameEmail!.id,
        reference: ids.sameEmail!.reference,
        fields: ["email"],
      },
    ]);
    expect(flagOf(rows, "sameEmail")).toEqual([
      expect.objectContaining({ id: ids.first!.id, fields: ["email"] }),
    ]);
    expect(flagOf(rows, "samePhone")).toEqual([
      expect.objectContaining({ id: ids.first!.id, fields: ["phone"] }),
    ]);
    expect(flagOf(rows, "sameRegistration")).toEqual([
      expect.objectContaining({ id: ids.first!.id, fields: ["registration number"] }),
    ]);
    expect(flagOf(rows, "unrelated")).toEqual([]);
  });

  it("flags an application with an existing merchant's e-mail and settlement phone", async () => {
    expect(flagOf(await listed(), "sameAsMerchant")).toEqual([
      {
        kind: "merchant",
        id: "MRC-DUP234",
        businessName: "Mama Mboga Ltd",
        fields: ["email", "phone"],
      },
    ]);
  });

  it("shows a visible 'Possible duplicate' flag linking to the other applications", async () => {
    const html = await renderPage("/admin/applications?status=all", {}, AdminApplications);
    expect(html.match(/Possible duplicate/g)).toHaveLength(5);
    expect(html).toContain(
      `Same email as <a class="font-semibold text-brand-800 underline" data-discover="true" href="/admin/applications/${ids.first!.id}">application ${ids.first!.reference}</a>`,
    );
    expect(html).toContain("Same email and phone as merchant MRC-DUP234 (Mama Mboga Ltd)");
  });

  it("the review page flags it too", async () => {
    const id = ids.samePhone!.id;
    const html = await renderPage(`/admin/applications/${id}`, { id }, AdminApplication);
    expect(html).toContain("Possible duplicate");
    expect(html).toContain(
      `href="/admin/applications/${ids.first!.id}">application ${ids.first!.reference}</a>`,
    );
    const unrelated = ids.unrelated!.id;
    expect(
      await renderPage(`/admin/applications/${unrelated}`, { id: unrelated }, AdminApplication),
    ).not.toContain("Possible duplicate");
  });
});

describe("the review page's audit log", () => {
  it("names the operator who acted (name and e-mail), and an unknown id as it is", async () => {
    const { operator, cookie: reviewer } = await signedInOperator(db, "reviewer");
    const id = ids.unrelated!.id;
    const response = await respond(() =>
      reviewAction({
        request: formPost(
          `/admin/applications/${id}`,
          { intent: "reject", reason: "A duplicate of another application." },
          { cookie: reviewer },
        ),
        params: { id },
        context: {},
      }),
    );
    expect(response.status).toBe(200);
    await testStore(db).write((q) =>
      recordAudit(q, {
        actorType: "operator",
        actorId: "opr_gone",
        action: "application.noted",
        targetType: "merchant_application",
        targetId: id,
      }),
    );
    const html = await renderPage(`/admin/applications/${id}`, { id }, AdminApplication);
    expect(html).toContain(`application.rejected by ${operator.name} (${operator.email})`);
    expect(html).not.toContain(`by ${operator.id}`);
    expect(html).toContain("application.noted by opr_gone");
  });
});
