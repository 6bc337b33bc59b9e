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
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => {
    const name = part.split("=", 1)[0]?.trim();
    return name === cookieNames.flash || name === cookieNames.merchantSession;
  });
}
