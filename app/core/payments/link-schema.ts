/**
 * Payment links (issue 13, item 6), the part that needs no database (isomorphic: the merchant's
 * form, the visitor's form and the core use the same rules):
 * - the limits of a link's fields and the rules of its return URLs (absolute http(s), https in live
 *   mode, at most 2,000 characters, no user name or password);
 * - the amount a visitor may enter (whole shillings within the crypto limits) and the asset;
 * - the two forms' zod schemas (Conform parses them on the server and in the browser).
 */
import { z } from "zod";
import { cryptoLimits } from "~/content/tariff";
import type { ApiMode } from "~/core/api/vocabulary";
import { formatKes } from "~/utils/format";
import { paymentAssets } from "./create-payment-schema";
import { isPaidStatus } from "./statuses";
import { paymentLinkMessages } from "~/i18n/catalogs/payment-link";
import type { Translation } from "~/i18n/messages";

export type PaymentLinkAsset = (typeof paymentAssets)[number];

export const PAYMENT_LINK_ID = /^lnk_[2-9a-hjkmnp-tv-z]{12}$/;
export const RETURN_URL_MAX_LENGTH = 2_000;

/** Each field's maximum length (also what a refused form echoes back at most). */
export const paymentLinkLimits = {
  title: 80,
  description: 200,
  amountKes: 7,
  asset: 4,
  successUrl: RETURN_URL_MAX_LENGTH,
  cancelUrl: RETURN_URL_MAX_LENGTH,
} as const;

/** What is wrong with `value` as a success or cancel URL in `mode`, in the merchant's words. */
export function returnUrlProblem(value: string, mode: ApiMode): string | null {
  if (value.length > RETURN_URL_MAX_LENGTH)
    return `Use an address of at most ${RETURN_URL_MAX_LENGTH.toLocaleString("en-KE")} characters.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter a full address, starting with https://";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return "Enter a full address, starting with https://";
  if (mode === "live" && url.protocol !== "https:")
    return "Live payment links must return to an https:// address.";
  if (url.username || url.password) return "Leave the user name and password out of the address.";
  return null;
}

/**
 * A URL safe to render as a link on the checkout (defence in depth: stored URLs were checked when
 * they were saved): its href and host name, or null when it does not parse as http(s).
 */
export function renderableReturnUrl(
  value: string | null | undefined,
): { href: string; host: string } | null {
  if (!value || value.length > RETURN_URL_MAX_LENGTH) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.username || url.password || !url.hostname) return null;
    return { href: url.href, host: url.hostname };
  } catch {
    return null;
  }
}

type LinkWords = Translation<typeof paymentLinkMessages.en>;
const english = paymentLinkMessages.en;

/** What is wrong with a whole-shilling amount (null: within the limits), in `words`' language. */
export function amountKesProblem(amountKes: number, words: LinkWords = english): string | null {
  if (!Number.isSafeInteger(amountKes) || amountKes < 0) return words.wholeShillings;
  if (amountKes < cryptoLimits.minimum) return words.minimum(formatKes(cryptoLimits.minimum));
  if (amountKes > cryptoLimits.reviewMaxPerTransaction)
    return words.maximum(formatKes(cryptoLimits.reviewMaxPerTransaction));
  return null;
}

export function isPaymentLinkAsset(value: unknown): value is PaymentLinkAsset {
  return typeof value === "string" && (paymentAssets as readonly string[]).includes(value);
}

/** A text field that is optional: blank means not given. */
const optionalText = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().trim().max(max, message).optional(),
  );

/** Whole shillings as typed ("15000"), checked against the limits. */
const amountTextIn = (words: LinkWords) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, words.wholeShillings)
    .transform(Number)
    .superRefine((amount, context) => {
      const problem = amountKesProblem(amount, words);
      if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
const amountText = amountTextIn(english);

const returnUrl = (mode: ApiMode) =>
  optionalText(RETURN_URL_MAX_LENGTH, "Use an address of at most 2,000 characters.").superRefine(
    (value, context) => {
      if (value === undefined) return;
      const problem = returnUrlProblem(value, mode);
      if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    },
  );

/** The merchant's "Create payment link" form, for a link in `mode`. */
export function paymentLinkSchema(mode: ApiMode) {
  return z.object({
    title: z
      .string({ required_error: "Enter what the customer pays for" })
      .trim()
      .min(1, "Enter what the customer pays for")
      .max(paymentLinkLimits.title, `Keep the title under ${paymentLinkLimits.title} characters`),
    description: optionalText(
      paymentLinkLimits.description,
      `Keep the description under ${paymentLinkLimits.description} characters`,
    ),
    amountKes: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      amountText.optional(),
    ),
    asset: z.preprocess(
      (value) => (value === "" || value === "any" ? undefined : value),
      z
        .enum(paymentAssets, { errorMap: () => ({ message: "Choose an asset from the list" }) })
        .optional(),
    ),
    successUrl: returnUrl(mode),
    cancelUrl: returnUrl(mode),
  });
}

export type PaymentLinkInput = z.output<ReturnType<typeof paymentLinkSchema>>;

/** The visitor's form on a link's page: the amount and the asset, unless the link fixes them. */
export function openPaymentLinkSchema(
  link: { fixedAmount: boolean; fixedAsset: boolean },
  words: LinkWords = english,
) {
  return z.object({
    // A fixed amount or asset is the link's: whatever was posted for it is ignored.
    amountKes: link.fixedAmount
      ? z.unknown().transform(() => undefined)
      : z.string({ required_error: words.amountRequired }).pipe(amountTextIn(words)),
    asset: link.fixedAsset
      ? z.unknown().transform(() => undefined)
      : z.enum(paymentAssets, {
          errorMap: () => ({ message: words.chooseAsset }),
        }),
  });
}

/**
 * The way back to the merchant's site the checkout offers: while the payment waits, "Cancel and
 * return" to its cancel URL; once paid, "Return" to its success URL; else none. Only http(s) URLs.
 */
export function checkoutReturnLink(payment: {
  status: string;
  successUrl: string | null;
  cancelUrl: string | null;
}): { kind: "cancel" | "success"; href: string; host: string } | null {
  if (payment.status === "awaiting_payment") {
    const url = renderableReturnUrl(payment.cancelUrl);
    return url ? { kind: "cancel", ...url } : null;
  }
  // Paid: the customer may go back to the merchant's success address.
  if (isPaidStatus(payment.status)) {
    const url = renderableReturnUrl(payment.successUrl);
    return url ? { kind: "success", ...url } : null;
  }
  return null;
}
