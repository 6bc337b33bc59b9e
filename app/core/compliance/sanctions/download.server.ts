/**
 * Downloading a list for the daily import: through the outbound policy (public addresses only,
 * each redirect checked; app/utils/outbound-fetch.server.ts), with one deadline and a size cap per
 * file. A list over the cap is refused whole rather than cut: a cut list is not the list.
 */
import { formatBytes } from "~/utils/body-limit.server";
import type { ResolveHost } from "~/utils/outbound-address.server";
import { fetchOutbound, loggedUrl } from "~/utils/outbound-fetch.server";
import type { SanctionsSource } from "../vocabulary";
import type { ListFile } from "./read-list";

export const LIST_USER_AGENT = "OneHop sanctions list import (+https://onehop.co.ke/compliance)";

/** Where each list is fetched from (unset: that list is not fetched). */
export interface ListLocations {
  un?: string | null;
  /** OFAC's classic sdn.xml. */
  ofac?: string | null;
  /** The folder of OFAC's CSV files, used when `ofac` is unset. */
  ofacCsvBase?: string | null;
}

export interface DownloadOptions {
  timeoutMs: number;
  maxBytes: number;
  /** A configured mirror or simulator origin (not input): exempt from the address policy. */
  trustedOrigin?: string | null;
  extraPorts?: readonly number[];
  resolve?: ResolveHost;
}

export type Download =
  { ok: true; files: ListFile[]; origin: string } | { ok: false; origin: string; error: string };

/** The files of OFAC's CSV set fetched from its folder (add.csv is not needed). */
export const OFAC_CSV_FILES = ["sdn.csv", "alt.csv", "sdn_comments.csv"] as const;

/** The URLs to fetch for `source`, or null when it is not configured. */
export function listUrls(source: SanctionsSource, at: ListLocations): string[] | null {
  if (source === "un") return at.un ? [at.un] : null;
  if (at.ofac) return [at.ofac];
  if (at.ofacCsvBase) {
    const base = at.ofacCsvBase.replace(/\/+$/, "");
    return OFAC_CSV_FILES.map((name) => `${base}/${name}`);
  }
  return null;
}

async function downloadOne(url: string, options: DownloadOptions): Promise<ListFile | string> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return `${url} is not a URL.`;
  }
  const result = await fetchOutbound(target, {
    headers: {
      "User-Agent": LIST_USER_AGENT,
      Accept: "application/xml, text/xml, text/csv, */*;q=0.5",
      "Accept-Encoding": "gzip, deflate, br",
    },
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
    maxRedirects: 5,
    trustedOrigin: options.trustedOrigin,
    extraPorts: options.extraPorts,
    resolve: options.resolve,
    log: {
      refused: "sanctions list refused by the outbound address policy",
      failed: "sanctions list could not be fetched",
      fields: { list: loggedUrl(target) },
    },
  });
  const where = loggedUrl(target);
  switch (result.kind) {
    case "ok":
      if (result.truncated) return `${where} is larger than ${formatBytes(options.maxBytes)}.`;
      return {
        name: target.pathname.split("/").pop() || target.hostname,
        bytes: new Uint8Array(result.body.buffer, result.body.byteOffset, result.body.byteLength),
      };
    case "http_error":
      return `${where} answered HTTP ${result.status}.`;
    case "timeout":
      return `${where} did not answer within ${Math.round(options.timeoutMs / 1000)} s.`;
    case "not_modified":
    case "unreachable":
      return `${where} could not be fetched.`;
  }
}

/** Fetch `urls` one after the other; the first failure ends it. */
export async function downloadList(urls: string[], options: DownloadOptions): Promise<Download> {
  const origin =
    urls.length === 1 ? urls[0]! : `${urls[0]!.replace(/[^/]*$/, "")} (${urls.length} files)`;
  const files: ListFile[] = [];
  for (const url of urls) {
    const got = await downloadOne(url, options);
    if (typeof got === "string") return { ok: false, origin, error: got };
    files.push(got);
  }
  return { ok: true, files, origin };
}
