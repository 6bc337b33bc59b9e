/**
 * A device as people recognise it, from a User-Agent header: "Chrome on Android", "Firefox on
 * Windows", "Safari on iPhone". Isomorphic, no library: we only need the browser family and the
 * operating system, for the security page and the "new device" notice (never for trust: anyone can
 * send any User-Agent).
 */

export interface Device {
  /** "Chrome", "Firefox", "Safari", "Edge", "Opera", "Samsung Internet", or null when unknown. */
  browser: string | null;
  /** "Android", "iPhone", "iPad", "Windows", "macOS", "ChromeOS", "Linux", or null when unknown. */
  os: string | null;
}

/** Checked in order, first match wins (Edge and Opera also say "Chrome"; Chrome says "Safari"). */
const browsers: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera|OPiOS)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\b(?:iPhone|iPad)\b.*\bAppleWebKit\//, "Safari"],
];

const systems: readonly [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bWindows\b/, "Windows"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const firstMatch = (value: string, table: readonly [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(value))?.[1] ?? null;

export function parseUserAgent(userAgent: string | null | undefined): Device {
  const value = userAgent ?? "";
  return { browser: firstMatch(value, browsers), os: firstMatch(value, systems) };
}

/** "Firefox on Windows", "Chrome" (no system), "A device on Android", or "Unknown device". */
export function describeDevice(userAgent: string | null | undefined): string {
  const { browser, os } = parseUserAgent(userAgent);
  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  if (os) return `A browser on ${os}`;
  return "Unknown device";
}

/** Browser family and system: two sign-ins from the same key count as the same device. */
export function deviceKey(userAgent: string | null | undefined): string {
  const { browser, os } = parseUserAgent(userAgent);
  return `${browser ?? "?"}|${os ?? "?"}`;
}
