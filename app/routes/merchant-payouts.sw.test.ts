/**
 * The payout pages in Kiswahili (issue 33): with the language switch's cookie the payouts list, the
 * new payout page (its form and review), a bad single payout's messages, the upload's toast and a
 * batch's page are Kiswahili; without it, English as before. Money stays "KES 1,500.00".
 */
import { afterAll, describe, expect, it } from "vitest";
import { signedInMember } from "../../tests/setup/members";
import { installTestDatabase } from "../../tests/setup/db";
import { addMerchant, creditAvailable } from "../../tests/setup/payments";
import { renderPage } from "../../tests/setup/render-page";
import { formPost, get, ORIGIN, respond, toastOf } from "../../tests/setup/requests";
import PayoutBatch, { action as batchAction, loader as batchLoader } from "./merchant.payouts.$id";
import MerchantPayouts, {
  action as payoutsAction,
  loader as payoutsLoader,
} from "./merchant.payouts._index";
import NewPayout, { action as newAction, loader as newLoader } from "./merchant.payouts.new";

const { db, close } = installTestDatabase();
afterAll(close);

const MERCHANT = "MRC-PAYSW2";
addMerchant(db, MERCHANT, null);
await creditAvailable(db, MERCHANT, 100_000);

const SW = "onehop_lang=sw";

const owner = await signedInMember(db, MERCHANT, "owner");
const inSwahili = `${owner.cookie}; ${SW}`;

const listPage = (request: Request, locale: "en" | "sw") =>
  renderPage(
    {
      path: "merchant/payouts",
      loader: payoutsLoader,
      action: payoutsAction,
      Component: MerchantPayouts,
    },
    request,
    locale,
  );

const newPage = (request: Request, locale: "en" | "sw") =>
  renderPage(
    { path: "merchant/payouts/new", loader: newLoader, action: newAction, Component: NewPayout },
    request,
    locale,
  );

const batchPage = (request: Request, locale: "en" | "sw") =>
  renderPage(
    {
      path: "merchant/payouts/:id",
      loader: batchLoader,
      action: batchAction,
      Component: PayoutBatch,
    },
    request,
    locale,
  );

const PAYOUT = {
  recipient: "0712 345 678",
  rail: "",
  bankCode: "",
  amount: "1,500",
  reference: "Invoice 1042",
  name: "Wanjiku Kamau",
};

const GOOD_CSV = [
  "recipient,rail,amount,reference,name,bank_code",
  "0712345678,mpesa,1500,Invoice 1042,Wanjiku Kamau,",
  "0733123456,airtel-money,2500,Refund 77,Otieno Odhiambo,",
  "not a number,,abc,,,",
].join("\r\n");

/** A multipart post of the upload form, as a browser sends it. */
function upload(cookie: string, title: string, content: string): Request {
  const form = new FormData();
  form.append("title", title);
  form.append("file", new File([content], "payouts.csv", { type: "text/csv" }));
  return new Request(`${ORIGIN}/merchant/payouts`, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, Cookie: cookie, "User-Agent": "vitest" },
  });
}

const errorsOf = async (response: Response) =>
  ((await response.json()) as { lastResult: { error: Record<string, string[]> } }).lastResult.error;

describe("the payouts list in Kiswahili", () => {
  it("is Kiswahili with the cookie: title, balance, empty list, upload form", async () => {
    const page = await listPage(get("/merchant/payouts", { cookie: inSwahili }), "sw");
    expect(page).toContain("Malipo yaliyotumwa");
    expect(page).toContain("Utumaji mpya");
    expect(page).toContain("Salio linaloweza kutumwa");
    expect(page).toContain("KES 100,000.00");
    expect(page).toContain("Bado hujatuma malipo.");
    expect(page).toContain("Pakia faili la malipo");
    expect(page).toContain("Jina la kundi");
    expect(page).toContain("Pakia faili");
    expect(page).not.toContain("No payouts yet.");
  });

  it("stays English without it", async () => {
    const page = await listPage(get("/merchant/payouts", { cookie: owner.cookie }), "en");
    expect(page).toContain("Payouts");
    expect(page).toContain("New payout");
    expect(page).toContain("Available to pay out");
    expect(page).toContain("No payouts yet.");
    expect(page).toContain("Upload a payout file");
    expect(page).not.toContain("Malipo yaliyotumwa");
  });
});

describe("a new payout in Kiswahili", () => {
  it("the form is Kiswahili with the cookie, English without", async () => {
    const sw = await newPage(get("/merchant/payouts/new", { cookie: inSwahili }), "sw");
    expect(sw).toContain("Utumaji mpya");
    expect(sw).toContain("Mpokeaji");
    expect(sw).toContain("Njia ya malipo");
    expect(sw).toContain("Benki (PesaLink)");
    expect(sw).toContain("Kiasi (KES)");
    expect(sw).toContain("Rudi kwa malipo yaliyotumwa");
    expect(sw).toMatch(/>Kagua<\/button>/);

    const en = await newPage(get("/merchant/payouts/new", { cookie: owner.cookie }), "en");
    expect(en).toContain("New payout");
    expect(en).toContain("Recipient");
    expect(en).toContain("Bank (PesaLink)");
    expect(en).toMatch(/>Review<\/button>/);
    expect(en).not.toContain("Mpokeaji");
  });

  it("a bad payout answers in Kiswahili with the cookie, English without", async () => {
    const bad = { intent: "review", recipient: "", rail: "", amount: "" };
    const post = (cookie: string) =>
      respond(() =>
        newAction({
          request: formPost("/merchant/payouts/new", bad, { cookie }),
          params: {},
          context: {},
        }),
      );
    const sw = await post(inSwahili);
    expect(sw.status).toBe(400);
    const swErrors = await errorsOf(sw);
    expect(swErrors.amount).toEqual(["Weka kiasi cha kulipa kwa shilingi, kama 1500"]);
    expect(swErrors.recipient?.[0]).toMatch(/^Weka mpokeaji: nambari ya simu ya Kenya/);

    const en = await post(owner.cookie);
    expect(en.status).toBe(400);
    const enErrors = await errorsOf(en);
    expect(enErrors.amount).toEqual(["Enter the amount to pay in shillings, such as 1500"]);
    expect(enErrors.recipient?.[0]).toMatch(/^Enter the recipient: a Kenyan mobile number/);
  });

  it("the review is Kiswahili; the money is written as in English", async () => {
    const page = await newPage(
      formPost("/merchant/payouts/new", { ...PAYOUT, intent: "review" }, { cookie: inSwahili }),
      "sw",
    );
    const review = page.split("Kagua utumaji")[1] ?? "";
    expect(review).toContain("+254 712 345 678 (Wanjiku Kamau)");
    expect(review).toContain("Mpokeaji anapata");
    expect(review).toContain("KES 1,500.00");
    expect(review).toContain("Jumla kutoka kwa salio lako");
    expect(review).toContain("Haihitaji idhini");
    expect(review).toMatch(/value="send"[^>]*>Tuma malipo<\/button>/);
  });
});

describe("a payout file and its batch in Kiswahili", () => {
  it("the upload's toast and the batch page are Kiswahili with the cookie, English without", async () => {
    const uploaded = await respond(() =>
      payoutsAction({ request: upload(inSwahili, "Mishahara", GOOD_CSV), params: {}, context: {} }),
    );
    expect(uploaded.status).toBe(302);
    expect(await toastOf(uploaded)).toMatchObject({
      message: "Faili la malipo limepakiwa",
      description:
        "Mistari 3 imesomwa, 1 ya kurekebisha. Ikague, kisha uwasilishe kundi liidhinishwe.",
    });
    const location = uploaded.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/merchant\/payouts\/dsb_/);

    const sw = await batchPage(get(location, { cookie: inSwahili }), "sw");
    expect(sw).toContain("Mishahara");
    expect(sw).toContain("Rasimu");
    expect(sw).toContain("Gharama yake");
    expect(sw).toContain("Liwasilishe ili kuidhinishwa");
    expect(sw).toContain("Wasilisha ili kuidhinishwa");
    expect(sw).toContain("Mistari yote");
    expect(sw).toContain("Inahitaji kurekebishwa");
    expect(sw).toContain("Kagua kabla ya kuidhinisha");

    const en = await batchPage(get(location, { cookie: owner.cookie }), "en");
    expect(en).toContain("Draft");
    expect(en).toContain("What it costs");
    expect(en).toContain("Send it for approval");
    expect(en).toContain("All rows");
    expect(en).toContain("Needs fixing");
    expect(en).not.toContain("Rasimu");
  });

  it("a refusal on the batch page answers in Kiswahili", async () => {
    const uploaded = await respond(() =>
      payoutsAction({ request: upload(owner.cookie, "Posho", GOOD_CSV), params: {}, context: {} }),
    );
    const id = (uploaded.headers.get("Location") ?? "").split("/").pop() ?? "";
    const withdraw = await respond(() =>
      batchAction({
        request: formPost(`/merchant/payouts/${id}`, { intent: "withdraw" }, { cookie: inSwahili }),
        params: { id },
        context: {},
      }),
    );
    expect(withdraw.status).toBe(409);
    expect(await toastOf(withdraw)).toMatchObject({
      message: "Hakuna kilichobadilika",
      description: "Kundi linalosubiri kuidhinishwa pekee ndilo linaweza kuondolewa.",
    });
  });
});
