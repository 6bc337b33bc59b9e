import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { merchantApplications, rateLimits } from "../../drizzle/schema";
import { validApplication } from "../../tests/fixtures/application";
import { installTestDatabase } from "../../tests/setup/db";
import { formPost, respond, toastOf } from "../../tests/setup/requests";
import { action } from "./get-started";

const { db, close } = installTestDatabase();
afterAll(close);
beforeEach(() => {
  db.delete(merchantApplications).run();
  db.delete(rateLimits).run();
});

const submit = (fields: Record<string, string>, userAgent = "vitest", remoteAddress?: string) =>
  respond(() =>
    action({
      request: formPost("/get-started", fields, { userAgent, remoteAddress }),
      params: {},
      context: {},
    }),
  );
const stored = () => db.select().from(merchantApplications).all();

describe("POST /get-started", () => {
  it("stores a valid application as submitted with a reference and says so", async () => {
    const response = await submit(validApplication);
    expect(response.status).toBe(302);
    const [row] = stored();
    expect(row?.status).toBe("submitted");
    expect(row?.reference).toMatch(/^APP-[A-Z0-9]{8}$/);
    expect(row?.phone).toBe("+254712345678");
    expect(response.headers.get("Location")).toBe(`/get-started?submitted=${row?.reference}`);
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      message: "Application Submitted!",
      description: "We'll review your application and get back to you within 24 hours.",
    });
  });

  it("without agreement to the terms: the terms are a problem of the form, nothing saved", async () => {
    const { agreedToTerms: _omit, ...fields } = validApplication;
    const response = await submit(fields);
    expect(response.status).toBe(400);
    // One summary lists every problem (no separate toast on top of it without JavaScript; with
    // it the browser shows Terms Required before anything is sent).
    expect(await toastOf(response)).toBeUndefined();
    expect(stored()).toHaveLength(0);
    // The typed values come back so the form is not lost.
    const body = (await response.json()) as {
      lastResult: { initialValue: Record<string, string>; error: Record<string, string[]> };
    };
    expect(body.lastResult.initialValue.businessName).toBe(validApplication.businessName);
    expect(body.lastResult.error).toEqual({
      agreedToTerms: ["Please agree to the terms and conditions to continue."],
    });
  });

  it("stores a Kenyan town with its county, and a town typed under Other as typed", async () => {
    await submit({ ...validApplication, city: "Thika" });
    expect(stored()[0]?.city).toBe("Thika, Kiambu County");
    db.delete(merchantApplications).run();
    await submit({ ...validApplication, city: "other", otherCity: "Kangari" });
    expect(stored()[0]).toMatchObject({ country: "KE", city: "Kangari" });
  });

  it("refuses Other without a town, and a city of another country, saying which", async () => {
    const other = await submit({ ...validApplication, city: "other" });
    expect(other.status).toBe(400);
    const otherBody = (await other.json()) as { lastResult: { error: Record<string, string[]> } };
    expect(otherBody.lastResult.error).toEqual({
      otherCity: ["Type the name of your town or city"],
    });
    const wrong = await submit({ ...validApplication, country: "UG", city: "Thika" });
    const wrongBody = (await wrong.json()) as { lastResult: { error: Record<string, string[]> } };
    expect(wrongBody.lastResult.error.city).toEqual([
      'Thika is in Kenya, not Uganda: choose a city in Uganda, or choose "Other (not listed)" and type it',
    ]);
    expect(stored()).toHaveLength(0);
  });

  it("invalid fields answer 400 with field errors and save nothing", async () => {
    const response = await submit({
      ...validApplication,
      phone: "call me",
      businessType: "casino",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { lastResult: { error: Record<string, string[]> } };
    expect(Object.keys(body.lastResult.error).sort()).toEqual(["businessType", "phone"]);
    const wrongCity = await submit({ ...validApplication, city: "Lagos" });
    expect(wrongCity.status).toBe(400);
    expect(stored()).toHaveLength(0);
  });

  it("stores script tags as plain text", async () => {
    const script = "<script>alert('x')</script>";
    await submit({
      ...validApplication,
      businessName: `Acme ${script}`,
      currentPaymentMethods: script,
      businessAddress: script,
    });
    expect(stored()[0]?.businessName).toBe(`Acme ${script}`);
    expect(stored()[0]?.currentPaymentMethods).toBe(script);
  });

  it("a second pending application with the same e-mail gets a clear message, not a duplicate", async () => {
    await submit(validApplication);
    const again = await submit({
      ...validApplication,
      email: validApplication.email!.toUpperCase(),
      businessName: "Other",
    });
    expect(again.status).toBe(409);
    expect(await toastOf(again)).toMatchObject({ message: "Application Already Received" });
    expect(stored()).toHaveLength(1);
  });

  it("a bot filling the honeypot is told all went well, and nothing is stored", async () => {
    const response = await submit({ ...validApplication, company_fax: "+1 555 0100" });
    expect(response.status).toBe(302);
    expect(stored()).toHaveLength(0);
  });

  it("limits applications per client", async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await submit(
            { ...validApplication, email: `owner${i}@shop.example` },
            "bot/1.0",
            "203.0.113.66",
          )
        ).status,
      ).toBe(302);
    }
    // Another User-Agent from the same address is the same client.
    const sixth = await submit(
      { ...validApplication, email: "owner6@shop.example" },
      "bot/2.0",
      "203.0.113.66",
    );
    expect(sixth.status).toBe(429);
    expect((await toastOf(sixth))?.description).toMatch(
      /Too many applications from your network\. Please try again in \d+ minutes\./,
    );
    expect(stored()).toHaveLength(5);
    // Another client (another address) is not affected.
    expect(
      (
        await submit(
          { ...validApplication, email: "human@shop.example" },
          "Mozilla/5.0",
          "198.51.100.1",
        )
      ).status,
    ).toBe(302);
  });

  it("'Show cities' keeps what was typed and validates nothing", async () => {
    const response = await submit({
      businessName: "Half typed",
      country: "KE",
      intent: "show-cities",
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      lastResult: { initialValue: Record<string, string>; error?: unknown };
    };
    expect(body.lastResult.initialValue).toMatchObject({
      businessName: "Half typed",
      country: "KE",
    });
    expect(body.lastResult.error).toBeUndefined();
    expect(stored()).toHaveLength(0);
  });

  it("rejects a cross-site post", async () => {
    const request = formPost("/get-started", validApplication, { origin: "https://evil.example" });
    const response = await respond(() => action({ request, params: {}, context: {} }));
    expect(response.status).toBe(403);
    expect(
      db
        .select()
        .from(merchantApplications)
        .where(eq(merchantApplications.email, validApplication.email!))
        .all(),
    ).toHaveLength(0);
  });
});
