/**
 * The payout pages through their loaders and actions (issue 15): who may open them; the CSV
 * template; a payout file uploaded (refused at 413 before it is read when too large, a bad file's
 * reason rendered next to the file field, a good one made into a draft batch); one payout reviewed
 * (fee, rail charge, total, balance) and sent (a recent step-up first; a short balance refused with
 * its reason on the page); the approval limit in Settings making a single payout wait for approval.
 * Pages are rendered to HTML through a data router with the routes' own loaders and actions.
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
import { afterAll, describe, expect, it } from "vitest";
import {
  auditLog,
  disbursementBatches,
  disbursementRows,
  merchantUsers,
  sessions,
} from "../../drizzle/schema";
import { payoutFileTooLarge } from "~/components/merchants/payouts/UploadPayoutsForm";
import type { TeamRole } from "~/core/accounts/permissions";
import { payoutCsvTemplate } from "~/core/disbursements/csv-parse";
import { balancesOf } from "~/core/payments/reads.server";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { addMerchant, creditAvailable } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, ORIGIN, respond, toastOf } from "../../tests/setup/requests";
import * as payoutsPage from "./merchant.payouts._index";
import * as newPayoutPage from "./merchant.payouts.new";
import { loader as templateLoader } from "./merchant.payouts.template[.csv]";
import * as settingsPage from "./merchant.settings";

const { db, close } = installTestDatabase();
afterAll(close);

const MERCHANT = "MRC-PAYT22";
/** A merchant with KES 100 only. */
const SHORT = "MRC-PAYT33";
addMerchant(db, MERCHANT, null);
addMerchant(db, SHORT, null);

await creditAvailable(db, MERCHANT, 100_000);
await creditAvailable(db, SHORT, 100);

let counter = 0;
async function signedIn(
  role: TeamRole,
  options: { merchantId?: string; steppedUp?: boolean } = {},
) {
  const id = `usr_payouts_${++counter}`;
  db.insert(merchantUsers)
    .values({
      id,
      merchantId: options.merchantId ?? MERCHANT,
      username: `${role}${counter}`,
      role,
      createdAt: counter,
    })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  if (options.steppedUp === false)
    db.update(sessions).set({ steppedUpAt: null }).where(eq(sessions.merchantUserId, id)).run();
  return { id, cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })) };
}

const args = (request: Request) => ({ request, params: {}, context: {} });

/** A multipart post of the upload form, as a browser sends it. */
function upload(
  cookie: string,
  fields: Record<string, string>,
  file: { name: string; content: string | Uint8Array<ArrayBuffer>; type?: string } | null,
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append("file", new File([file.content], file.name, { type: file.type ?? "text/csv" }));
  return new Request(`${ORIGIN}/merchant/payouts`, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, Cookie: cookie, "User-Agent": "vitest" },
  });
}

interface PageModule {
  loader: (args: LoaderFunctionArgs) => Promise<unknown>;
  action?: (args: ActionFunctionArgs) => Promise<unknown>;
  default: ComponentType;
}

/**
 * The page's HTML for `request` (its action first when it is a post), rendered like the server
 * renders it, with the status the page answers with; or the Response a loader or action gave
 * instead (a redirect, a refusal).
 */
async function renderPage(
  page: PageModule,
  request: Request,
): Promise<{ status: number; html: string } | { response: Response }> {
  const handler = createStaticHandler([
    {
      id: "page",
      path: new URL(request.url).pathname,
      loader: ({ request: routeRequest, params }) =>
        page.loader({ request: routeRequest, params, context: {} }),
      action: ({ request: routeRequest, params }) =>
        page.action!({ request: routeRequest, params, context: {} }),
      Component: page.default,
    },
  ]);
  const context = await handler.query(request);
  if (context instanceof Response) return { response: context };
  if (context.errors?.page) {
    const error = context.errors.page as { status?: number };
    return { response: new Response(null, { status: error.status ?? 500 }) };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    createElement(StaticRouterProvider, { router, context, hydrate: false }),
  );
  return { status: context.statusCode, html };
}

async function html(page: PageModule, request: Request, status = 200): Promise<string> {
  const rendered = await renderPage(page, request);
  if ("response" in rendered) throw new Error(`expected a page, got ${rendered.response.status}`);
  expect(rendered.status).toBe(status);
  // React's markers between adjacent text nodes, out of the way of the assertions.
  return rendered.html.replaceAll("<!-- -->", "");
}

/** The text of the element with `id`, tags removed. */
function textOfId(page: string, id: string): string {
  const match = new RegExp(`<[a-z]+[^>]* id="${id}"[^>]*>([\\s\\S]*?)</[a-z]+>`).exec(page);
  return (match?.[1] ?? "")
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
}

/** The file input's error, as the page renders it next to the field (and names it). */
function fileError(page: string): string {
  const input = /<input[^>]*type="file"[^>]*>/.exec(page)?.[0] ?? "";
  const id = /id="([^"]+)"/.exec(input)?.[1];
  expect(input).toContain('aria-invalid="true"');
  expect(input).toContain(`aria-describedby="${id}-error`);
  return textOfId(page, `${id}-error`);
}

const batchesOf = (merchantId: string) =>
  db.select().from(disbursementBatches).where(eq(disbursementBatches.merchantId, merchantId)).all();

const available = async (merchantId: string) =>
  (await testStore(db).read((q) => balancesOf(q, merchantId, "live"))).available;

const GOOD_CSV = [
  "recipient,rail,amount,reference,name,bank_code",
  "0712345678,mpesa,1500,Invoice 1042,Wanjiku Kamau,",
  "0733123456,airtel-money,2500,Refund 77,Otieno Odhiambo,",
  "not a number,,abc,,,",
].join("\r\n");

describe("who may make payouts", () => {
  for (const role of ["viewer", "cashier", "developer"] as const) {
    it(`a ${role} is refused (403) on every payout page and action, and nothing is made`, async () => {
      const member = await signedIn(role);
      const statuses = [
        await respond(() => payoutsPage.loader(args(get("/merchant/payouts", member)))),
        await respond(() =>
          payoutsPage.action(
            args(upload(member.cookie, { title: "Sneaky" }, { name: "p.csv", content: GOOD_CSV })),
          ),
        ),
        await respond(() => newPayoutPage.loader(args(get("/merchant/payouts/new", member)))),
        await respond(() =>
          newPayoutPage.action(
            args(
              formPost(
                "/merchant/payouts/new",
                { intent: "send", recipient: "0712345678", amount: "1500" },
                member,
              ),
            ),
          ),
        ),
        await respond(() => templateLoader(args(get("/merchant/payouts/template.csv", member)))),
      ].map((response) => response.status);
      expect(statuses).toEqual([403, 403, 403, 403, 403]);
      expect(batchesOf(MERCHANT).filter((batch) => batch.createdBy === member.id)).toEqual([]);
    });
  }

  for (const role of ["owner", "admin", "finance"] as const) {
    it(`a ${role} sees the balance, the empty list's explanation and both ways to start`, async () => {
      const member = await signedIn(role, { merchantId: SHORT });
      const page = await html(payoutsPage, get("/merchant/payouts", member));
      expect(page).toContain("KES 100.00");
      expect(page).toContain("No payouts yet.");
      expect(page).toContain("1.5% B2C fee");
      expect(page).toContain("second member with the Finance, Admin or Owner role");
      expect(page).toMatch(/<a[^>]*href="\/merchant\/payouts\/new"[^>]*>New payout<\/a>/);
      expect(page).toMatch(/href="\/merchant\/payouts\/template.csv"[^>]*>Download the template/);
      expect(page).toMatch(/<form[^>]*method="post"[^>]*enctype="multipart\/form-data"/i);
      expect(page).toContain('accept=".csv,text/csv"');
      expect(page).toContain("Send each recipient a text receipt");
    });
  }
});

describe("the template", () => {
  it("is the CSV template with a UTF-8 byte-order mark, as an attachment, never stored", async () => {
    const member = await signedIn("finance");
    const response = await respond(() =>
      templateLoader(args(get("/merchant/payouts/template.csv", member))),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="onehop-payouts-template.csv"',
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.slice(3))).toBe(
      payoutCsvTemplate(),
    );
  });
});

describe("uploading a payout file", () => {
  it("refuses a body declared larger than the limit with 413, before reading any of it", async () => {
    const owner = await signedIn("owner");
    let read = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull() {
          read = true;
          throw new Error("the body was read");
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request(`${ORIGIN}/merchant/payouts`, {
      method: "POST",
      body,
      headers: {
        Origin: ORIGIN,
        Cookie: owner.cookie,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(3 * 1024 * 1024),
      },
      duplex: "half",
    } as RequestInit);
    const response = await respond(() => payoutsPage.action(args(request)));
    expect(response.status).toBe(413);
    expect(read).toBe(false);
    const body413 = (await response.json()) as { lastResult: { error: { file: string[] } } };
    expect(body413.lastResult.error.file).toEqual([payoutFileTooLarge]);
    expect(payoutFileTooLarge).toContain("larger than 2 MB");
    expect(batchesOf(MERCHANT).filter((batch) => batch.createdBy === owner.id)).toEqual([]);
  });

  it("refuses a file over 2 MB sent without a length (413), with the limit at the file field", async () => {
    const owner = await signedIn("owner");
    const big = `${GOOD_CSV}\r\n${"0712345678,mpesa,1500,x,y,\r\n".repeat(80_000)}`;
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const page = await html(
      payoutsPage,
      upload(owner.cookie, { title: "Too big" }, { name: "big.csv", content: big }),
      413,
    );
    expect(fileError(page)).toBe(payoutFileTooLarge);
    expect(batchesOf(MERCHANT).filter((batch) => batch.createdBy === owner.id)).toEqual([]);
  });

  it("answers 400 with the file's problem next to the file field, keeping the title", async () => {
    const owner = await signedIn("owner");
    const cases = [
      {
        file: { name: "pay.csv", content: "phone;amount;colour\n0712345678;1500;red\n" },
        says: 'The header column "colour" is not understood',
      },
      {
        file: { name: "pay.csv", content: "recipient,amount\r\n" },
        says: "The file has a header but no payout rows.",
      },
      { file: { name: "pay.csv", content: "" }, says: '"pay.csv" is empty' },
      {
        file: {
          name: "pay.xlsx",
          content: "PK\u0003\u0004",
          type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        },
        says: '"pay.xlsx" is a spreadsheet workbook, not a CSV file',
      },
      {
        file: { name: "photo.png", content: "\u0089PNG", type: "image/png" },
        says: '"photo.png" is not a CSV file',
      },
      {
        file: {
          name: "pay.csv",
          content: new Uint8Array([0x72, 0x65, 0x63, 0xe9, 0x0a]),
        },
        says: "The file is not saved as UTF-8 text",
      },
      { file: null, says: "Choose the payout file (CSV) to upload" },
    ];
    for (const { file, says } of cases) {
      const page = await html(
        payoutsPage,
        upload(owner.cookie, { title: "November salaries" }, file),
        400,
      );
      expect(fileError(page), says).toContain(says);
      expect(page).toContain('value="November salaries"');
    }
    const untitled = await html(
      payoutsPage,
      upload(owner.cookie, { title: " " }, { name: "pay.csv", content: GOOD_CSV }),
      400,
    );
    expect(untitled).toContain("Give the batch a title, such as November salaries");
    expect(batchesOf(MERCHANT).filter((batch) => batch.createdBy === owner.id)).toEqual([]);
  });

  it("makes a good file into a draft batch and goes to its page with the row count", async () => {
    const finance = await signedIn("finance");
    const response = await respond(() =>
      payoutsPage.action(
        args(
          upload(
            finance.cookie,
            { title: "November salaries", smsReceipts: "on" },
            { name: "november.csv", content: `\uFEFF${GOOD_CSV}` },
          ),
        ),
      ),
    );
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/merchant\/payouts\/dsb_[a-z0-9]+$/);
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      message: "Payout file uploaded",
      description: "3 rows read, 1 to fix. Check them, then submit the batch for approval.",
    });
    const [batch] = batchesOf(MERCHANT).filter((b) => b.createdBy === finance.id);
    expect(batch).toMatchObject({
      id: location.split("/").pop(),
      kind: "bulk",
      status: "draft",
      mode: "live",
      title: "November salaries",
      fileName: "november.csv",
      smsReceipts: true,
    });
    const rows = db
      .select()
      .from(disbursementRows)
      .where(eq(disbursementRows.batchId, batch!.id))
      .all();
    expect(rows.map((row) => row.status).sort()).toEqual(["invalid", "ready", "ready"]);

    // The list shows it.
    const list = await html(payoutsPage, get("/merchant/payouts", finance));
    expect(list).toContain(`href="/merchant/payouts/${batch!.id}"`);
    expect(list).toContain("November salaries");
    expect(list).toContain("Draft");
    expect(list).toContain("KES 4,000.00");
    expect(list).not.toContain("No payouts yet.");
  });
});

const PAYOUT = {
  recipient: "0712 345 678",
  rail: "",
  bankCode: "",
  amount: "1,500",
  reference: "Invoice 1042",
  name: "Wanjiku Kamau",
};

describe("one payout", () => {
  it("Review shows the amount, our fee, the M-Pesa charge, the total and the balance", async () => {
    const owner = await signedIn("owner");
    const page = await html(
      newPayoutPage,
      formPost("/merchant/payouts/new", { ...PAYOUT, intent: "review" }, owner),
    );
    const review = page.split("Review the payout")[1]!;
    expect(review).toContain("+254 712 345 678 (Wanjiku Kamau)");
    expect(review).toContain("M-Pesa");
    expect(review).toContain("KES 1,500.00"); // the recipient gets
    expect(review).toContain("KES 22.50"); // 1.5%
    expect(review).toContain("KES 5.00"); // M-Pesa's B2C charge for 101-1,500
    expect(review).toContain("KES 2.25"); // 10% excise duty on our fee
    expect(review).toContain("KES 1,529.75"); // total from the balance
    expect(review).toContain("KES 100,000.00"); // available
    expect(review).toContain("No approval needed");
    expect(review).toMatch(/<button[^>]*name="intent"[^>]*value="send"[^>]*>Send payout<\/button>/);
    // The reviewed values travel with Send payout.
    expect(review).toContain('<input type="hidden" name="amount" value="1,500"/>');
    expect(review).toContain('<input type="hidden" name="recipient" value="0712 345 678"/>');
    expect(batchesOf(MERCHANT).filter((batch) => batch.createdBy === owner.id)).toEqual([]);
  });

  it("answers 400 with each field's problem at the field", async () => {
    const owner = await signedIn("owner");
    const page = await html(
      newPayoutPage,
      formPost(
        "/merchant/payouts/new",
        { intent: "review", recipient: "0812 345 678", rail: "mpesa", amount: "15.50" },
        owner,
      ),
      400,
    );
    expect(textOfId(page, "single-payout-recipient-error")).toContain(
      "Enter a Kenyan mobile number",
    );
    expect(textOfId(page, "single-payout-amount-error")).toContain("has cents");
    expect(page).not.toContain("Review the payout");
  });

  it("Send asks for a fresh confirmation first and comes back to the form filled in", async () => {
    const owner = await signedIn("owner", { steppedUp: false });
    const before = await available(MERCHANT);
    const response = await respond(() =>
      newPayoutPage.action(
        args(
          formPost(
            "/merchant/payouts/new",
            { ...PAYOUT, intent: "send", requestKey: "pok_routetest0001" },
            owner,
          ),
        ),
      ),
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!, ORIGIN);
    expect(location.pathname).toBe("/merchant/confirm");
    const back = location.searchParams.get("redirectTo")!;
    expect(back).toMatch(/^\/merchant\/payouts\/new\?/);
    expect(batchesOf(MERCHANT).filter((batch) => batch.createdBy === owner.id)).toEqual([]);
    expect(await available(MERCHANT)).toBe(before);

    const form = await html(newPayoutPage, get(back, owner));
    expect(form).toContain('value="0712 345 678"');
    expect(form).toContain('value="1,500"');
    expect(form).toContain('value="Invoice 1042"');
  });

  it("Send pays it at once: a batch of one, the money reserved, a toast on the batch page", async () => {
    const owner = await signedIn("owner");
    const before = await available(MERCHANT);
    const response = await respond(() =>
      newPayoutPage.action(
        args(
          formPost(
            "/merchant/payouts/new",
            { ...PAYOUT, intent: "send", requestKey: "pok_routetest0002" },
            owner,
          ),
        ),
      ),
    );
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/merchant\/payouts\/dsb_[a-z0-9]+$/);
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      message: "Payout sent",
      description: "KES 1,500.00 to +254 712 345 678 is on its way.",
    });
    const [batch] = batchesOf(MERCHANT).filter((b) => b.createdBy === owner.id);
    expect(batch).toMatchObject({ kind: "single", status: "processing" });
    expect(location).toBe(`/merchant/payouts/${batch!.id}`);
    expect(before - (await available(MERCHANT))).toBe(152_975n);
  });

  it("Send without a review's request key shows the review; nothing is made", async () => {
    const owner = await signedIn("owner");
    const page = await html(
      newPayoutPage,
      formPost("/merchant/payouts/new", { ...PAYOUT, intent: "send" }, owner),
    );
    expect(page.split("Review the payout")[1]).toMatch(/value="send"[^>]*>Send payout<\/button>/);
    expect(batchesOf(MERCHANT).filter((batch) => batch.createdBy === owner.id)).toEqual([]);
  });

  it("one review is paid once: a second Send (double click, resent form) finds the first", async () => {
    const owner = await signedIn("owner");
    const review = await html(
      newPayoutPage,
      formPost("/merchant/payouts/new", { ...PAYOUT, intent: "review" }, owner),
    );
    const requestKey = /<input type="hidden" name="requestKey" value="(pok_[a-z0-9]+)"\/>/.exec(
      review,
    )?.[1];
    if (!requestKey) throw new Error("the review carries no request key");
    const before = await available(MERCHANT);
    const send = () =>
      respond(() =>
        newPayoutPage.action(
          args(formPost("/merchant/payouts/new", { ...PAYOUT, intent: "send", requestKey }, owner)),
        ),
      );
    const [first, second] = await Promise.all([send(), send()]);
    const toasts = [await toastOf(first!), await toastOf(second!)].map((toast) => toast?.message);
    expect(toasts.sort()).toEqual(["Payout already submitted", "Payout sent"]);
    const made = batchesOf(MERCHANT).filter((batch) => batch.createdBy === owner.id);
    expect(made).toHaveLength(1);
    expect(first!.headers.get("Location")).toBe(`/merchant/payouts/${made[0]!.id}`);
    expect(second!.headers.get("Location")).toBe(`/merchant/payouts/${made[0]!.id}`);
    expect(before - (await available(MERCHANT))).toBe(152_975n);
  });

  it("a short balance refuses Send (409) with the reason on the page; nothing is made", async () => {
    const owner = await signedIn("owner", { merchantId: SHORT });
    const page = await html(
      newPayoutPage,
      formPost(
        "/merchant/payouts/new",
        { ...PAYOUT, intent: "send", requestKey: "pok_routetest0003" },
        owner,
      ),
      409,
    );
    expect(page).toMatch(
      /<p role="alert"[^>]*>The available balance is KES 100.00: KES 1,429.75 short of the KES 1,529.75 this payout needs with fees.<\/p>/,
    );
    // The review says what to do instead, and no longer offers Send.
    expect(page).toContain("Lower the amount, or send it once collections have settled");
    expect(page).not.toMatch(/<button[^>]*value="send"/);
    expect(batchesOf(SHORT)).toEqual([]);
    expect(await available(SHORT)).toBe(10_000n);
  });
});

describe("the approval limit", () => {
  const save = (member: { cookie: string }, value: string) =>
    formPost("/merchant/settings?intent=payout-approval", { approvalAboveKes: value }, member);

  it("only owners set it, after a fresh confirmation, within 0 to KES 10,000,000", async () => {
    // A money control: owners only (issue 27, item 3); admins and finance see it, read-only.
    for (const role of ["finance", "admin"] as const) {
      const member = await signedIn(role);
      expect((await respond(() => settingsPage.action(args(save(member, "5000"))))).status).toBe(
        403,
      );
      const page = await html(settingsPage, get("/merchant/settings", member));
      expect(page).toContain("Only an account owner can change this.");
      expect(page).not.toContain("Single payouts above this amount need a second approval");
    }
    const late = await signedIn("owner", { steppedUp: false });
    const confirm = await respond(() => settingsPage.action(args(save(late, "5000"))));
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("Location")).toBe(
      "/merchant/confirm?redirectTo=%2Fmerchant%2Fsettings",
    );
    const owner = await signedIn("owner");
    for (const [value, says] of [
      ["-5", "Enter whole shillings"],
      ["12.50", "Enter whole shillings"],
      ["10,000,001", "The highest limit is KES 10,000,000"],
    ] as const) {
      const page = await html(settingsPage, save(owner, value), 400);
      expect(textOfId(page, "payout-approval-approvalAboveKes-error")).toContain(says);
    }
    const settings = await html(settingsPage, get("/merchant/settings", owner));
    expect(settings).toContain("Single payouts above this amount need a second approval");
    const viewer = await signedIn("viewer");
    expect(await html(settingsPage, get("/merchant/settings", viewer))).not.toContain(
      "Single payouts above this amount",
    );
    expect(
      db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "disbursement.approval_threshold_changed"))
        .all(),
    ).toEqual([]);
  });

  it("above the limit a single payout waits for another member's approval; nothing is reserved", async () => {
    const owner = await signedIn("owner");
    const saved = await respond(() => settingsPage.action(args(save(owner, "1,000"))));
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toMatchObject({ message: "Approval limit saved" });
    const audits = db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "disbursement.approval_threshold_changed"),
          eq(auditLog.actorId, owner.id),
        ),
      )
      .all();
    expect(audits.map((row) => JSON.parse(row.details!) as unknown)).toEqual([
      { fromKes: null, toKes: 1000 },
    ]);
    expect(await html(settingsPage, get("/merchant/settings", owner))).toContain('value="1000"');

    const finance = await signedIn("finance");
    const review = await html(
      newPayoutPage,
      formPost("/merchant/payouts/new", { ...PAYOUT, intent: "review" }, finance),
    );
    expect(review).toContain("above your approval limit of KES 1,000");
    expect(review).toMatch(/value="send"[^>]*>Submit for approval<\/button>/);

    const before = await available(MERCHANT);
    const sent = await respond(() =>
      newPayoutPage.action(
        args(
          formPost(
            "/merchant/payouts/new",
            { ...PAYOUT, intent: "send", requestKey: "pok_routetest0004" },
            finance,
          ),
        ),
      ),
    );
    expect(sent.status).toBe(302);
    expect(await toastOf(sent)).toMatchObject({
      type: "success",
      message: "Payout submitted for approval",
    });
    const [batch] = batchesOf(MERCHANT).filter((b) => b.createdBy === finance.id);
    expect(batch).toMatchObject({ kind: "single", status: "awaiting_approval" });
    expect(sent.headers.get("Location")).toBe(`/merchant/payouts/${batch!.id}`);
    expect(await available(MERCHANT)).toBe(before);

    // At or under the limit it is sent at once.
    const small = await respond(() =>
      newPayoutPage.action(
        args(
          formPost(
            "/merchant/payouts/new",
            { ...PAYOUT, amount: "1000", intent: "send", requestKey: "pok_routetest0005" },
            finance,
          ),
        ),
      ),
    );
    expect(await toastOf(small)).toMatchObject({ message: "Payout sent" });
  });
});
