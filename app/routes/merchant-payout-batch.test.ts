/**
 * The payout batch page and its results file through their loaders and actions (issue 15): only
 * the signed-in merchant's batches (404 otherwise), only makers and checkers (a Viewer gets 403),
 * maker-checker (the maker's own approval is refused and moves no money; another Finance member
 * approves after a step-up and the available balance drops by the batch's total), rejecting with
 * a note, submitting refused while rows need fixing, fixing a row, dropping the rows that need
 * fixing, a corrected file (refused unread when too large), the rows' paging and the results CSV
 * (formula-safe).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disbursementBatches, merchantUsers, sessions } from "../../drizzle/schema";
import type { TeamRole } from "~/core/accounts/permissions";
import { type Batch, createBulkBatch } from "~/core/disbursements/batches.server";
import { merchantBalances } from "~/core/ledger/ledger.server";
import { startSession } from "~/utils/session.server";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { turnOnTwoFactorForTest } from "../../tests/setup/two-factor";
import { addMerchant, creditAvailable } from "../../tests/setup/payments";
import { cookiesFrom, formPost, get, ORIGIN, respond, toastOf } from "../../tests/setup/requests";
import { action, loader } from "./merchant.payouts.$id";
import { loader as resultsLoader } from "./merchant.payouts.$id.results[.csv]";

const { db, close } = installTestDatabase();
const store = testStore(db);
afterAll(close);

const MERCHANT = "MRC-PAYB22";
const OTHER = "MRC-PAYX22";
addMerchant(db, MERCHANT);
addMerchant(db, OTHER);

/** KES 100,000.00 in the merchant's available balance (an operator's credit). */
await creditAvailable(db, MERCHANT, 100_000);

let counter = 0;
interface Member {
  id: string;
  username: string;
  cookie: string;
}
async function member(
  role: TeamRole,
  options: { merchantId?: string; steppedUp?: boolean } = {},
): Promise<Member> {
  const id = `usr_payb_${++counter}`;
  const username = `${role}.${counter}`;
  db.insert(merchantUsers)
    .values({ id, merchantId: options.merchantId ?? MERCHANT, username, role, createdAt: counter })
    .run();
  const setCookie = await startSession(testStore(db), "merchant", { merchantUserId: id }, get("/"));
  if (options.steppedUp === false)
    db.update(sessions).set({ steppedUpAt: null }).where(eq(sessions.merchantUserId, id)).run();
  return {
    id,
    username,
    cookie: cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } })),
  };
}

const HEADER = "recipient,rail,amount,reference,name,bank_code";
/** Two good M-Pesa rows and one that needs fixing (a short number, a formula as reference). */
const FILE = [
  HEADER,
  "0712345678,,1500,INV-1,Wanjiru Kamau,",
  "0722000111,mpesa,2500,INV-2,Otieno Ouma,",
  '07,,100,"=HYPERLINK(""http://x"")",Bad Row,',
].join("\r\n");

async function makeBatch(maker: Member, text = FILE, merchantId = MERCHANT): Promise<Batch> {
  return await createBulkBatch(
    store,
    { merchantId, memberId: maker.id, mode: "live" },
    { title: "November suppliers", fileName: "suppliers.csv", text, smsReceipts: false },
    Date.now(),
  );
}

const path = (batch: Batch | string, search = "") =>
  `/merchant/payouts/${typeof batch === "string" ? batch : batch.id}${search}`;

async function page(batch: Batch | string, who: Member, search = "") {
  const id = typeof batch === "string" ? batch : batch.id;
  return respond(() =>
    loader({ request: get(path(id, search), who), params: { id }, context: {} }),
  );
}

interface PageData {
  batch: { status: string; madeBy: string; decidedBy: string | null; decisionNote: string | null };
  viewer: { canCreate: boolean; canApprove: boolean; isMaker: boolean };
  summary: {
    counts: Record<string, number>;
    ready: {
      count: number;
      amount: string;
      fee: string;
      excise: string;
      charge: string;
      total: string;
    };
    balance: { available: string; shortfall: string | null } | null;
  };
  page: {
    rows: { id: string; line: number; status: string; recipient: string; reference: string }[];
    nextAfter: number | null;
  };
  edit: null | { id: string; line: number; errors: { field: string; message: string }[] };
}

async function pageData(batch: Batch, who: Member, search = ""): Promise<PageData> {
  const response = await page(batch, who, search);
  expect(response.status).toBe(200);
  return (await response.json()) as PageData;
}

async function post(batch: Batch | string, who: Member, fields: Record<string, string>) {
  const id = typeof batch === "string" ? batch : batch.id;
  return respond(() =>
    action({ request: formPost(path(id), fields, who), params: { id }, context: {} }),
  );
}

const available = async () => (await merchantBalances(store, MERCHANT)).available;
const statusOf = (batch: Batch) =>
  db
    .select({ status: disbursementBatches.status })
    .from(disbursementBatches)
    .where(eq(disbursementBatches.id, batch.id))
    .get()?.status;

/** A draft with its bad row dropped, submitted by `maker`. */
async function submitted(maker: Member): Promise<Batch> {
  const batch = await makeBatch(maker);
  expect((await post(batch, maker, { intent: "drop-invalid" })).status).toBe(302);
  expect((await post(batch, maker, { intent: "submit" })).status).toBe(302);
  expect(statusOf(batch)).toBe("awaiting_approval");
  return batch;
}

describe("who sees a batch", () => {
  it("another merchant's batch, an unknown id and a malformed id are 404, page and actions", async () => {
    const maker = await member("finance");
    const outsider = await member("owner", { merchantId: OTHER });
    const batch = await makeBatch(maker);
    expect((await page(batch, outsider)).status).toBe(404);
    expect((await post(batch, outsider, { intent: "submit" })).status).toBe(404);
    expect(statusOf(batch)).toBe("draft");
    expect((await page("dsb_23456789abcdef", maker)).status).toBe(404);
    expect((await page("dsb_../../etc", maker)).status).toBe(404);
    const csv = await respond(() =>
      resultsLoader({
        request: get(`${path(batch)}/results.csv`, outsider),
        params: { id: batch.id },
        context: {},
      }),
    );
    expect(csv.status).toBe(404);
  });

  it("a Viewer is refused (403) on the page, its actions and the results", async () => {
    const maker = await member("finance");
    const viewer = await member("viewer");
    const batch = await makeBatch(maker);
    expect((await page(batch, viewer)).status).toBe(403);
    expect((await post(batch, viewer, { intent: "drop-invalid" })).status).toBe(403);
    const csv = await respond(() =>
      resultsLoader({
        request: get(`${path(batch)}/results.csv`, viewer),
        params: { id: batch.id },
        context: {},
      }),
    );
    expect(csv.status).toBe(403);
    expect((await pageData(batch, maker)).summary.counts.invalid).toBe(1);
  });

  it("shows the maker by name to others and as 'you' to the maker", async () => {
    const maker = await member("finance");
    const checker = await member("admin");
    const batch = await makeBatch(maker);
    expect((await pageData(batch, maker)).batch.madeBy).toBe("you");
    const seen = await pageData(batch, checker);
    expect(seen.batch.madeBy).toBe(maker.username);
    expect(seen.viewer).toEqual({
      canCreate: true,
      canApprove: true,
      isMaker: false,
      // The maker is another approver: this checker is not the only one (ADR 0039).
      soleApprover: false,
      hasTwoFactor: false,
    });
  });
});

describe("the draft (maker side)", () => {
  it("shows what the ready rows cost against the available balance", async () => {
    const maker = await member("finance");
    const batch = await makeBatch(maker);
    const { summary } = await pageData(batch, maker);
    expect(summary.counts).toMatchObject({ ready: 2, invalid: 1, dropped: 0 });
    const { ready } = summary;
    expect(ready.count).toBe(2);
    expect(ready.amount).toBe("400000");
    // 1.5% of KES 4,000 is KES 60.
    expect(ready.fee).toBe("6000");
    // And 10% excise duty on it, KES 6.
    expect(ready.excise).toBe("600");
    expect(BigInt(ready.total)).toBe(
      BigInt(ready.amount) + BigInt(ready.fee) + BigInt(ready.excise) + BigInt(ready.charge),
    );
    expect(summary.balance).toEqual({ available: (await available()).toString(), shortfall: null });
  });

  it("refuses to submit while a row needs fixing (409, the reason on the page and in a toast)", async () => {
    const maker = await member("finance");
    const batch = await makeBatch(maker);
    const response = await post(batch, maker, { intent: "submit" });
    expect(response.status).toBe(409);
    const message = "1 row needs fixing first: fix it or drop it from the batch.";
    expect(await response.clone().json()).toEqual({ error: message });
    expect(await toastOf(response)).toMatchObject({ type: "error", description: message });
    expect(statusOf(batch)).toBe("draft");
  });

  it("fixes a row through its edit form; a bad fix opens the form again with its errors", async () => {
    const maker = await member("finance");
    const batch = await makeBatch(maker);
    const bad = (await pageData(batch, maker, "?filter=invalid")).page.rows[0]!;
    expect(bad.line).toBe(4);

    // The no-JavaScript edit form: ?edit=<row id> with the row's raw cells and its errors.
    const form = await pageData(batch, maker, `?edit=${bad.id}`);
    expect(form.edit?.id).toBe(bad.id);
    expect(form.edit?.errors.map((error) => error.field)).toEqual(["recipient", "reference"]);

    const cells = { recipient: "0712 999 888", rail: "", amount: "1,200", name: "Achieng" };
    const stillBad = await post(batch, maker, {
      intent: "edit-row",
      rowId: bad.id,
      ...cells,
      reference: "=SUM(A1)",
      bankCode: "",
    });
    expect(stillBad.status).toBe(302);
    expect(stillBad.headers.get("Location")).toBe(`${path(batch)}?edit=${bad.id}#edit-row`);
    expect((await toastOf(stillBad))?.message).toBe("The row still needs fixing");
    const again = await pageData(batch, maker, `?edit=${bad.id}`);
    expect(again.edit?.errors.map((error) => error.field)).toEqual(["reference"]);

    const fixed = await post(batch, maker, {
      intent: "edit-row",
      rowId: bad.id,
      ...cells,
      reference: "INV-3",
      bankCode: "",
    });
    expect(fixed.status).toBe(302);
    expect(fixed.headers.get("Location")).toBe(path(batch));
    expect((await toastOf(fixed))?.message).toBe("Row fixed");
    const after = await pageData(batch, maker);
    expect(after.summary.counts).toMatchObject({ ready: 3, invalid: 0 });
    expect(after.page.rows.find((row) => row.id === bad.id)).toMatchObject({
      status: "ready",
      recipient: "+254 712 999 888",
      reference: "INV-3",
    });
    expect((await post(batch, maker, { intent: "submit" })).status).toBe(302);
    expect(statusOf(batch)).toBe("awaiting_approval");
  });

  it("drops every row that needs fixing, and puts one back", async () => {
    const maker = await member("finance");
    const batch = await makeBatch(maker);
    const response = await post(batch, maker, { intent: "drop-invalid" });
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ message: "Rows dropped" });
    const { summary, page: rows } = await pageData(batch, maker);
    expect(summary.counts).toMatchObject({ ready: 2, invalid: 0, dropped: 1 });
    const dropped = rows.rows.find((row) => row.status === "dropped")!;
    expect((await post(batch, maker, { intent: "restore-row", rowId: dropped.id })).status).toBe(
      302,
    );
    expect((await pageData(batch, maker)).summary.counts).toMatchObject({ invalid: 1, dropped: 0 });
  });

  it("refuses an unknown intent or an over-long cell with 400", async () => {
    const maker = await member("finance");
    const batch = await makeBatch(maker);
    expect((await post(batch, maker, { intent: "pay-everyone" })).status).toBe(400);
    const row = (await pageData(batch, maker)).page.rows[0]!;
    const long = await post(batch, maker, {
      intent: "edit-row",
      rowId: row.id,
      recipient: "7".repeat(201),
    });
    expect(long.status).toBe(400);
  });

  it("pages the rows 50 at a time with an afterLine cursor", async () => {
    const maker = await member("finance");
    const lines = Array.from(
      { length: 60 },
      (_, i) => `07${String(12_000_000 + i).padStart(8, "0")},,${100 + i},R-${i},,`,
    );
    const batch = await makeBatch(maker, [HEADER, ...lines].join("\n"));
    const first = await pageData(batch, maker);
    expect(first.page.rows).toHaveLength(50);
    expect(first.page.rows[0]!.line).toBe(2);
    expect(first.page.nextAfter).toBe(51);
    const next = await pageData(batch, maker, "?after=51");
    expect(next.page.rows.map((row) => row.line)).toEqual(
      Array.from({ length: 10 }, (_, i) => 52 + i),
    );
    expect(next.page.nextAfter).toBeNull();
  });
});

describe("a corrected file", () => {
  function upload(batch: Batch, who: Member, body: BodyInit, headers: Record<string, string>) {
    const request = new Request(`${ORIGIN}${path(batch)}`, {
      method: "POST",
      body,
      headers: { Origin: ORIGIN, Cookie: who.cookie, ...headers },
      duplex: "half",
    } as RequestInit);
    return respond(() => action({ request, params: { id: batch.id }, context: {} }));
  }

  it("replaces the draft's rows", async () => {
    const maker = await member("finance");
    const batch = await makeBatch(maker);
    const form = new FormData();
    form.set("intent", "upload-file");
    form.set(
      "file",
      new File([`${HEADER}\n0712345678,,900,FIXED,,\n`], "fixed.csv", { type: "text/csv" }),
    );
    const response = await upload(batch, maker, form, {});
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.message).toBe("File replaced");
    const after = await pageData(batch, maker);
    expect(after.summary.counts).toMatchObject({ ready: 1, invalid: 0 });
    expect(after.page.rows.map((row) => row.reference)).toEqual(["FIXED"]);
  });

  it("refuses a body declared over 2 MB with 413 without reading it", async () => {
    const maker = await member("finance");
    const batch = await makeBatch(maker);
    let read = false;
    // Pulled only when someone reads it (no read-ahead: high-water mark 0).
    const body = new ReadableStream<Uint8Array>(
      {
        pull() {
          read = true;
          throw new Error("the body was read");
        },
      },
      { highWaterMark: 0 },
    );
    const response = await upload(batch, maker, body, {
      "Content-Type": "multipart/form-data; boundary=x",
      "Content-Length": String(3 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(read).toBe(false);
    expect((await pageData(batch, maker)).summary.counts.invalid).toBe(1);
  });
});

describe("approval (maker-checker)", () => {
  it("the maker's own approval is refused (403) and moves no money", async () => {
    const maker = await member("finance");
    const batch = await submitted(maker);
    const seen = await pageData(batch, maker);
    expect(seen.viewer.isMaker).toBe(true);
    const before = await available();
    const response = await post(batch, maker, { intent: "approve" });
    expect(response.status).toBe(403);
    expect(((await response.clone().json()) as { error: string }).error).toMatch(
      /another member with the Finance, Admin or Owner role must approve it/,
    );
    expect(statusOf(batch)).toBe("awaiting_approval");
    expect(await available()).toBe(before);
  });

  it("a Cashier cannot approve (403)", async () => {
    const maker = await member("finance");
    const cashier = await member("cashier");
    const batch = await submitted(maker);
    expect((await post(batch, cashier, { intent: "approve" })).status).toBe(403);
    expect(statusOf(batch)).toBe("awaiting_approval");
  });

  it("another Finance member approves after a step-up; the balance drops by the total", async () => {
    const maker = await member("finance");
    const batch = await submitted(maker);
    const { summary } = await pageData(batch, maker);
    const total = BigInt(summary.ready.total);

    const late = await member("finance", { steppedUp: false });
    const toConfirm = await post(batch, late, { intent: "approve" });
    expect(toConfirm.status).toBe(302);
    expect(toConfirm.headers.get("Location")).toBe(
      `/merchant/confirm?redirectTo=${encodeURIComponent(path(batch))}`,
    );
    expect(statusOf(batch)).toBe("awaiting_approval");

    const checker = await member("finance");
    const before = await available();
    const approved = await post(batch, checker, { intent: "approve" });
    expect(approved.status).toBe(302);
    expect(approved.headers.get("Location")).toBe(path(batch));
    expect((await toastOf(approved))?.message).toBe("Batch approved");
    expect(statusOf(batch)).toBe("processing");
    expect(await available()).toBe(before - total);

    const after = await pageData(batch, checker);
    expect(after.batch.decidedBy).toBe("you");
    expect(after.summary.counts).toMatchObject({ queued: 2, ready: 0 });
    expect(after.summary.balance).toBeNull();
    expect((await pageData(batch, maker)).batch.decidedBy).toBe(checker.username);

    const twice = await post(batch, checker, { intent: "approve" });
    expect(twice.status).toBe(409);
    expect(await available()).toBe(before - total);
  });

  it("another member rejects with a note; nothing is reserved", async () => {
    const maker = await member("finance");
    const batch = await submitted(maker);
    const checker = await member("owner");
    const before = await available();
    const response = await post(batch, checker, {
      intent: "reject",
      note: "  Line 3 is paid already  ",
    });
    expect(response.status).toBe(302);
    expect((await toastOf(response))?.message).toBe("Batch rejected");
    expect(statusOf(batch)).toBe("rejected");
    expect(await available()).toBe(before);
    const seen = await pageData(batch, maker);
    expect(seen.batch).toMatchObject({
      status: "rejected",
      decidedBy: checker.username,
      decisionNote: "Line 3 is paid already",
    });
    expect((await post(batch, checker, { intent: "reject", note: "x".repeat(501) })).status).toBe(
      400,
    );
  });

  it("the maker withdraws a batch waiting for approval back to a draft", async () => {
    const maker = await member("finance");
    const batch = await submitted(maker);
    const response = await post(batch, maker, { intent: "withdraw" });
    expect(response.status).toBe(302);
    expect(statusOf(batch)).toBe("draft");
  });
});

describe("the results file", () => {
  it("streams every row as CSV, formula-safe, as an attachment named after the batch", async () => {
    const maker = await member("finance");
    const batch = await makeBatch(maker);
    const response = await respond(() =>
      resultsLoader({
        request: get(`${path(batch)}/results.csv`, maker),
        params: { id: batch.id },
        context: {},
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${batch.id}-results.csv"`,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "line,recipient,rail,bank_code,amount_kes,fee_kes,rail_charge_kes,reference,name,registered_name,status,receipt,failure_reason,completed_at,account",
    );
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe("");
    expect(lines[1]).toMatch(/^2,\+?254712345678,mpesa,,1500\.00,22\.50,/);
    // The formula the file had is written as text: a quote first, never a live formula.
    expect(lines[3]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[3]).toMatch(/,invalid,/);
    for (const line of lines.slice(1, 4))
      for (const cell of line.split(",")) expect(cell).not.toMatch(/^"?[=+\-@]/);
  });
});

describe("an account with one approver (ADR 0039)", () => {
  const SOLO = "MRC-PAYS22";
  addMerchant(db, SOLO);
  beforeAll(async () => {
    await creditAvailable(db, SOLO, 10_000);
  });
  const FILE_OK = [HEADER, "0712345678,,1500,INV-1,Wanjiru Kamau,"].join("\r\n");

  it("the owner approves their own batch only with two-factor sign-in on, and the page says so", async () => {
    const owner = await member("owner", { merchantId: SOLO });
    const batch = await makeBatch(owner, FILE_OK, SOLO);
    expect((await post(batch, owner, { intent: "submit" })).status).toBe(302);

    const before = await page(batch, owner);
    const html = JSON.stringify(await before.json());
    expect(html).toContain('"soleApprover":true');
    expect(html).toContain('"hasTwoFactor":false');
    const refused = await post(batch, owner, { intent: "approve" });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).toContain(
      "You are the only member who can approve payouts",
    );
    expect(statusOf(batch)).toBe("awaiting_approval");

    turnOnTwoFactorForTest(db, { merchantUserId: owner.id });
    const approved = await post(batch, owner, { intent: "approve" });
    expect(approved.status).toBe(302);
    expect(statusOf(batch)).toBe("processing");
  });
});
