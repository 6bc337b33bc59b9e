/** Real `Request`s for calling loaders and actions in integration tests. */
export const ORIGIN = "http://localhost:3000";

export function formPost(
  path: string,
  fields: Record<string, string | string[]>,
  options: {
    cookie?: string;
    origin?: string | null;
    userAgent?: string;
    remoteAddress?: string;
  } = {},
): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  const headers = new Headers({
    "Content-Type": "application/x-www-form-urlencoded",
    "User-Agent": options.userAgent ?? "vitest",
  });
  if (options.origin !== null) headers.set("Origin", options.origin ?? ORIGIN);
  if (options.cookie) headers.set("Cookie", options.cookie);
  // The socket's address, as server.mjs passes it (per-client throttling keys on it).
  if (options.remoteAddress) headers.set("x-onehop-remote-address", options.remoteAddress);
  return new Request(`${ORIGIN}${path}`, { method: "POST", body, headers });
}

export function get(path: string, options: { cookie?: string } = {}): Request {
  const headers = new Headers({ "User-Agent": "vitest" });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return new Request(`${ORIGIN}${path}`, { headers });
}

/** "name=value" pairs from a response's Set-Cookie headers, to send back as a Cookie header. */
export function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair] as const),
  );
  for (const cookie of response.headers.getSetCookie()) {
    const pair = cookie.split(";")[0]!;
    const name = pair.split("=")[0]!;
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** The flash toast a response carries (remix-toast cookie), decoded. */
export async function toastOf(
  response: Response,
): Promise<{ type: string; message: string; description?: string } | undefined> {
  const { getToast } = await import("~/utils/toast.server");
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("onehop_flash="));
  if (!cookie) return undefined;
  const { toast } = await getToast(
    new Request(ORIGIN, { headers: { Cookie: cookie.split(";")[0]! } }),
  );
  return toast;
}

/** Call a loader or action and get the Response, whether it returned or threw one. */
export async function respond(run: () => Promise<unknown> | unknown): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response) return result;
    if (
      result &&
      typeof result === "object" &&
      (result as { type?: string }).type === "DataWithResponseInit"
    ) {
      const { data, init } = result as unknown as { data: unknown; init?: ResponseInit };
      return Response.json(data, init ?? undefined);
    }
    return Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
