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
