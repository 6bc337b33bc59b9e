/**
 * Your data (issue 31, item 9; ADR 0060), through the routes: owners and admins see the page and
 * download the export (JSON with every section, a CSV per section; recorded), others are refused;
 * only the owner asks for erasure, confirmed with the checkbox, and the page then says in the
 * server's HTML what was removed and what is kept until when.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { dataRequests, merchants, merchantUsers } from "../../drizzle/schema";
import type { TeamRole } from "~/core/accounts/permissions";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../tests/setup/requests";
import * as merchantLayout from "./merchant";
import * as dataPage from "./merchant.settings_.data";
import { loader as exportLoader } from "./merchant.settings_.data_.export";

const { db } = installTestDatabase();
const MERCHANT = "MRC-DATA22";
addMerchant(db, MERCHANT, null);

let counter = 0;
async function signedIn(role: TeamRole) {
  const id = `usr_data_${++counter}`;
  db.insert(merchantUsers)
    .values({
      id,
      merchantId: MERCHANT,
      username: `${role}${counter}`,
      role,
      passwordHash: "scrypt$never-exported",
      smsPhone: "+254712345678",
      createdAt: counter,
    })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  return { id, cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })) };
}

interface PageModule {
  loader: (args: LoaderFunctionArgs) => Promise<unknown>;
  action?: (args: ActionFunctionArgs) => Promise<unknown>;
  default: ComponentType;
}

const args = (request: Request) => ({ request, params: {}, context: {} });

async function render(
  page: PageModule,
  request: Request,
): Promise<{ response: Response } | { status: number; html: string }> {
  const handler = createStaticHandler([
    {
      id: "routes/merchant",
      path: "/merchant",
      loader: ({ request: r }) => merchantLayout.loader(args(r)),
      children: [
        {
          id: "page",
          path: new URL(request.url).pathname,
          loader: ({ request: r }) => page.loader(args(r)),
          action: ({ request: r }) => page.action!(args(r)),
          Component: page.default,
        },
      ],
    },
  ]);
  const context = await handler.query(request);
  if (context instanceof Response) return { response: context };
  const error = (context.errors?.page ?? context.errors?.["routes/merchant"]) as
    { status?: number } | undefined;
  if (error) return { response: new Response(null, { status: error.status ?? 500 }) };
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    createElement(StaticRouterProvider, { router, context, hydrate: false }),
  ).replaceAll("<!-- -->", "");
  return { status: context.statusCode, html: html.replaceAll("&#x27;", "'") };
}

const PAGE = "/merchant/settings/data";
const requestsOf = (kind: "export" | "erasure") =>
  db
    .select()
    .from(dataRequests)
    .where(and(eq(dataRequests.merchantId, MERCHANT), eq(dataRequests.kind, kind)))
    .all();

describe("the data page", () => {
  it("an owner sees the downloads, what is kept and until when, and the erasure form", async () => {
    const { cookie } = await signedIn("owner");
    const page = await render(dataPage, get(PAGE, { cookie }));
    if (!("html" in page)) throw new Error("expected the page");
    expect(page.html).toContain("Your data");
    expect(page.html).toContain("Download everything (JSON)");
    expect(page.html).toContain("/merchant/settings/data/export?format=csv&amp;section=payments");
    expect(page.html).toContain("We keep until 7 years after your account closes");
    expect(page.html).toContain("Erase what can be erased");
  });

  it("an admin may download but not erase; finance and viewers are refused", async () => {
    const admin = await signedIn("admin");
    const page = await render(dataPage, get(PAGE, admin));
    if (!("html" in page)) throw new Error("expected the page");
    expect(page.html).toContain("Only the owner can ask for erasure.");
    expect(page.html).not.toContain("Erase what can be erased");
    const post = await render(dataPage, formPost(PAGE, { confirm: "yes" }, admin));
    expect("response" in post && post.response.status).toBe(403);
    expect(requestsOf("erasure")).toEqual([]);
    for (const role of ["finance", "viewer"] as const) {
      const member = await signedIn(role);
      const refused = await render(dataPage, get(PAGE, member));
      expect("response" in refused && refused.response.status).toBe(403);
      const download = await respond(() =>
        exportLoader(args(get(`${PAGE}/export?format=json`, member))),
      );
      expect(download.status).toBe(403);
    }
  });
});

describe("the export", () => {
  it("downloads every section as JSON, recorded as an export request", async () => {
    const { cookie } = await signedIn("owner");
    const before = requestsOf("export").length;
    const response = await respond(() =>
      exportLoader(args(get(`${PAGE}/export?format=json`, { cookie }))),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="onehop-data-MRC-DATA22-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const text = await response.text();
    expect(text).not.toContain("never-exported");
    const doc = JSON.parse(text) as { sections: Record<string, unknown[]>; retention: unknown };
    expect(doc.retention).toMatchObject({ recordsKept: "until 7 years after your account closes" });
    expect(doc.sections.members!.length).toBeGreaterThan(0);
    expect(requestsOf("export")).toHaveLength(before + 1);
  });

  it("one download at a time: a second while one streams is refused (429)", async () => {
    const { cookie } = await signedIn("owner");
    const url = `${PAGE}/export?format=csv&section=payments`;
    const first = await respond(() => exportLoader(args(get(url, { cookie }))));
    expect(first.status).toBe(200);
    const second = await respond(() => exportLoader(args(get(url, { cookie }))));
    expect(second.status).toBe(429);
    expect(await second.text()).toContain("already being downloaded");
    await first.text();
    const third = await respond(() => exportLoader(args(get(url, { cookie }))));
    expect(third.status).toBe(200);
    await third.text();
  });

  it("a CSV is one section; a CSV without a section is refused", async () => {
    const { cookie } = await signedIn("admin");
    const csv = await respond(() =>
      exportLoader(args(get(`${PAGE}/export?format=csv&section=members`, { cookie }))),
    );
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect((await csv.text()).split("\r\n")[0]).toBe(
      // (text() drops the byte-order mark.)
      "id,username,role,email,status,password_set_at,totp_enabled_at,notify_payment_settled,notify_daily_summary,notify_monthly_statement,sms_phone,sms_on_payment,sms_on_payout,invited_by,created_at",
    );
    const refused = await respond(() =>
      exportLoader(args(get(`${PAGE}/export?format=csv`, { cookie }))),
    );
    expect(refused.status).toBe(400);
  });
});

describe("erasure", () => {
  it("needs the confirmation; then says what was removed and what is kept until when", async () => {
    const owner = await signedIn("owner");
    const unconfirmed = await render(dataPage, formPost(PAGE, {}, owner));
    if (!("html" in unconfirmed)) throw new Error("expected the page");
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.html).toContain("Tick the box to confirm");
    expect(requestsOf("erasure")).toEqual([]);

    const done = await respond(() =>
      dataPage.action(args(formPost(PAGE, { confirm: "yes" }, owner))),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(PAGE);
    expect(await toastOf(done)).toMatchObject({ message: "Erasure done" });
    expect(requestsOf("erasure")).toHaveLength(1);
    expect(
      db.select().from(merchants).where(eq(merchants.id, MERCHANT)).get()!.erasedAt,
    ).not.toBeNull();
    expect(
      db.select().from(merchantUsers).where(eq(merchantUsers.merchantId, MERCHANT)).all(),
    ).toSatisfy((members: { smsPhone: string | null }[]) =>
      members.every((m) => m.smsPhone === null),
    );

    const page = await render(dataPage, get(PAGE, owner));
    if (!("html" in page)) throw new Error("expected the page");
    expect(page.html).toContain("Your erasure request of");
    expect(page.html).toMatch(/Team members' SMS numbers: \d+/);
    expect(page.html).toContain(
      "Kept until 7 years after your account closes, as the law requires:",
    );
    expect(page.html).toContain("Payments and their events");
  });
});
