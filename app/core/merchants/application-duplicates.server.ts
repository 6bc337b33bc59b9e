/**
 * Possible duplicate applications, for operators (issue 30, item 5): an application whose phone,
 * e-mail (case-insensitive: the stored lower-cased address) or registration number equals another
 * application's, or whose e-mail or phone is an existing merchant's (its contact e-mail or
 * settlement phone). Computed when read, in SQL that runs on SQLite and PostgreSQL alike.
 */
import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { merchantApplications, merchants } from "../../../drizzle/schema";
import type { Store } from "~/db/store";
import { normalizeStoredPhone } from "~/utils/phone";

import type { DuplicateField, DuplicateMatch } from "./application-duplicates";

const other = alias(merchantApplications, "other_application");

/** Which of the fields two applications share. */
function sharedFields(
  a: { email: string; phone: string; registration: string | null },
  b: { email: string; phone: string; registration: string | null },
): DuplicateField[] {
  const fields: DuplicateField[] = [];
  if (a.email === b.email) fields.push("email");
  if (a.phone === b.phone) fields.push("phone");
  if (a.registration !== null && a.registration === b.registration)
    fields.push("registration number");
  return fields;
}

/**
 * For each of `ids`, the other applications and the merchants it may duplicate (applications
 * newest first, then merchants). An id with no match is absent from the map.
 */
export async function findDuplicates(
  store: Store,
  ids: readonly string[],
): Promise<Map<string, DuplicateMatch[]>> {
  const found = new Map<string, DuplicateMatch[]>();
  if (ids.length === 0) return found;
  const [applicationRows, merchantRows] = await store.read(async (q) => {
    const applications = await q
      .select({
        applicationId: merchantApplications.id,
        email: merchantApplications.emailNormalized,
        phone: merchantApplications.phone,
        registration: merchantApplications.registrationNumber,
        otherId: other.id,
        otherReference: other.reference,
        otherEmail: other.emailNormalized,
        otherPhone: other.phone,
        otherRegistration: other.registrationNumber,
        otherMerchantId: other.merchantId,
        otherCreatedAt: other.createdAt,
      })
      .from(merchantApplications)
      .innerJoin(
        other,
        and(
          ne(other.id, merchantApplications.id),
          or(
            eq(other.emailNormalized, merchantApplications.emailNormalized),
            eq(other.phone, merchantApplications.phone),
            and(
              isNotNull(merchantApplications.registrationNumber),
              eq(other.registrationNumber, merchantApplications.registrationNumber),
            ),
          ),
        ),
      )
      .where(inArray(merchantApplications.id, [...ids]));
    const merchantMatches = await q
      .select({
        applicationId: merchantApplications.id,
        email: merchantApplications.emailNormalized,
        phone: merchantApplications.phone,
        merchantId: merchants.id,
        businessName: merchants.businessName,
        merchantEmail: sql<string>`lower(${merchants.contactEmail})`,
        merchantPhone: merchants.settlementPhone,
      })
      .from(merchantApplications)
      .innerJoin(
        merchants,
        and(
          // Not the merchant this application itself became.
          or(
            isNull(merchantApplications.merchantId),
            ne(merchants.id, merchantApplications.merchantId),
          ),
          or(
            eq(sql`lower(${merchants.contactEmail})`, merchantApplications.emailNormalized),
            // Settlement phones are E.164, or without the "+" when stored before (254712345678).
            eq(merchants.settlementPhone, merchantApplications.phone),
            eq(sql`'+' || ${merchants.settlementPhone}`, merchantApplications.phone),
          ),
        ),
      )
      .where(inArray(merchantApplications.id, [...ids]));
    return [applications, merchantMatches] as const;
  });

  const add = (id: string, match: DuplicateMatch) => {
    const list = found.get(id);
    if (list) list.push(match);
    else found.set(id, [match]);
  };
  const sorted = [...applicationRows].sort((a, b) => b.otherCreatedAt - a.otherCreatedAt);
  for (const row of sorted) {
    const fields = sharedFields(
      { email: row.email, phone: row.phone, registration: row.registration },
      { email: row.otherEmail, phone: row.otherPhone, registration: row.otherRegistration },
    );
    if (fields.length === 0) continue;
    add(row.applicationId, {
      kind: "application",
      id: row.otherId,
      reference: row.otherReference,
      fields,
    });
  }
  for (const row of merchantRows) {
    // A merchant made from a matching application is already named by that application.
    const viaApplication = applicationRows.some(
      (a) => a.applicationId === row.applicationId && a.otherMerchantId === row.merchantId,
    );
    if (viaApplication) continue;
    const fields: DuplicateField[] = [];
    if (row.merchantEmail === row.email) fields.push("email");
    if (row.merchantPhone !== null && normalizeStoredPhone(row.merchantPhone) === row.phone)
      fields.push("phone");
    if (fields.length === 0) continue;
    add(row.applicationId, {
      kind: "merchant",
      id: row.merchantId,
      businessName: row.businessName,
      fields,
    });
  }
  return found;
}
