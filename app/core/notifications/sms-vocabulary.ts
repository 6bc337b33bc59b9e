/**
 * The words of SMS notifications (issue 30, item 9). Isomorphic: the schema builds its columns from
 * these lists (ADR 0020), so its imports are relative (no "~/": drizzle-kit reads it too).
 */
import { smsStatusMessages } from "../../i18n/catalogs/sms";
import type { Locale } from "../../i18n/locales";
import { inLocale } from "../../i18n/messages";

/**
 * Where an outbound SMS is: queued (not handed to the provider yet), sent (the provider took it),
 * delivered (the network says it reached the phone), failed (the provider or the network refused
 * it), capped (over the member's daily cap: never sent).
 */
export const outboundMessageStatuses = ["queued", "sent", "delivered", "failed", "capped"] as const;
export type OutboundMessageStatus = (typeof outboundMessageStatuses)[number];

/** How the security page names each status (one source: the page and its tests). */
export const outboundMessageStatusLabels: Record<OutboundMessageStatus, string> =
  smsStatusMessages.en;

/** Each status in `locale` (issue 33). */
export const outboundMessageStatusLabelsIn = (
  locale: Locale,
): Record<OutboundMessageStatus, string> => inLocale(smsStatusMessages, locale);
