/**
 * The decision e-mails to an applicant follow the language they applied in (issue 33): approved or
 * not, in Kiswahili for a Kiswahili application, and the new owner's language starts as it; an
 * application in English (or from before the language was kept) gets the English e-mails.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { merchantUsers, outboundEmails } from "../../drizzle/schema";
import { submitApplication } from "~/core/merchants/applications.server";
import type { Locale } from "~/i18n/locales";
import { validApplication } from "../../tests/fixtures/application";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { signedInOperator } from "../../tests/setup/operator-session";
import { formPost, respond } from "../../tests/setup/requests";
import { action as reviewAction } from "./admin.applications.$id";

const { db, close } = installTestDatabase();
afterAll(close);

async function newApplication(email: string, locale?: Locale) {
  const result = await submitApplication(
    testStore(db),
    { ...validApplication, email, businessType: "retail", agreedToTerms: true } as never,
    { locale },
  );
  if (!result.ok) throw new Error("could not submit");
  return result;
}

async function review(id: string, fields: Record<string, string>) {
  const { cookie } = await signedInOperator(db, "reviewer");
  return respond(() =>
    reviewAction({
      request: formPost(`/admin/applications/${id}`, fields, { cookie }),
      params: { id },
      context: {},
    }),
  );
}

const emailTo = (address: string) =>
  db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, address)).get();

describe("an applicant's decision e-mail, in the language they applied in", () => {
  it("approved in Kiswahili: the e-mail, and the owner's language starts as Kiswahili", async () => {
    const { id, reference } = await newApplication("swahili-approve@duka.example", "sw");
    const response = await review(id, { intent: "approve", username: "wanjiku" });
    expect(response.status).toBe(200);
    const { approval } = (await response.json()) as {
      approval: { merchantId: string; username: string; link: string };
    };
    const email = emailTo("swahili-approve@duka.example");
    expect(email?.subject).toBe("Akaunti yako ya mfanyabiashara wa OneHop imeidhinishwa");
    expect(email?.bodyText).toContain(`Maombi yako ${reference} ya `);
    expect(email?.bodyText).toContain(`Kitambulisho cha mfanyabiashara: ${approval.merchantId}`);
    expect(email?.bodyText).toContain("Jina la mtumiaji: wanjiku");
    expect(email?.bodyText).toContain(approval.link);
    expect(email?.bodyText).toContain("Timu ya OneHop");
    const owner = db
      .select({ locale: merchantUsers.locale })
      .from(merchantUsers)
      .where(eq(merchantUsers.merchantId, approval.merchantId))
      .get();
    expect(owner?.locale).toBe("sw");
  });

  it("not approved in Kiswahili: the operator's reason as they wrote it", async () => {
    const { id, reference } = await newApplication("swahili-reject@duka.example", "sw");
    const reason = "We could not verify the business registration.";
    expect((await review(id, { intent: "reject", reason })).status).toBe(200);
    const email = emailTo("swahili-reject@duka.example");
    expect(email?.subject).toBe("Maombi yako ya kuwa mfanyabiashara wa OneHop");
    expect(email?.bodyText).toContain(`Kwa sasa hatuwezi kuidhinisha maombi ${reference}.`);
    expect(email?.bodyText).toContain(`Sababu: ${reason}`);
  });

  it("an application without a language (or in English): the English e-mail, no language set", async () => {
    const { id } = await newApplication("english-approve@shop.example");
    const response = await review(id, { intent: "approve", username: "otieno" });
    const { approval } = (await response.json()) as { approval: { merchantId: string } };
    const email = emailTo("english-approve@shop.example");
    expect(email?.subject).toBe("Your OneHop merchant account is approved");
    expect(email?.bodyText).toContain(`Merchant ID: ${approval.merchantId}`);
    expect(email?.bodyText).toContain(
      "Then sign in at /merchant-signin with your merchant ID, username and password.",
    );
    expect(email?.bodyText).toContain("The OneHop team");
    const owner = db
      .select({ locale: merchantUsers.locale })
      .from(merchantUsers)
      .where(eq(merchantUsers.merchantId, approval.merchantId))
      .get();
    expect(owner?.locale).toBeNull();
  });
});
