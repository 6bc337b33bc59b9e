/**
 * The request log's view of a URL (server.mjs logs every request with morgan): secrets are replaced
 * before the line is written. The M-Pesa callbacks carry `?token=` and the one-time set-password
 * links `?token=` too; anyone reading logs must not be able to replay them.
 *
 * - a query parameter whose name contains token, secret, key, code, signature, sig, password,
 *   otp or auth keeps its name and loses its value;
 * - a path segment that looks like a random token (24+ characters mixing upper case, lower case and
 *   digits, as base64url does, or 32+ hex digits), or that follows a segment naming a token
 *   (`/token/…`, `/set-password/…`, `/reset/…`, `/verify/…`, `/invite/…`), is replaced whole.
 */
export const REDACTED = "[redacted]";

const SECRET_PARAM = /token|secret|key|code|signature|sig|passw|otp|auth/i;
const TOKEN_CARRIER_SEGMENT =
  /^(token|tokens|set-password|reset|reset-password|verify|invite|confirm|magic)$/i;

function looksLikeToken(segment: string): boolean {
  if (/^[0-9a-f]{32,}$/i.test(segment)) return true;
  return (
    segment.length >= 24 &&
    /^[A-Za-z0-9_~.%-]+$/.test(segment) &&
    /[A-Z]/.test(segment) &&
    /[a-z]/.test(segment) &&
    /\d/.test(segment)
  );
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

function redactPath(path: string): string {
  const segments = path.split("/");
  return segments
    .map((segment, index) => {
      if (segment === "") return segment;
      const previous = index > 0 ? segments[index - 1]! : "";
      return TOKEN_CARRIER_SEGMENT.test(decodeName(previous)) || looksLikeToken(segment)
        ? REDACTED
        : segment;
    })
    .join("/");
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (equals === -1 || !SECRET_PARAM.test(decodeName(name))) return pair;
      return `${name}=${REDACTED}`;
    })
    .join("&");
}

/** The URL as it may be written to the access log (path with query, as the request line had it). */
export function redactUrlForLog(url: string | undefined): string {
  if (!url) return "-";
  const questionMark = url.indexOf("?");
  if (questionMark === -1) return redactPath(url);
  return `${redactPath(url.slice(0, questionMark))}?${redactQuery(url.slice(questionMark + 1))}`;
}

/** Where the lines go: stdout, or anything with a `write` (a test's list). */
interface LineSink {
  write(text: string): unknown;
}

/**
 * The access log's stream for morgan: the lines of one turn of the event loop written together, at
 * its end (`setImmediate`), instead of one write to stdout per request. Under load a turn answers
 * several requests, and a write per line was a tenth of the CPU of a small cached answer (issue 34,
 * item 4). A line waits for no timer: it is written before the process next waits for input, and
 * whatever is pending is written when the process exits.
 */
export function batchedLineStream(sink: LineSink = process.stdout): {
  write(line: string): void;
  /** Write what is pending now (also run when the process exits). */
  flush(): void;
} {
  let pending: string[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    sink.write(text);
  };
  process.on("exit", flush);
  return {
    write(line) {
      if (pending.length === 0) setImmediate(flush);
      pending.push(line);
    },
    flush,
  };
}
