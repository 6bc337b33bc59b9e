/**
 * The simulator's API: `POST /version1/messaging` as Africa's Talking answers it
 * (~/core/notifications/africastalking-wire.ts): the apiKey header and username checked (401 with a
 * text body), `to` and `message` required (400 text), then one recipient entry per number, its
 * status code from the number's rules (types.ts), a 201 with the JSON answer.
 */
import {
  AT_MESSAGING_PATH,
  AT_STATUS_CODES,
  type AtSendAnswer,
} from "~/core/notifications/africastalking-wire";
import type { SeededRandom } from "~/simulators/daraja/random";
import { AT_SIM_NUMBER_RULES, type SimSms } from "./types";

export type AtApiAnswer =
  | { kind: "json"; status: number; body: unknown }
  | { kind: "text"; status: number; body: string }
  | { kind: "hang" };

const COST = "KES 0.8000";
const ZERO = "0";
const E164 = /^\+\d{10,15}$/;

function ruleOf(number: string) {
  const suffix = number.slice(-4) as keyof typeof AT_SIM_NUMBER_RULES;
  return AT_SIM_NUMBER_RULES[suffix];
}

export function createAtApi(options: {
  username: string;
  apiKey: string;
  random: SeededRandom;
  now: () => number;
  /** A message taken or refused: keep it (and queue its report). */
  record: (sms: SimSms) => void;
}) {
  const messageId = () => `ATXid_${options.random.chars("0123456789abcdef", 32)}`;
  return function handleApi(request: {
    method: string;
    path: string;
    apiKey: string | undefined;
    contentType: string | undefined;
    raw: string;
  }): AtApiAnswer {
    if (request.path !== AT_MESSAGING_PATH) return { kind: "text", status: 404, body: "Not found" };
    if (request.method !== "POST") return { kind: "text", status: 405, body: "Method not allowed" };
    if (!request.contentType?.includes("application/x-www-form-urlencoded"))
      return { kind: "text", status: 415, body: "Unsupported content type" };
    const form = new URLSearchParams(request.raw);
    if (request.apiKey !== options.apiKey || form.get("username") !== options.username)
      return { kind: "text", status: 401, body: "The supplied authentication is invalid" };
    const to = (form.get("to") ?? "").trim();
    const message = form.get("message") ?? "";
    if (to === "") return { kind: "text", status: 400, body: "Must have to to send a message" };
    if (message === "")
      return { kind: "text", status: 400, body: "Must have message to send a message" };
    const numbers = to.split(",").map((n) => n.trim());
    for (const number of numbers) {
      const rule = ruleOf(number);
      if (rule?.kind === "hang") return { kind: "hang" };
      if (rule?.kind === "http")
        return { kind: "text", status: rule.status, body: "Internal Server Error" };
    }
    const at = options.now();
    const recipients = numbers.map((number) => {
      const rule = ruleOf(number);
      const statusCode = !E164.test(number) ? 403 : rule?.kind === "refuse" ? rule.statusCode : 101;
      const accepted = statusCode === 101;
      const sms: SimSms = {
        messageId: accepted ? messageId() : "None",
        number,
        message,
        from: form.get("from"),
        statusCode,
        status: accepted ? "Success" : AT_STATUS_CODES[statusCode as keyof typeof AT_STATUS_CODES],
        cost: accepted ? COST : ZERO,
        at,
        report: accepted
          ? rule?.kind === "report"
            ? { status: rule.status, failureReason: rule.failureReason }
            : { status: "Success", failureReason: null }
          : null,
        reportedAt: null,
      };
      options.record(sms);
      return {
        statusCode,
        number,
        status: sms.status,
        cost: sms.cost,
        messageId: sms.messageId,
      };
    });
    const sent = recipients.filter((r) => r.statusCode === 101).length;
    const total = (sent * 0.8).toFixed(4);
    const answer: AtSendAnswer = {
      SMSMessageData: {
        Message: `Sent to ${sent}/${recipients.length} Total Cost: KES ${total}`,
        Recipients: recipients,
      },
    };
    return { kind: "json", status: 201, body: answer };
  };
}
