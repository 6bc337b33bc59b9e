/**
 * The monthly statement e-mail (issue 15, item 6): on the 1st (Nairobi), last month's statement in
 * figures to each active member who chose it and whose role may read statements, once per member
 * and month; a merchant whose statement does not reconcile gets nothing while the others still do;
 * and the choice on the security page, shown and saved only for roles that may read statements.
 * Money is posted to a real migrated ledger, as the statement tests do.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ledgerAccounts,
  ledgerEntries,
  merchants,
  merchantUsers,
  notificationReceipts,
  outboundEmails,
} from "../../../drizzle/schema";
import {
  capital,
  customerRefundsPayable,
  feeRevenue,
  ledgerBook,
  merchantAvailable,
  postTransaction,
  railFloat,
} from "~/core/ledger/ledger.server";
import * as securityPage from "~/routes/merchant.security";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../../tests/setup/db";
import { cookiesFrom, formPost, get, respond, toastOf } from "../../../tests/setup/requests";
import {
  NO_ACTIVITY_TEXT,
  previousEatMonth,
  sendMonthlyStatements,
  setNoticeSiteUrl,
} from "./notifications.server";
import type { TeamRole } from "./permissions";
import { notificationChoices, sessionIntents } from "./security-page-schema";

const { db, close } = installTestDatabase();
const store = testStore(db);
afterAll(close);

/** Nairobi wall-clock time as epoch milliseconds (EAT = UTC+3). */
const eat = (day: string, time = "12:00:00.000") => Date.parse(`${day}T${time}+03:00`);
/** The job's run: 1 Dec 2026, 06:00 EAT, for November 2026. */
const RUN = eat("2026-12-01", "06:00:00.000");

let counter = 0;
function addMerchant(id: string, businessName: string) {
  db.insert(merchants)
    .values({ id, businessName, contactEmail: `${id.toLowerCase()}@contact.test`, createdAt: 0 })
    .run();
  return id;
}
function addMember(
  merchantId: string,
  role: TeamRole,
  options: { monthly?: boolean; email?: string | null; status?: "active" | "suspended" } = {},
) {
  const id = `usr_month_${++counter}`;
  db.insert(merchantUsers)
    .values({
      id,
      merchantId,
      username: `${role}${counter}`,
      role,
      email: options.email === undefined ? `${role}${counter}@shop.test` : options.email,
      status: options.status ?? "active",
      notifyMonthlyStatement: options.monthly ?? false,
      createdAt: 0,
    })
    .run();
  return id;
}
const emailOf = (id: string) =>
  db.select().from(merchantUsers).where(eq(merchantUsers.id, id)).get()!.email!;
const mailTo = (address: string) =>
  db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, address)).all();

let postings = 0;
async function post(
  kind: string,
  at: number,
  entries: { account: ReturnType<typeof capital>; amount: bigint }[],
  description?: string,
) {
  const posted = await postTransaction(store, {
    idempotencyKey: `monthly-test:${++postings}`,
    kind,
    description,
    entries,
    now: at,
  });
  return posted.transactionId;
}
/** Our capital pays the merchant `cents` (an operator's adjustment). */
const adjust = (merchantId: string, cents: bigint, at: number) =>
  post("operator.adjustment", at, [
    { account: capital("KES"), amount: cents },
    { account: merchantAvailable(merchantId), amount: -cents },
  ]);
/** A collection of `gross` cents less a 1% fee. */
const collect = (merchantId: string, gross: bigint, at: number) =>
  post("payment.collected", at, [
    { account: capital("KES"), amount: gross },
    { account: merchantAvailable(merchantId), amount: -(gross - gross / 100n) },
    { account: feeRevenue(), amount: -(gross / 100n) },
  ]);

const ACTIVE = "MRC-ACTV22";
const QUIET = "MRC-QWET22";
const BROKEN = "MRC-BRKN22";

// The members, by what they should get.
let broken = "";
let finance = "";
let owner = "";
const refused: Record<string, string> = {};
let notOptedIn = "";
let suspended = "";
let quiet = "";

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  setNoticeSiteUrl("https://onehop.test");
  errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => errors.mockRestore());

beforeAll(async () => {
  // The broken merchant first: its failure must not stop the others.
  addMerchant(BROKEN, "Broken Books Ltd");
  broken = addMember(BROKEN, "finance", { monthly: true });
  addMerchant(ACTIVE, "Jua Kali Hardware");
  finance = addMember(ACTIVE, "finance", { monthly: true });
  // An owner without an address of their own is reached at the business's contact address.
  owner = addMember(ACTIVE, "owner", { monthly: true, email: null });
  for (const role of ["viewer", "developer", "cashier"] as const)
    refused[role] = addMember(ACTIVE, role, { monthly: true });
  notOptedIn = addMember(ACTIVE, "admin");
  suspended = addMember(ACTIVE, "finance", { monthly: true, status: "suspended" });
  addMerchant(QUIET, "Quiet Corner Shop");
  quiet = addMember(QUIET, "admin", { monthly: true });

  // October: what the merchants are owed at the start of November.
  await adjust(ACTIVE, 500_000n, eat("2026-10-20"));
  await adjust(QUIET, 250_000n, eat("2026-10-20"));

  // November for the active merchant: one line of each type.
  await collect(ACTIVE, 1_000_000n, eat("2026-11-05", "10:00:00.000"));
  await post("payout.succeeded", eat("2026-11-10"), [
    { account: merchantAvailable(ACTIVE), amount: 300_000n },
    { account: railFloat("mpesa"), amount: -300_000n },
  ]);
  await post("disbursement.succeeded", eat("2026-11-15"), [
    { account: merchantAvailable(ACTIVE), amount: 100_000n },
    { account: railFloat("mpesa"), amount: -100_000n },
  ]);
  await post("refund.sent", eat("2026-11-20"), [
    { account: merchantAvailable(ACTIVE), amount: 50_000n },
    { account: customerRefundsPayable("KES"), amount: -50_000n },
  ]);
  // The last millisecond of November counts; the first of December does not.
  await adjust(ACTIVE, 123n, eat("2026-11-30", "23:59:59.999"));
  await adjust(ACTIVE, 999n, eat("2026-12-01", "00:00:00.000"));
  // Test-book money is never on a statement.
  const test = ledgerBook("test");
  await post("operator.adjustment", eat("2026-11-12"), [
    { account: test.capital("KES"), amount: 77_700n },
    { account: test.merchantAvailable(ACTIVE), amount: -77_700n },
  ]);

  // The broken merchant: a collection whose fee entry was written twice (the statement's lines no
  // longer add up to the ledger's balance).
  const transactionId = await collect(BROKEN, 200_000n, eat("2026-11-07"));
  const fee = db
    .select()
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transactionId, transactionId))
    .all()
    .find((row) => row.ledger_accounts.code === feeRevenue().code)!.ledger_entries;
  db.insert(ledgerEntries)
    .values({
      transactionId,
      accountId: fee.accountId,
      amount: fee.amount,
      createdAt: fee.createdAt,
    })
    .run();
});

describe("previousEatMonth", () => {
  it("is the Nairobi calendar month before, and the 1st is the 1st in Nairobi", () => {
    expect(previousEatMonth(RUN)).toEqual({
      month: "2026-11",
      label: "November 2026",
      range: { from: "2026-11-01", to: "2026-11-30" },
      inFirstWeek: true,
    });
    // 30 Nov 2026, 21:00 UTC is already 1 Dec in Nairobi.
    expect(previousEatMonth(Date.parse("2026-11-30T21:00:00Z")).inFirstWeek).toBe(true);
    expect(previousEatMonth(Date.parse("2026-11-30T20:59:59Z")).inFirstWeek).toBe(false);
    expect(previousEatMonth(eat("2026-12-07")).inFirstWeek).toBe(true);
    expect(previousEatMonth(eat("2026-12-08")).inFirstWeek).toBe(false);
    expect(previousEatMonth(eat("2027-01-01")).range).toEqual({
      from: "2026-12-01",
      to: "2026-12-31",
    });
  });
});

describe("sendMonthlyStatements", () => {
  it("sends nothing after the first week of a month (a statement that late would surprise)", async () => {
    expect(await sendMonthlyStatements(store, eat("2026-11-30", "06:00:00.000"))).toEqual({
      queued: 0,
      failedMerchants: [],
    });
    expect((await sendMonthlyStatements(store, eat("2026-12-08", "06:00:00.000"))).queued).toBe(0);
    expect(db.select().from(outboundEmails).all()).toHaveLength(0);
  });

  it("e-mails last month's statement to opted-in members who may read statements, once", async () => {
    const result = await sendMonthlyStatements(store, RUN);
    // Finance and the owner of the active merchant, the admin of the quiet one.
    expect(result).toEqual({ queued: 3, failedMerchants: [BROKEN] });

    const mails = mailTo(emailOf(finance));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(
      "Jua Kali Hardware statement for November 2026 on OneHop: closing balance KES 10,401.23",
    );
    const text = mail.bodyText;
    expect(text).toContain(`Hello finance${finance.split("_").pop()},`);
    expect(text).toContain("Here is the statement of Jua Kali Hardware for November 2026");
    expect(text).toContain("Period: 1 Nov 2026 to 30 Nov 2026");
    expect(text).toContain("Opening balance: KES 5,000.00");
    expect(text).toContain("Collection: KES 9,900.00 (1 line, fees KES 100.00)");
    expect(text).toContain("Settlement payout: -KES 3,000.00 (1 line, fees KES 0.00)");
    expect(text).toContain("Disbursement: -KES 1,000.00 (1 line, fees KES 0.00)");
    expect(text).toContain("Refund: -KES 500.00 (1 line, fees KES 0.00)");
    expect(text).toContain("Adjustment: KES 1.23 (1 line, fees KES 0.00)");
    expect(text).toContain("Closing balance: KES 10,401.23");
    expect(text).not.toContain(NO_ACTIVITY_TEXT);
    expect(text).toContain(
      "See the statement: https://onehop.test/merchant/statements?from=2026-11-01&to=2026-11-30",
    );
    expect(text).toContain(
      "Download the CSV: https://onehop.test/merchant/statements.csv?from=2026-11-01&to=2026-11-30",
    );
    expect(text).toContain(
      "Printable statement: https://onehop.test/merchant/statements/print?from=2026-11-01&to=2026-11-30",
    );
    expect(text).toContain(`"${notificationChoices.monthlyStatement}"`);
    expect(text).toContain("If any of these figures look wrong");
    // The HTML carries the same figures and links (escaped), and no attachment.
    expect(mail.bodyHtml).toContain("KES 10,401.23");
    expect(mail.bodyHtml).toContain(
      'href="https://onehop.test/merchant/statements.csv?from=2026-11-01&amp;to=2026-11-30"',
    );
    // Each e-mail is linked to its once-only receipt for the month.
    const receipt = db
      .select()
      .from(notificationReceipts)
      .where(eq(notificationReceipts.key, `monthly_statement:${finance}:2026-11`))
      .get();
    expect(receipt?.emailId).toBe(mail.id);

    // The owner without an address of their own: at the business's contact address.
    expect(mailTo("mrc-actv22@contact.test")).toHaveLength(1);
    expect(mailTo("mrc-actv22@contact.test")[0]!.bodyText).toContain(
      `Hello owner${owner.split("_").pop()},`,
    );

    // Roles that may not read statements, a member who did not choose it, a suspended member.
    for (const id of [...Object.values(refused), notOptedIn, suspended])
      expect(mailTo(emailOf(id))).toHaveLength(0);

    // A month with no line still sends: opening = closing.
    const quietMails = mailTo(emailOf(quiet));
    expect(quietMails).toHaveLength(1);
    expect(quietMails[0]!.bodyText).toContain(`${NO_ACTIVITY_TEXT}:`);
    expect(quietMails[0]!.bodyText).toContain("Opening balance: KES 2,500.00");
    expect(quietMails[0]!.bodyText).toContain("Closing balance: KES 2,500.00");
    expect(quietMails[0]!.bodyText).not.toContain("Collection:");
    expect(quietMails[0]!.bodyHtml).toContain(NO_ACTIVITY_TEXT);

    // The broken merchant: nothing sent, an error logged naming it.
    expect(mailTo(emailOf(broken))).toHaveLength(0);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining(BROKEN));
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("does not reconcile"));

    // Re-runs the same day send nothing twice.
    expect((await sendMonthlyStatements(store, RUN)).queued).toBe(0);
    expect((await sendMonthlyStatements(store, eat("2026-12-01", "23:00:00.000"))).queued).toBe(0);
    expect(mailTo(emailOf(finance))).toHaveLength(1);
    expect(mailTo(emailOf(quiet))).toHaveLength(1);
    expect(db.select().from(outboundEmails).all()).toHaveLength(3);
  });

  it("the next 1st brings the next month's statement", async () => {
    // The broken merchant's December reconciles (its bad entry is November's): it is sent too.
    const result = await sendMonthlyStatements(store, eat("2027-01-01", "06:00:00.000"));
    expect(result).toEqual({ queued: 4, failedMerchants: [] });
    expect(mailTo(emailOf(broken))).toHaveLength(1);
    const mails = mailTo(emailOf(finance));
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain("statement for December 2026");
    expect(mails[1]!.bodyText).toContain("Opening balance: KES 10,401.23");
    expect(mails[1]!.bodyText).toContain("Adjustment: KES 9.99 (1 line, fees KES 0.00)");
    expect(mails[1]!.bodyText).toContain("Closing balance: KES 10,411.22");
    for (const id of Object.values(refused)) expect(mailTo(emailOf(id))).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------
// The choice on the security page

async function signIn(userId: string) {
  const request = new Request("http://localhost:3000/merchant-signin", {
    headers: { "User-Agent": "vitest", "x-onehop-remote-address": "196.201.214.10" },
  });
  const setCookie = await startSession(
    testStore(db),
    "merchant",
    { merchantUserId: userId },
    request,
    Date.now(),
  );
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

type PageData = Awaited<ReturnType<typeof securityPage.loader>>;
async function choicesOf(cookie: string): Promise<PageData["choices"]> {
  const response = await respond(() =>
    securityPage.loader({
      request: get("/merchant/security", { cookie }),
      params: {},
      context: {},
    }),
  );
  return ((await response.json()) as PageData).choices;
}

/** The security page's HTML as the server renders it. */
async function pageHtml(cookie: string): Promise<string> {
  const request = get("/merchant/security", { cookie });
  const handler = createStaticHandler([
    {
      id: "page",
      path: "/merchant/security",
      loader: ({ request: routeRequest }) =>
        securityPage.loader({ request: routeRequest, params: {}, context: {} }),
      Component: securityPage.default,
    },
  ]);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`expected the page, got ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

const save = (cookie: string, fields: Record<string, string>) =>
  respond(() =>
    securityPage.action({
      request: formPost("/merchant/security", fields, { cookie }),
      params: {},
      context: {},
    }),
  );
const storedChoice = (id: string) =>
  db.select().from(merchantUsers).where(eq(merchantUsers.id, id)).get()!.notifyMonthlyStatement;

describe("the choice on the security page", () => {
  it("is shown to finance and saved", async () => {
    const merchantId = addMerchant("MRC-SECF22", "Choice Traders");
    const member = addMember(merchantId, "finance");
    const cookie = await signIn(member);
    expect(await choicesOf(cookie)).toEqual({
      paymentSettled: false,
      dailySummary: false,
      monthlyStatement: false,
    });
    expect(await pageHtml(cookie)).toContain(notificationChoices.monthlyStatement);

    const response = await save(cookie, {
      intent: sessionIntents.notifications,
      monthlyStatement: "on",
    });
    expect((await toastOf(response))?.message).toBe("Notification choices saved");
    expect(storedChoice(member)).toBe(true);
    expect((await choicesOf(cookie))?.monthlyStatement).toBe(true);
    // Unticked: off again, the other choices as sent.
    await save(cookie, { intent: sessionIntents.notifications, dailySummary: "on" });
    expect(await choicesOf(cookie)).toEqual({
      paymentSettled: false,
      dailySummary: true,
      monthlyStatement: false,
    });
  });

  it("is neither shown to a viewer nor saved for one", async () => {
    const merchantId = addMerchant("MRC-SECV22", "Viewer Traders");
    const member = addMember(merchantId, "viewer");
    const cookie = await signIn(member);
    expect(await choicesOf(cookie)).toEqual({ paymentSettled: false, dailySummary: false });
    const html = await pageHtml(cookie);
    expect(html).toContain(notificationChoices.dailySummary);
    expect(html).not.toContain(notificationChoices.monthlyStatement);
    expect(html).not.toContain('name="monthlyStatement"');

    await save(cookie, { intent: sessionIntents.notifications, monthlyStatement: "on" });
    expect(storedChoice(member)).toBe(false);
    expect(await choicesOf(cookie)).toEqual({ paymentSettled: false, dailySummary: false });
  });
});
