/**
 * Which webhook endpoint URLs a merchant may register (issue 13, item 4), the part that needs no
 * network (pure, so a form schema can use it too). The SSRF policy is
 * app/utils/outbound-address.ts:
 * http(s) only, no credentials, public hosts only (no private, loopback or link-local literal, no
 * local-only name). On top of it: at most 2,000 characters, https in live mode, and the ports
 * 80/443 plus 8080/8443 (common for webhook receivers). The host name must also resolve to public
 * addresses only: endpoints.server.ts checks that at registration and delivery.server.ts again on
 * every connection.
 *
 * The loopback allowance: receivers on this machine (tests, local development against the
 * simulators) need `http://127.0.0.1:<port>/…`. That is allowed only when the caller passes
 * `allowLoopback` (the wiring does so only with PROVIDER_MODE=simulator) AND the endpoint is a test
 * mode one AND the host is a loopback IP literal (127.0.0.0/8 or [::1]; not `localhost`, not a
 * private address). Live mode never allows it.
 *
 * OneHop's own address is never a destination, in any mode (issue 27, item 10): the site's origin
 * (PUBLIC_SITE_URL's host and port) and any loopback address on the port this process listens on.
 * Every check reads the host canonically (`canonicalHost`): `2130706433`, `0x7f.1`, `127.1` and
 * `[::ffff:127.0.0.1]` are all 127.0.0.1, and an accepted URL is stored in that spelling.
 */
import {
  addressRefusal,
  canonicalHost,
  checkOutboundUrl,
  isOwnAddress,
  withCanonicalHost,
  type OwnAddress,
} from "~/utils/outbound-address";
import type { ApiMode } from "../vocabulary";

export const WEBHOOK_URL_MAX_LENGTH = 2_000;
export const WEBHOOK_EXTRA_PORTS: readonly number[] = [8080, 8443];

export interface WebhookUrlPolicy {
  /**
   * Allow loopback IP literals (any port but OneHop's own, http) for test-mode endpoints. Never
   * for live.
   */
  allowLoopback: boolean;
  /** OneHop's own addresses (the wiring passes PUBLIC_SITE_URL and PORT): never a destination. */
  self?: OwnAddress;
}

/** What the merchant is told when an endpoint names OneHop itself. */
export const OWN_ADDRESS_PROBLEM =
  "This is OneHop's own address: webhooks are sent to your server, never back to OneHop. Use your server's address.";

/** Whether `url` is OneHop's own address under `policy` (read canonically). */
export function isOwnWebhookAddress(url: URL, policy: WebhookUrlPolicy): boolean {
  return policy.self !== undefined && isOwnAddress(url, policy.self);
}

/** Whether `url` is a loopback IP literal that the allowance covers in this mode. */
export function loopbackAllowed(url: URL, mode: ApiMode, policy: WebhookUrlPolicy): boolean {
  if (!policy.allowLoopback || mode !== "test") return false;
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.username || url.password) return false;
  if (isOwnWebhookAddress(url, policy)) return false;
  return addressRefusal(canonicalHost(url.hostname)) === "loopback";
}

/** What is wrong with `value` as an endpoint URL in `mode`, in the merchant's words (or null). */
export function webhookUrlProblem(
  value: string,
  mode: ApiMode,
  policy: WebhookUrlPolicy,
): string | null {
  const text = value.trim();
  if (text === "") return "Enter the address where we should send events.";
  if (text.length > WEBHOOK_URL_MAX_LENGTH)
    return `Use an address of at most ${WEBHOOK_URL_MAX_LENGTH.toLocaleString("en-KE")} characters.`;
  let url: URL;
  try {
    url = withCanonicalHost(new URL(text));
  } catch {
    return "Enter a full address, starting with https://";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return "Use an https:// address (other kinds of address cannot receive webhooks).";
  if (mode === "live" && url.protocol !== "https:")
    return "Live endpoints must use https:// so events travel encrypted.";
  if (url.username || url.password)
    return "Leave the user name and password out of the address: check the OneHop-Signature header instead.";
  if (url.hash) return "Leave out the #fragment: it is never sent to your server.";
  if (isOwnWebhookAddress(url, policy)) return OWN_ADDRESS_PROBLEM;
  if (loopbackAllowed(url, mode, policy)) return null;
  const check = checkOutboundUrl(url, { extraPorts: WEBHOOK_EXTRA_PORTS });
  if (check.ok) return null;
  switch (check.reason) {
    case "port":
      return "Use port 443 (or 80, 8080, 8443): other ports are not reached.";
    case "address":
    case "host":
      return "Use your server's public address: local, private and internal network addresses are not reached.";
    case "credentials":
      return "Leave the user name and password out of the address: check the OneHop-Signature header instead.";
    case "scheme":
    case "invalid_url":
      return "Enter a full address, starting with https://";
  }
}
