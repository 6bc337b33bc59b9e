/**
 * The Africa's Talking SMS client (issue 30, item 9; wire form in africastalking-wire.ts): one
 * message to one number per call, with a timeout for the whole call, the answer read within a size
 * limit, and every result mapped to the adapter's three outcomes:
 *
 * - sent: the recipient's status code is 100/101/102 (its messageId and cost kept);
 * - retry: no answer (timeout, network), an answer too large or not understood, HTTP 401/403/429 or
 *   5xx (our key or the provider, not the message), or a recipient code about the account or the
 *   gateway (RiskHold, InsufficientBalance, InternalServerError, GatewayError);
 * - refused: any other recipient code (InvalidPhoneNumber, UserInBlacklist, DoNotDisturb...) or
 *   another HTTP 4xx (the provider will not take this message as it is).
 *
 * A timeout after the provider took the message means it may be sent twice on the retry; the
 * provider has no idempotency key to prevent that (ADR 0051).
 */
import {
  AT_ACCEPTED_CODES,
  AT_MESSAGING_PATH,
  AT_RETRY_CODES,
  AT_STATUS_CODES,
  atSendAnswerSchema,
} from "./africastalking-wire";
import type { SmsAdapter, SmsSendOutcome } from "./sms-adapter";

/** The answer to one message is a few hundred bytes; anything past this is not an answer. */
export const AT_MAX_ANSWER_BYTES = 64 * 1024;

export interface AfricasTalkingOptions {
  /** Without a trailing slash: https://api.africastalking.com, the sandbox, or the simulator. */
  baseUrl: string;
  username: string;
  apiKey: string;
  /** A sender id registered on the account; without it the provider's default. */
  from?: string;
  timeoutMs: number;
}

class AnswerTooLarge extends Error {}

/** The body as text, refused once it passes `maxBytes` (a stuck or hostile server). */
async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new AnswerTooLarge();
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AnswerTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const codeName = (code: number) =>
  AT_STATUS_CODES[code as keyof typeof AT_STATUS_CODES] ?? `status ${code}`;

/** What an answer of status `status` with body `text` means for the message. */
export function outcomeOfAnswer(status: number, text: string): SmsSendOutcome {
  if (status === 401 || status === 403 || status === 429 || status >= 500)
    return { kind: "retry", reason: `HTTP ${status} from Africa's Talking` };
  if (status !== 200 && status !== 201) {
    const detail = text.replace(/\s+/g, " ").trim().slice(0, 120);
    return { kind: "refused", reason: `HTTP ${status}${detail ? `: ${detail}` : ""}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: "retry", reason: "An answer that is not JSON" };
  }
  const parsed = atSendAnswerSchema.safeParse(json);
  if (!parsed.success) return { kind: "retry", reason: "An answer not in the expected form" };
  const recipient = parsed.data.SMSMessageData.Recipients[0];
  // No recipient: the provider took nothing ("Sent to 0/1"), e.g. a number it could not read.
  if (!recipient)
    return { kind: "refused", reason: parsed.data.SMSMessageData.Message.slice(0, 120) };
  if (AT_ACCEPTED_CODES.includes(recipient.statusCode)) {
    if (!recipient.messageId) return { kind: "retry", reason: "Accepted without a message id" };
    return { kind: "sent", providerMessageId: recipient.messageId, cost: recipient.cost ?? null };
  }
  const reason = codeName(recipient.statusCode);
  return AT_RETRY_CODES.includes(recipient.statusCode)
    ? { kind: "retry", reason }
    : { kind: "refused", reason };
}

export function createAfricasTalkingClient(options: AfricasTalkingOptions): SmsAdapter {
  const url = `${options.baseUrl.replace(/\/$/, "")}${AT_MESSAGING_PATH}`;
  return {
    async send(to, message) {
      const body = new URLSearchParams({ username: options.username, to, message });
      if (options.from) body.set("from", options.from);
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: {
            apiKey: options.apiKey,
            Accept: "application/json",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: body.toString(),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: "error",
        });
        const text = await readLimited(response, AT_MAX_ANSWER_BYTES);
        return outcomeOfAnswer(response.status, text);
      } catch (error) {
        if (error instanceof AnswerTooLarge)
          return { kind: "retry", reason: "An answer larger than expected" };
        const timedOut =
          error instanceof DOMException &&
          (error.name === "TimeoutError" || error.name === "AbortError");
        return {
          kind: "retry",
          reason: timedOut ? "No answer within the timeout" : "No answer from Africa's Talking",
        };
      }
    },
  };
}
