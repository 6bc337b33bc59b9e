/**
 * A member's language (issue 33): what the app shows them once they sign in, and what their
 * e-mails and SMS are written in. Null until they choose: the app then follows the browser, and
 * messages are in English.
 */
import { eq } from "drizzle-orm";
import { merchantUsers } from "../../../drizzle/schema";
import { first } from "~/db/sql";
import type { Store } from "~/db/store";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locales";

export async function getMemberLanguage(
  store: Store,
  merchantUserId: string,
): Promise<Locale | null> {
  const row = await store.read((q) =>
    first(
      q
        .select({ locale: merchantUsers.locale })
        .from(merchantUsers)
        .where(eq(merchantUsers.id, merchantUserId))
        .limit(1),
    ),
  );
  return row?.locale ?? null;
}

/** The language a member's e-mails and SMS are written in. */
export async function messageLanguage(store: Store, merchantUserId: string): Promise<Locale> {
  return (await getMemberLanguage(store, merchantUserId)) ?? DEFAULT_LOCALE;
}

export async function setMemberLanguage(
  store: Store,
  merchantUserId: string,
  locale: Locale,
): Promise<void> {
  await store.write(async (q) => {
    await q.update(merchantUsers).set({ locale }).where(eq(merchantUsers.id, merchantUserId));
  });
}
