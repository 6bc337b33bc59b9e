/**
 * Payment links (issue 13, item 6): a merchant's reusable link (`/pay/link/lnk_…`) with a fixed or
 * customer-entered amount and asset, that opens a fresh payment (its own quote and deposit address)
 * for every visitor. Links belong to a merchant and a mode (test or live): every read and change is
 * scoped by both, so another merchant's link, or the other mode's, is simply not found. A link's
 * payments are made in the link's mode by the payments service with the payment_link actor.
 */
import { and, desc, eq } from "drizzle-orm";
import { merchants, paymentLinks } from "../../../drizzle/schema";
import type { ApiMode } from "~/core/api/vocabulary";
import { recordAudit } from "~/core/audit.server";
import { readableCode } from "~/core/ids.server";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import {
  amountKesProblem,
  isPaymentLinkAsset,
  PAYMENT_LINK_ID,
  paymentLinkLimits,
  returnUrlProblem,
  type PaymentLinkInput,
} from "./link-schema";
import type { Payment } from "./payments.server";
import type { PaymentsService } from "./service.server";

export type PaymentLink = typeof paymentLinks.$inferSelect;

/** The most links one list shows (newest first). */
export const PAYMENT_LINK_LIST_LIMIT = 200;

export const newPaymentLinkId = () => `lnk_${readableCode(12).toLowerCase()}`;

/** A refusal the visitor or the merchant reads; `field` names the form field it is about. */
export class PaymentLinkError extends Error {
  constructor(
    message: string,
    readonly code: "not_found" | "invalid_amount" | "invalid_asset" | "invalid_input",
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Whose links: one merchant's, in one mode. */
export interface LinkScope {
  merchantId: string;
  mode: ApiMode;
}

/** The checks of the merchant's form, again (core callers need not come through the form). */
function checkInput(input: PaymentLinkInput, mode: ApiMode): void {
  const title = input.title.trim();
  if (title === "" || title.length > paymentLinkLimits.title)
    throw new PaymentLinkError("Enter a title of at most 80 characters.", "invalid_input", "title");
  if ((input.description?.length ?? 0) > paymentLinkLimits.description)
    throw new PaymentLinkError(
      "Keep the description under 200 characters.",
      "invalid_input",
      "description",
    );
  if (input.amountKes !== undefined) {
    const problem = amountKesProblem(input.amountKes);
    if (problem) throw new PaymentLinkError(problem, "invalid_amount", "amountKes");
  }
  if (input.asset !== undefined && !isPaymentLinkAsset(input.asset))
    throw new PaymentLinkError("Choose an asset from the list.", "invalid_asset", "asset");
  for (const field of ["successUrl", "cancelUrl"] as const) {
    const value = input[field];
    const problem = value === undefined ? null : returnUrlProblem(value, mode);
    if (problem) throw new PaymentLinkError(problem, "invalid_input", field);
  }
}

export async function createPaymentLink(
  store: Store,
  scope: LinkScope & { createdBy: string | null },
  input: PaymentLinkInput,
  now = Date.now(),
): Promise<PaymentLink> {
  checkInput(input, scope.mode);
  const link: PaymentLink = {
    id: newPaymentLinkId(),
    merchantId: scope.merchantId,
    mode: scope.mode,
    title: input.title.trim(),
    description: input.description?.trim() || null,
    amountKesCents: input.amountKes === undefined ? null : BigInt(input.amountKes) * 100n,
    asset: input.asset ?? null,
    successUrl: input.successUrl ?? null,
    cancelUrl: input.cancelUrl ?? null,
    active: true,
    createdBy: scope.createdBy,
    createdAt: now,
    updatedAt: now,
  };
  await store.write(async (q) => {
    await q.insert(paymentLinks).values(link);
    await recordAudit(
      q,
      {
        actorType: "merchant_user",
        actorId: scope.createdBy,
        action: "payment_link.created",
        targetType: "payment_link",
        targetId: link.id,
        details: { merchantId: scope.merchantId, mode: scope.mode },
      },
      now,
    );
  });
  return link;
}

export function listPaymentLinks(store: Store, scope: LinkScope): Promise<PaymentLink[]> {
  return store.read((q) =>
    q
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.merchantId, scope.merchantId), eq(paymentLinks.mode, scope.mode)))
      .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
      .limit(PAYMENT_LINK_LIST_LIMIT),
  );
}

export async function getPaymentLink(
  store: Store,
  scope: LinkScope,
  id: string,
): Promise<PaymentLink | undefined> {
  if (!PAYMENT_LINK_ID.test(id)) return undefined;
  return store.read((q) =>
    first(
      q
        .select()
        .from(paymentLinks)
        .where(
          and(
            eq(paymentLinks.id, id),
            eq(paymentLinks.merchantId, scope.merchantId),
            eq(paymentLinks.mode, scope.mode),
          ),
        )
        .limit(1),
    ),
  );
}

/**
 * Turn a link on or off (one of the merchant's, in the scope's mode). False when there is no such
 * link in the scope.
 */
export async function setPaymentLinkActive(
  store: Store,
  scope: LinkScope & { actorId: string },
  id: string,
  active: boolean,
  now = Date.now(),
): Promise<boolean> {
  if (!PAYMENT_LINK_ID.test(id)) return false;
  return store.write(async (q) => {
    const changed = await q
      .update(paymentLinks)
      .set({ active, updatedAt: now })
      .where(
        and(
          eq(paymentLinks.id, id),
          eq(paymentLinks.merchantId, scope.merchantId),
          eq(paymentLinks.mode, scope.mode),
        ),
      )
      .returning({ id: paymentLinks.id });
    if (changed.length !== 1) return false;
    await recordAudit(
      q,
      {
        actorType: "merchant_user",
        actorId: scope.actorId,
        action: active ? "payment_link.activated" : "payment_link.deactivated",
        targetType: "payment_link",
        targetId: id,
        details: { merchantId: scope.merchantId, mode: scope.mode },
      },
      now,
    );
    return true;
  });
}

type PublicLink = { link: PaymentLink; businessName: string };

/** The public link `id` read on a store handle (see publicPaymentLink). */
async function findPublicLink(q: Handle, id: string): Promise<PublicLink | undefined> {
  if (!PAYMENT_LINK_ID.test(id)) return undefined;
  return first(
    q
      .select({ link: paymentLinks, businessName: merchants.businessName })
      .from(paymentLinks)
      .innerJoin(merchants, eq(merchants.id, paymentLinks.merchantId))
      .where(
        and(eq(paymentLinks.id, id), eq(paymentLinks.active, true), eq(merchants.status, "active")),
      )
      .limit(1),
  );
}

/** A link as its public page shows it: active, of an active merchant, with the business name. */
export async function publicPaymentLink(store: Store, id: string): Promise<PublicLink | undefined> {
  if (!PAYMENT_LINK_ID.test(id)) return undefined;
  return store.read((q) => findPublicLink(q, id));
}

/** What a visitor chose on a link's page: whole shillings and an asset, when the link asks. */
export interface OpenLinkInput {
  linkId: string;
  amountKes?: number;
  asset?: string;
}

const notFound = () =>
  new PaymentLinkError("This payment link does not exist or is no longer active.", "not_found");

/**
 * A fresh payment for a visitor of an active link: the link's amount and asset, or the visitor's
 * (checked: whole shillings within the crypto limits, a supported asset), made by the payments
 * service with the payment_link actor in the link's mode, with the link's return URLs. Throws
 * PaymentLinkError (not found, bad amount or asset) and the service's PaymentError (limits, rates,
 * custody). The link is checked again, still active, in the transaction that inserts the payment.
 */
export async function openPaymentFromLink(
  store: Store,
  service: Pick<PaymentsService, "create">,
  input: OpenLinkInput,
): Promise<Payment> {
  const found = await publicPaymentLink(store, input.linkId);
  if (!found) throw notFound();
  const { link } = found;

  let amountKes: number;
  if (link.amountKesCents !== null) {
    amountKes = Number(link.amountKesCents / 100n);
  } else {
    if (input.amountKes === undefined)
      throw new PaymentLinkError("Enter the amount in KES", "invalid_amount", "amountKes");
    const problem = amountKesProblem(input.amountKes);
    if (problem) throw new PaymentLinkError(problem, "invalid_amount", "amountKes");
    amountKes = input.amountKes;
  }

  const asset = link.asset ?? input.asset;
  if (!isPaymentLinkAsset(asset))
    throw new PaymentLinkError("Choose what you pay with", "invalid_asset", "asset");

  return service.create(
    { type: "payment_link", id: link.id, merchantId: link.merchantId, mode: link.mode },
    {
      amountKes,
      asset,
      reference: `link ${link.id}`,
      description: link.title,
      successUrl: link.successUrl ?? undefined,
      cancelUrl: link.cancelUrl ?? undefined,
    },
    async (q) => {
      // Deactivated while custody gave the address: nothing is stored.
      if (!(await findPublicLink(q, link.id))) throw notFound();
    },
  );
}
