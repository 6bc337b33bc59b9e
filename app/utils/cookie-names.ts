/**
 * The names of our cookies, in one place: the page cache must know which ones make a response
 * personal (docs/decisions/0023-signed-in-public-header.md).
 */
export const cookieNames = {
  flash: "onehop_flash",
  merchantSession: "onehop_session",
  operatorSession: "onehop_admin",
} as const;

/**
 * Whether a request's Cookie header carries a cookie that changes what a public page shows (a flash
 * message, a merchant's session for the "Dashboard" link): such requests are rendered for the
 * visitor and never answered from, or stored in, a shared cache.
 */
export function carriesPersonalCookie(cookieHeader: string | null | undefined): boolean {
  return carriesCookie(cookieHeader, cookieNames.flash, cookieNames.merchantSession);
}

/** Whether the Cookie header has a cookie with one of these exact names (not just a substring). */
export function carriesCookie(
  cookieHeader: string | null | undefined,
  ...names: string[]
): boolean {
  if (!cookieHeader) return false;
  return cookieHeader
    .split(";")
    .some((part) => names.includes(part.split("=", 1)[0]?.trim() ?? ""));
}

/** The raw (still encoded and signed) value of the cookie `name`, or undefined. */
export function rawCookieValue(
  cookieHeader: string | null | undefined,
  name: string,
): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
