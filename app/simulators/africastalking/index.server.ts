/**
 * The Africa's Talking SMS simulator (issue 30, item 9): a node:http server on 127.0.0.1 speaking
 * the SMS API of ~/core/notifications/africastalking-wire.ts (api.server.ts), keeping every
 * message in the simulators' own database (ADR 0045: kind "sms" of simulator "africastalking"),
 * and POSTing each accepted message's delivery report, form-encoded as Africa's Talking does, to
 * the callback URL after `reportDelayMs`, or on `flush()` when that is 0 (tests). What happens to
 * a number is decided by its last digits (types.ts). Message ids come from a seeded PRNG.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createSeededRandom } from "~/simulators/daraja/random";
import { createCallbackQueue, listen, readBody, sendJson } from "../http-kit.server";
import { StoredMap, loadUnlessPaged } from "../stored-map.server";
import { createAtApi } from "./api.server";
import type {
  AfricasTalkingSimulator,
  AfricasTalkingSimulatorOptions,
  AtReportLog,
  AtRequestLog,
  SimSms,
} from "./types";

export * from "./types";
export { renderAtSimulatorPage } from "./page.server";

const MAX_BODY_BYTES = 64 * 1024;

export async function startAfricasTalkingSimulator(
  options: AfricasTalkingSimulatorOptions,
): Promise<AfricasTalkingSimulator> {
  const now = options.now ?? Date.now;
  const store = options.store;
  const messages = new StoredMap<SimSms>(store, "sms");
  messages.restore(loadUnlessPaged(store));
  const random = createSeededRandom(options.seed ?? 1);
  let refusedCount = 0;
  const keyOf = (sms: SimSms) =>
    sms.messageId === "None"
      ? `refused-${sms.at}-${++refusedCount}-${random.int(1e9)}`
      : sms.messageId;

  const queue = createCallbackQueue<SimSms, AtReportLog>({
    now,
    callbackDelayMs: Math.max(0, options.reportDelayMs ?? 0),
    callbackTimeoutMs: options.reportTimeoutMs ?? 5000,
    describe: (sms, at) => ({
      at,
      url: options.callbackUrl ?? "",
      messageId: sms.messageId,
      body: "",
      status: undefined,
      error: undefined,
    }),
    request: (sms, entry) => {
      const form = new URLSearchParams({
        id: sms.messageId,
        status: sms.report!.status,
        phoneNumber: sms.number,
        networkCode: "63902",
        retryCount: "0",
      });
      if (sms.report!.failureReason) form.set("failureReason", sms.report!.failureReason);
      entry.body = form.toString();
      const stored = messages.get(sms.messageId);
      if (stored) messages.set(sms.messageId, { ...stored, reportedAt: now() });
      store?.save("sms", sms.messageId, messages.get(sms.messageId));
      return {
        url: entry.url,
        body: entry.body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      };
    },
  });

  const handleApi = createAtApi({
    username: options.username,
    apiKey: options.apiKey,
    random,
    now,
    record(sms) {
      const key = keyOf(sms);
      messages.set(key, sms);
      store?.save("sms", key, sms);
      if (sms.report && options.callbackUrl) queue.enqueue(sms);
    },
  });
  const requests: AtRequestLog[] = [];
  let closed = false;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://simulator.invalid");
    let raw: string;
    try {
      raw = await readBody(req, MAX_BODY_BYTES);
    } catch {
      res.writeHead(413, { "content-type": "text/plain" });
      return void res.end("Request too large");
    }
    if (req.method === "POST" && url.pathname === "/__sim/flush") {
      await queue.flush();
      return sendJson(res, 200, { pendingReports: queue.pendingCount() });
    }
    const apiKey = req.headers.apikey;
    const answer = handleApi({
      method: req.method ?? "",
      path: url.pathname,
      apiKey: typeof apiKey === "string" ? apiKey : undefined,
      contentType: req.headers["content-type"],
      raw,
    });
    requests.push({
      at: now(),
      path: url.pathname,
      status: answer.kind === "hang" ? 0 : answer.status,
    });
    if (answer.kind === "hang") return; // the client's timeout ends it
    if (answer.kind === "json")
      return sendJson(res, answer.status, answer.body, "application/json");
    res.writeHead(answer.status, { "content-type": "text/plain" });
    res.end(answer.body);
  }

  const listening = await listen(handle, {
    port: options.port,
    host: options.host,
    contentType: "text/plain",
    errorBody: () => "Internal Server Error",
  });

  return {
    baseUrl: listening.baseUrl,
    messages(limit = 50) {
      const newest: SimSms[] = [];
      for (const sms of messages.values({ descending: true })) {
        if (newest.length >= limit) break;
        newest.push(sms);
      }
      return newest;
    },
    message: (messageId) => messages.get(messageId),
    reports: queue.callbacks,
    requests,
    flush: queue.flush,
    pendingReports: queue.pendingCount,
    async close() {
      if (closed) return;
      closed = true;
      await queue.close();
      await listening.close();
    },
  };
}
