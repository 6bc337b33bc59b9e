/**
 * What sending an SMS needs of a provider (issue 30, item 9): one message to one number, and what
 * became of it. The Africa's Talking client (africastalking-client.server.ts) is the one adapter;
 * the sender (sms-sender.server.ts) knows only this.
 */

export type SmsSendOutcome =
  /** The provider took it: its id (for the delivery report), what it cost ("KES 0.8000"). */
  | { kind: "sent"; providerMessageId: string; cost: string | null }
  /** Not sent now, but the same message may go later (no answer, the provider or account down). */
  | { kind: "retry"; reason: string }
  /** Refused for good (the number, a blacklist, the sender id): never send it again. */
  | { kind: "refused"; reason: string };

export interface SmsAdapter {
  /** `to` in E.164; `message` as the member will read it. Never throws. */
  send(to: string, message: string): Promise<SmsSendOutcome>;
}
