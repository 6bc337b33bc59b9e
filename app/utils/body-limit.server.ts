/**
 * Request bodies are limited before anything reads them (docs/decisions/0017-request-limits.md):
 * `request.formData()` buffers the whole body in the heap (under the former 112 MB limit one
 * 20 MB post ended the process). One table says, per path, how large a body may be and which
 * types it may have:
 *
 * - the declared `Content-Length` is checked as soon as the headers arrive (server.mjs, through
 *   front-door.server.ts) and refused at once with 413;
 * - a body without a declared length (chunked) is counted as it streams in and reading stops at
 *   the limit (413);
 * - a form address takes only forms (urlencoded or multipart): anything else is 415, and a broken
 *   multipart body is 400, before Remix runs (they used to be 500s with a stack trace in the log);
 * - an upload address (`stream`) passes its multipart bodies on unread, counted as Remix reads them
 *   (the route streams the files to disk; past the limit the read fails with BodyTooLargeError and
 *   the route answers 413); its other bodies are read whole within `maxBufferedBytes`.
 */
import { refusal, type Refusal } from "./refusals.server";

export const KB = 1024;
export const MB = 1024 * KB;

/** The largest sanctions list upload (a whole request: the files and the form's fields). */
export const SANCTIONS_UPLOAD_MAX_BYTES = 64 * MB;

/** Form submissions (what a browser sends from our pages, also as Remix's `.data` requests). */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;
const JSON_TYPES = ["application/json"] as const;

export interface BodyPolicy {
  /** Path prefix this policy covers; the longest matching prefix wins. */
  prefix: string;
  maxBytes: number;
  /**
   * Media types accepted; "any" leaves the type to the route (it parses and answers 400 itself).
   */
  accepts: readonly string[] | "any";
  /**
   * How refusals are answered: JSON for API callers, else an HTML page unless the caller asks for
   * JSON.
   */
  answer: "json" | "negotiate";
  /**
   * Media types passed to the route as a stream (counted up to `maxBytes`) instead of being read
   * first: uploads, which the route writes to disk part by part.
   */
  stream?: readonly string[];
  /** The limit for bodies that are read whole (types not in `stream`); default `maxBytes`. */
  maxBufferedBytes?: number;
}

/**
 * The limits, one row per address space. A future CSV upload gets its own row, e.g.
 * `{ prefix: "/merchant/payments/import", maxBytes: 5 * MB, accepts: ["multipart/form-data"],
 * answer: "negotiate" }`
 * (keep such a limit small enough that a few concurrent uploads fit in memory).
 */
export const BODY_POLICIES: readonly BodyPolicy[] = [
  // Provider callbacks (custody deposits, M-Pesa results): JSON, verified and parsed by the route.
  { prefix: "/webhooks/", maxBytes: 1 * MB, accepts: "any", answer: "json" },
  // Read-only JSON API: other methods are 405 from Remix without reading the body.
  { prefix: "/functions/", maxBytes: 64 * KB, accepts: "any", answer: "json" },
  // Simulator control (simulator mode only): forms and a JSON control API.
  {
    prefix: "/simulator/",
    maxBytes: 64 * KB,
    accepts: [...FORM_TYPES, ...JSON_TYPES],
    answer: "negotiate",
  },
  // The merchant application with up to 3 KYB documents of at most 5 MB each (issue 11, item 14):
  // multipart streams to disk (app/core/kyb/documents.server.ts); a form without files stays small.
  {
    prefix: "/get-started",
    maxBytes: 16 * MB,
    accepts: FORM_TYPES,
    answer: "negotiate",
    stream: ["multipart/form-data"],
    maxBufferedBytes: 64 * KB,
  },
  // Bulk-payout files (issue 15): one CSV of at most 2 MB (PAYOUT_CSV_MAX_BYTES) and a few fields;
  // the route reads the multipart body as it streams and refuses a larger file (413).
  {
    prefix: "/merchant/payouts",
    maxBytes: 2 * MB + 64 * KB,
    accepts: FORM_TYPES,
    answer: "negotiate",
    stream: ["multipart/form-data"],
    maxBufferedBytes: 64 * KB,
  },
  // Sanctions lists uploaded by an operator (issue 31): OFAC's sdn.xml is about 28 MB; the route
  // reads the multipart body as it streams and refuses a larger one (413) before it is whole.
  {
    prefix: "/admin/compliance/sanctions",
    maxBytes: SANCTIONS_UPLOAD_MAX_BYTES,
    accepts: FORM_TYPES,
    answer: "negotiate",
    stream: ["multipart/form-data"],
    maxBufferedBytes: 64 * KB,
  },
  // Everything else is a page whose action takes a form.
  { prefix: "/", maxBytes: 64 * KB, accepts: FORM_TYPES, answer: "negotiate" },
];

export function bodyPolicyFor(
  pathname: string,
  policies: readonly BodyPolicy[] = BODY_POLICIES,
): BodyPolicy {
  let best: BodyPolicy | undefined;
  for (const policy of policies) {
    if (pathname.startsWith(policy.prefix) && (!best || policy.prefix.length > best.prefix.length))
      best = policy;
  }
  return best ?? policies[policies.length - 1]!;
}

/** "multipart/form-data; boundary=x" -> "multipart/form-data"; undefined when absent or empty. */
export function mediaType(contentType: string | null | undefined): string | undefined {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type ? type : undefined;
}

const BODYLESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The size limit for a body of this type at this address. */
export function limitFor(policy: BodyPolicy, contentType: string | null | undefined): number {
  const type = mediaType(contentType);
  if (type !== undefined && policy.stream?.includes(type)) return policy.maxBytes;
  return policy.maxBufferedBytes ?? policy.maxBytes;
}

/** A streamed body went past its address's limit while the route read it. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The request body is larger than ${formatBytes(maxBytes)}.`);
    this.name = "BodyTooLargeError";
  }
}

/** Whether an error (or one it wraps) is a streamed body going past its limit. */
export function isBodyTooLarge(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error && current.name === "BodyTooLargeError") return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/**
 * A multipart upload read with the platform's parser, within its address's limit: a declared
 * length over it is refused before anything is read, a body that grows past it while it streams
 * as soon as it does. `too_large` (answer 413) or `not_multipart` (400: not a multipart form, or
 * one that cannot be read).
 */
export async function readLimitedMultipart(
  request: Request,
): Promise<{ ok: true; form: FormData } | { ok: false; reason: "too_large" | "not_multipart" }> {
  const type = request.headers.get("Content-Type");
  const limit = limitFor(bodyPolicyFor(new URL(request.url).pathname), type);
  if (Number(request.headers.get("Content-Length") ?? 0) > limit)
    return { ok: false, reason: "too_large" };
  if (mediaType(type) !== "multipart/form-data" || !request.body)
    return { ok: false, reason: "not_multipart" };
  try {
    const form = await new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: countedBody(request.body, limit),
      duplex: "half",
    } as RequestInit).formData();
    return { ok: true, form };
  } catch (error) {
    return { ok: false, reason: isBodyTooLarge(error) ? "too_large" : "not_multipart" };
  }
}

/** The body as a stream that fails with BodyTooLargeError once more than `maxBytes` pass. */
export function countedBody(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): ReadableStream<Uint8Array> {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > maxBytes) controller.error(new BodyTooLargeError(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
}

export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`;
}

/** What the request's headers say about its body. */
export interface DeclaredBody {
  method: string;
  pathname: string;
  contentType: string | null | undefined;
  /** The Content-Length header as sent (undefined when absent). */
  contentLength: string | null | undefined;
  /** A Transfer-Encoding header is present (a chunked body of unknown length). */
  chunked: boolean;
  accept: string | null | undefined;
}

/** Whether the headers announce a body at all (a declared length above 0, or a chunked body). */
export function hasBody(declared: Pick<DeclaredBody, "contentLength" | "chunked">): boolean {
  if (declared.chunked) return true;
  return (
    declared.contentLength !== undefined &&
    declared.contentLength !== null &&
    declared.contentLength.trim() !== "0"
  );
}

/** JSON for API callers and JSON senders, else a readable page. */
function wantsJson(
  policy: BodyPolicy,
  declared: Pick<DeclaredBody, "contentType" | "accept">,
): boolean {
  if (policy.answer === "json") return true;
  const type = mediaType(declared.contentType);
  if (type === "application/json" || type?.endsWith("+json")) return true;
  const accept = declared.accept ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

export function tooLarge(
  policy: BodyPolicy,
  declared: Pick<DeclaredBody, "contentType" | "accept">,
): Refusal {
  const limit = formatBytes(limitFor(policy, declared.contentType));
  return refusal({
    status: 413,
    code: "payload_too_large",
    title: "Request too large",
    message: `The request body is larger than this address accepts (at most ${limit}).`,
    advice: "If you were filling in a form, shorten the longest fields and try again.",
    json: wantsJson(policy, declared),
  });
}

/**
 * Checks what the headers declare, before any of the body is read: a declared length over the limit
 * (413), a type the address does not take (415). Undefined when the request may go on; the body's
 * actual size is still counted as it is read (readBodyWithin).
 */
export function checkDeclaredBody(declared: DeclaredBody): Refusal | undefined {
  const policy = bodyPolicyFor(declared.pathname);
  // (Node's parser has already refused a Content-Length that is not a number.)
  if (Number(declared.contentLength ?? 0) > limitFor(policy, declared.contentType))
    return tooLarge(policy, declared);
  if (BODYLESS_METHODS.has(declared.method.toUpperCase()) || policy.accepts === "any")
    return undefined;
  const type = mediaType(declared.contentType);
  // No type and no body is an empty form (a bare "refresh" or "sign out" button): see screenBody.
  if (type === undefined && !hasBody(declared)) return undefined;
  if (type !== undefined && policy.accepts.includes(type)) return undefined;
  const expected = policy.accepts.join(" or ");
  return refusal({
    status: 415,
    code: "unsupported_media_type",
    title: "Unsupported form data",
    message: type
      ? `This address accepts ${expected}, not ${type}.`
      : `This address accepts ${expected}; the request did not say what it sent (no Content-Type).`,
    advice: "Submit the form from its page and try again.",
    json: wantsJson(policy, declared),
  });
}

/**
 * How long a refused body is still read (and dropped) so the client sees our answer, not a reset.
 */
const LINGER_MS = 5_000;

/**
 * Reads a body up to `maxBytes`. Returns the bytes, or undefined as soon as the body is larger (the
 * rest is read and dropped for a few seconds so the client can read the 413, then the connection is
 * given up: canceling the stream destroys the socket).
 */
export async function readBodyWithin(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      discardRest(reader);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const giveUp = setTimeout(() => void reader.cancel().catch(() => undefined), LINGER_MS);
  giveUp.unref?.();
  void (async () => {
    try {
      for (;;) {
        const { done } = await reader.read();
        if (done) break;
      }
    } catch {
      // The client went away: nothing to drop.
    } finally {
      clearTimeout(giveUp);
    }
  })();
}

function declaredBodyOf(request: Request): DeclaredBody {
  return {
    method: request.method,
    pathname: new URL(request.url).pathname,
    contentType: request.headers.get("Content-Type"),
    contentLength: request.headers.get("Content-Length"),
    chunked: request.headers.has("Transfer-Encoding"),
    accept: request.headers.get("Accept"),
  };
}

/**
 * The body check in front of Remix (front-door.server.ts): a request with a body comes back as a
 * new Request over the bytes read within the limit, or as the refusal to answer with. An empty post
 * without a type becomes an empty urlencoded form (Remix's `formData()` would throw on it).
 */
export async function screenBody(request: Request): Promise<Request | Refusal> {
  if (BODYLESS_METHODS.has(request.method)) return request;
  const declared = declaredBodyOf(request);
  const refused = checkDeclaredBody(declared);
  if (refused) return refused;
  const policy = bodyPolicyFor(declared.pathname);
  const type = mediaType(declared.contentType);
  if (type !== undefined && policy.stream?.includes(type) && request.body) {
    // Read by the route as it goes (an upload to disk): counted here, never held whole. Only its
    // start is checked here (a multipart body opens with its boundary); the route answers 400 for
    // one broken further on.
    const body = await openingChecked(request.body, declared.contentType ?? "");
    if (!body) return malformedBody(policy, declared);
    return new Request(request.url, {
      method: request.method,
      headers: new Headers(request.headers),
      body: countedBody(body, policy.maxBytes),
      signal: request.signal,
      duplex: "half",
    } as RequestInit);
  }
  const bytes = await readBodyWithin(request.body, limitFor(policy, declared.contentType));
  if (!bytes) return tooLarge(policy, declared);
  const headers = new Headers(request.headers);
  if (type === undefined && bytes.byteLength === 0 && policy.accepts !== "any") {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  headers.delete("Transfer-Encoding");
  headers.set("Content-Length", String(bytes.byteLength));
  if (
    type === "multipart/form-data" &&
    !(await isReadableForm(bytes, declared.contentType ?? ""))
  ) {
    return malformedBody(policy, declared);
  }
  return new Request(request.url, {
    method: request.method,
    headers,
    body: bytes,
    signal: request.signal,
  });
}

function malformedBody(
  policy: BodyPolicy,
  declared: Pick<DeclaredBody, "contentType" | "accept">,
): Refusal {
  return refusal({
    status: 400,
    code: "malformed_body",
    title: "Bad request",
    message: "The form data could not be read: the multipart body is broken.",
    advice: "Submit the form from its page and try again.",
    json: wantsJson(policy, declared),
  });
}

/**
 * The multipart body again, once its first bytes are its boundary ("--" and the boundary from the
 * Content-Type); undefined (the rest dropped) when there is no boundary or the body opens
 * otherwise.
 */
async function openingChecked(
  body: ReadableStream<Uint8Array>,
  contentType: string,
): Promise<ReadableStream<Uint8Array> | undefined> {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  const opening = new TextEncoder().encode(`--${boundary?.[1] ?? boundary?.[2] ?? ""}`);
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  while (headBytes < opening.byteLength) {
    const { done, value } = await reader.read();
    if (done) break;
    head.push(value);
    headBytes += value.byteLength;
  }
  const first = new Uint8Array(headBytes);
  let offset = 0;
  for (const chunk of head) {
    first.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const opens =
    boundary !== null &&
    headBytes >= opening.byteLength &&
    opening.every((byte, i) => first[i] === byte);
  if (!opens) {
    discardRest(reader);
    return undefined;
  }
  let sentHead = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentHead) {
        sentHead = true;
        controller.enqueue(first);
        return;
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * Whether the platform's own parser (the one Remix uses in actions) can read this multipart body.
 */
async function isReadableForm(
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
): Promise<boolean> {
  try {
    await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}
