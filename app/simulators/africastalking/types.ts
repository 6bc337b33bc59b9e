import type { SimulatorStore } from "../store.server";
import type { CallbackAttempt } from "../http-kit.server";
import type { AtReportStatus } from "~/core/notifications/africastalking-wire";

/**
 * How the simulator treats a number, by its last four digits (the controls; any other number is
 * sent and delivered):
 *
 * - `0000`: sent (101), then the report says Failed, AbsentSubscriber (the phone is off);
 * - `0001`: sent (101), then the report says Rejected, UserInBlacklist;
 * - `0403`: refused at once, 403 InvalidPhoneNumber;
 * - `0406`: refused at once, 406 UserInBlacklist;
 * - `0405`: refused at once, 405 InsufficientBalance (the account, not the number: retry later);
 * - `0500`: the API answers HTTP 500;
 * - `0999`: the API never answers (the client's timeout).
 */
export const AT_SIM_NUMBER_RULES = {
  "0000": { kind: "report", status: "Failed", failureReason: "AbsentSubscriber" },
  "0001": { kind: "report", status: "Rejected", failureReason: "UserInBlacklist" },
  "0403": { kind: "refuse", statusCode: 403 },
  "0406": { kind: "refuse", statusCode: 406 },
  "0405": { kind: "refuse", statusCode: 405 },
  "0500": { kind: "http", status: 500 },
  "0999": { kind: "hang" },
} as const;

/** A message the simulator took or refused, as its page lists it. */
export interface SimSms {
  /** ATXid_…; refused ones have none ("None"). */
  messageId: string;
  number: string;
  message: string;
  from: string | null;
  statusCode: number;
  status: string;
  cost: string;
  at: number;
  /** The delivery report decided at send (accepted messages only). */
  report: { status: AtReportStatus; failureReason: string | null } | null;
  /** When that report was POSTed to the callback URL (null: not yet). */
  reportedAt: number | null;
}

export interface AtReportLog extends CallbackAttempt {
  at: number;
  url: string;
  messageId: string;
  body: string;
}

export interface AtRequestLog {
  at: number;
  path: string;
  status: number;
}

export interface AfricasTalkingSimulatorOptions {
  username: string;
  apiKey: string;
  /** Where delivery reports go (the callback URL registered on the account); none without it. */
  callbackUrl?: string;
  /** 0 (tests): reports only on flush(). */
  reportDelayMs?: number;
  reportTimeoutMs?: number;
  /** Its messages, kept across restarts (ADR 0045); in memory without it. */
  store?: SimulatorStore;
  seed?: number;
  now?: () => number;
  port?: number;
  host?: string;
}

export interface AfricasTalkingSimulator {
  baseUrl: string;
  /** The newest messages first, at most `limit`. */
  messages(limit?: number): SimSms[];
  message(messageId: string): SimSms | undefined;
  /** Delivery reports POSTed (or attempted), oldest first. */
  reports: AtReportLog[];
  requests: AtRequestLog[];
  /** Send every pending delivery report now and wait for them. */
  flush(): Promise<void>;
  pendingReports(): number;
  close(): Promise<void>;
}
