/**
 * The words of SMS notifications (issue 30, item 9). Isomorphic: the schema builds its columns from
 * these lists (ADR 0020).
 */

/**
 * Where an outbound SMS is: queued (not handed to the provider yet), sent (the provider took it),
 * delivered (the network says it reached the phone), failed (the provider or the network refused
 * it), capped (over the member's daily cap: never sent).
 */
export const outboundMessageStatuses = ["queued", "sent", "delivered", "failed", "capped"] as const;
export type OutboundMessageStatus = (typeof outboundMessageStatuses)[number];

/** How the security page names each status (one source: the page and its tests). */
export const outboundMessageStatusLabels: Record<OutboundMessageStatus, string> = {
  queued: "Waiting to be sent",
  sent: "Sent, waiting for the delivery report",
  delivered: "Delivered",
  failed: "Not delivered",
  capped: "Not sent: over the daily limit",
};
