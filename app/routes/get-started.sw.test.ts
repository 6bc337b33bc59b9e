/**
 * The merchant application in Kiswahili (issue 33): with the language switch's cookie (or the
 * browser's Accept-Language) the action's validation messages, the toasts and the rendered form
 * (labels, options' labels, the summary) are Kiswahili; the options' values and what is stored
 * stay the same. Without either, English as before.
 */
import { renderPage } from "../../tests/setup/render-page";
import { rmSync } from "node:fs";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { merchantApplications, rateLimits } from "../../drizzle/schema";
import { validApplication } from "../../tests/fixtures/application";
import { installTestDatabase } from "../../tests/setup/db";
import { formPost, ORIGIN, respond, toastOf } from "../../tests/setup/requests";
import { kybRoot } from "~/route-support/kyb.server";
import GetStarted, { action, loader } from "./get-started";

// Its own data folder: another test file may clean the shared one's KYB folder meanwhile.
vi.hoisted(() => {
  vi.stubEnv("DATA_DIR", "tests/.tmp/kyb-apply-sw");
});

const { db, close } = installTestDatabase();
afterAll(close);
afterAll(() => rmSync(kybRoot(), { recursive: true, force: true }));
beforeEach(() => {
  db.delete(merchantApplications).run();
  db.delete(rateLimits).run();
});

const SW = "onehop_lang=sw";
const submit = (fields: Record<string, string>, cookie?: string) =>
  respond(() =>
    action({ request: formPost("/get-started", fields, { cookie }), params: {}, context: {} }),
  );
const errorsOf = async (response: Response) =>
  ((await response.json()) as { lastResult: { error: Record<string, string[]> } }).lastResult.error;

/** The page's HTML in `locale`. */
const render = (request: Request, locale: "en" | "sw") =>
  renderPage({ path: "get-started", loader, action, Component: GetStarted }, request, locale);

describe("/get-started in Kiswahili", () => {
  it("bad fields: Kiswahili messages with the cookie, English without", async () => {
    const fields = {
      ...validApplication,
      businessName: "",
      email: "si-barua-pepe",
      registrationNumber: "ABC",
      monthlyVolume: "a-lot",
    };
    const sw = await submit(fields, SW);
    expect(sw.status).toBe(400);
    const errors = await errorsOf(sw);
    expect(errors.businessName).toEqual(["Weka jina la biashara"]);
    expect(errors.email).toEqual(["Weka barua pepe sahihi"]);
    expect(errors.registrationNumber).toEqual([
      "Weka nambari ya usajili iliyo kwenye cheti chako, kwa mfano PVT-AB1234CD",
    ]);
    expect(errors.monthlyVolume).toEqual(["Chagua kiasi cha kila mwezi kutoka kwenye orodha"]);

    const en = await errorsOf(await submit(fields));
    expect(en.businessName).toEqual(["Business name is required"]);
    expect(en.email).toEqual(["Enter a valid email address"]);
  });

  it("the place, the phone, the people and the terms in Kiswahili", async () => {
    const errors = await errorsOf(
      await submit(
        {
          ...validApplication,
          country: "UG",
          city: "Thika",
          phone: "12",
          "parties[0].role": "owner",
          "parties[0].sharePercent": "",
          agreedToTerms: "",
        },
        SW,
      ),
    );
    expect(errors.city).toEqual([
      'Thika iko Kenya, si Uganda: chagua mji ulioko Uganda, au chagua "Mwingine (haupo kwenye orodha)" kisha uandike jina lake',
    ]);
    expect(errors["parties[0].sharePercent"]).toEqual(["Weka hisa za mmiliki, 25% au zaidi"]);
    expect(errors.parties).toEqual(["Ongeza angalau mkurugenzi mmoja"]);
    const abroad = await errorsOf(
      await submit({ ...validApplication, country: "US", city: "Thika" }, SW),
    );
    expect(abroad.city?.[0]).toMatch(/^Thika iko Kenya, si Marekani: chagua mji ulioko Marekani/);
    expect(errors.agreedToTerms).toEqual(["Kubali vigezo na masharti ili uendelee."]);
    // The phone's own check runs once every field is well formed.
    const phone = await errorsOf(await submit({ ...validApplication, phone: "12" }, SW));
    expect(phone.phone).toEqual(["Weka nambari ya simu ya Kenya, kwa mfano 0712 345 678"]);
  });

  it("a valid application: stored with the same values, the Kiswahili toast", async () => {
    const response = await submit({ ...validApplication, monthlyVolume: "kes-100k-1m" }, SW);
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toEqual({
      type: "success",
      message: "Maombi yametumwa!",
      description: "Tutakagua maombi yako na kukujibu ndani ya saa 24.",
    });
    const [row] = db.select().from(merchantApplications).all();
    expect(row?.monthlyVolume).toBe("kes-100k-1m");
    expect(row?.city).toBe("Kisumu, Kisumu County");
    // Kept for the decision e-mail (admin-applications.sw.test.ts).
    expect(row?.locale).toBe("sw");
  });

  it("the rendered form: Kiswahili labels, options' labels and summary; values unchanged", async () => {
    const html = await render(formPost("/get-started", { intent: "submit" }, { cookie: SW }), "sw");
    expect(html).toContain("Maombi ya mfanyabiashara");
    expect(html).toContain("Kuna matatizo 11 kwenye maombi yako");
    expect(html).toContain("Jina la biashara");
    expect(html).toContain('<option value="kes-under-100k">Chini ya KES 100,000</option>');
    expect(html).toContain('<option value="retail">Rejareja</option>');
    expect(html).toMatch(/<option value="director"[^>]*>Mkurugenzi<\/option>/);
    expect(html).toContain(">Weka jina la biashara</a>");
    // Countries and nationalities by their Kiswahili names, values unchanged.
    expect(html).toMatch(/<option value="US">[^<]*Marekani<\/option>/);
    expect(html).toMatch(/<option value="GB">Uingereza<\/option>/);
    expect(html).toContain("Tuma maombi");
    expect(html).not.toContain("Business Name");

    const cities = await render(
      formPost("/get-started", { country: "KE", intent: "show-cities" }, { cookie: SW }),
      "sw",
    );
    expect(cities).toContain('<optgroup label="Kaunti ya Kiambu">');
    expect(cities).toContain('<option value="other">Mwingine (haupo kwenye orodha)</option>');

    const english = await render(formPost("/get-started", { intent: "submit" }), "en");
    expect(english).toContain("There are 11 problems with your application");
    expect(english).toContain('<option value="kes-under-100k">Under KES 100,000</option>');
  });

  it("the confirmation after a submit, in Kiswahili", async () => {
    const submitted = await submit(validApplication, SW);
    const location = submitted.headers.get("Location") ?? "";
    const reference = location.split("=")[1]!;
    const html = await render(
      new Request(`http://localhost:3000${location}`, { headers: { Cookie: SW } }),
      "sw",
    );
    expect(html).toContain("Maombi yametumwa!");
    expect(html).toContain(`Kumbukumbu ya maombi yako ni <strong>${reference}</strong>`);
    expect(html).toContain("Tuma maombi mengine");
  });

  it("a refused document is refused in Kiswahili", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(validApplication)) form.append(name, value);
    form.append("documents", new File(["MZ pretending"], "cheti.pdf", { type: "application/pdf" }));
    const response = await respond(() =>
      action({
        request: new Request(`${ORIGIN}/get-started`, {
          method: "POST",
          body: form,
          headers: { Origin: ORIGIN, "User-Agent": "vitest", Cookie: SW },
        }),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).documents).toEqual([
      '"cheti.pdf" si faili la PDF, JPEG wala PNG. Chagua hati zako tena.',
    ]);
  });
});
