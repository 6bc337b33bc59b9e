/**
 * Per-key rate limits: a fixed one-second window in this process's memory. An API key is used from
 * one integration at a time and the app is one process (ARCHITECTURE §8); when it grows to several,
 * this moves to a shared store. Every authenticated answer carries the IETF `RateLimit-*` headers;
 * a refusal adds `Retry-After`.
 */
const WINDOW_MS = 1_000;
const windows = new Map<string, { startedAt: number; count: number }>();

export interface RateLimitState {
  allowed: boolean;
  headers: Record<string, string>;
}

export function takeRequest(keyId: string, limit: number, now: number): RateLimitState {
  let window = windows.get(keyId);
  if (!window || now - window.startedAt >= WINDOW_MS) {
    window = { startedAt: now, count: 0 };
    windows.set(keyId, window);
    // Forget keys idle for a window (bounded memory under many keys).
    if (windows.size > 10_000)
      for (const [id, other] of windows) if (now - other.startedAt >= WINDOW_MS) windows.delete(id);
  }
  const allowed = window.count < limit;
  if (allowed) window.count++;
  const resetSeconds = Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
  const headers: Record<string, string> = {
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": String(Math.max(0, limit - window.count)),
    "RateLimit-Reset": String(resetSeconds),
    "RateLimit-Policy": `${limit};w=1`,
  };
  if (!allowed) headers["Retry-After"] = String(resetSeconds);
  return { allowed, headers };
}
