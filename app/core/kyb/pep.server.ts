/**
 * A declared politically exposed person raises scrutiny (issue 31, item 6; ADR 0058). An
 * application naming a PEP among its directors or owners opens a compliance case of kind `manual`
 * (enhanced due diligence: source of funds and wealth, senior approval) that holds the application
 * as a sanctions hit does: it cannot be approved until an officer clears the case. A PEP added in
 * Settings opens such a case on the merchant (nothing held: the officer decides), and the
 * merchant's reviews come at least yearly (tiers.ts). One case per application; on a merchant, no
 * second case while one is open.
 */
import { and, eq, isNull } from "drizzle-orm";
import { businessParties, complianceCases, merchantApplications } from "../../../drizzle/schema";
import { openCase } from "~/core/compliance/cases.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";

export const PEP_CASE_TITLE = "a politically exposed person declared: enhanced due diligence";

/** Open the PEP review of an application that declares one (once); the case id, else null. */
export function raiseApplicationPepScrutiny(
  store: Store,
  applicationId: string,
  now: number,
): Promise<string | null> {
  return store.write(async (q) => {
    const application = await first(
      q
        .select({ reference: merchantApplications.reference })
        .from(merchantApplications)
        .where(
          and(
            eq(merchantApplications.id, applicationId),
            eq(merchantApplications.status, "submitted"),
          ),
        )
        .limit(1),
    );
    if (!application) return null;
    const peps = await q
      .select()
      .from(businessParties)
      .where(
        and(
          eq(businessParties.applicationId, applicationId),
          eq(businessParties.pep, true),
          isNull(businessParties.removedAt),
        ),
      );
    if (peps.length === 0) return null;
    const existing = await first(
      q
        .select({ id: complianceCases.id })
        .from(complianceCases)
        .where(
          and(eq(complianceCases.applicationId, applicationId), eq(complianceCases.kind, "manual")),
        )
        .limit(1),
    );
    if (existing) return null;
    return openCase(q, {
      kind: "manual",
      severity: "medium",
      title: `Application ${application.reference}: ${PEP_CASE_TITLE}`,
      applicationId,
      evidence: {
        peps: peps.map((party) => ({
          partyId: party.id,
          role: party.role,
          fullName: party.fullName,
          details: party.pepDetails,
        })),
      },
      holds: [{ target: "application", targetId: applicationId }],
      now,
    });
  });
}

/** A PEP added or declared in Settings: a case on the merchant unless one is open already. */
export async function raiseMerchantPepScrutiny(
  q: Handle,
  merchantId: string,
  party: { id: string; role: string; fullName: string; pepDetails: string | null },
  now: number,
): Promise<string | null> {
  const open = await first(
    q
      .select({ id: complianceCases.id })
      .from(complianceCases)
      .where(
        and(
          eq(complianceCases.merchantId, merchantId),
          eq(complianceCases.kind, "manual"),
          eq(complianceCases.status, "open"),
        ),
      )
      .limit(1),
  );
  if (open) return null;
  return openCase(q, {
    kind: "manual",
    severity: "medium",
    title: `Merchant ${merchantId}: ${PEP_CASE_TITLE}`,
    merchantId,
    evidence: {
      peps: [
        {
          partyId: party.id,
          role: party.role,
          fullName: party.fullName,
          details: party.pepDetails,
        },
      ],
    },
    holds: [],
    now,
  });
}
