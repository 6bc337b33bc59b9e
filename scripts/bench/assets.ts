/** The JavaScript a page ships: same-origin *.js URLs its HTML references, and their gzip size. */
import { gzipSync } from "node:zlib";
import * as paths from "~/utils/paths";

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined);

/**
 * `<script src>`, `<link rel="modulepreload" href>`, and `import "…"` / `import … from "…"` /
 * `import("…")` inside inline `<script type="module">`. Returns unique same-origin *.js URLs (the
 * fingerprinted /build/*.js bundle, and a page's own script from public/, e.g. /checkout.js),
 * without their query strings.
 */
export function buildScriptUrls(html: string, pageUrl: string): string[] {
  const found: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, "src");
    if (src) found.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, "href");
    if (href && rel.includes("modulepreload")) found.push(href);
  }
  for (const [, tag = "", code = ""] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    if (attribute(tag, "type")?.toLowerCase() !== "module") continue;
    for (const match of code.matchAll(
      /\bimport\s*(?:\(\s*|[^"'();]*?\bfrom\s*)?["']([^"']+)["']/g,
    )) {
      if (match[1]) found.push(match[1]);
    }
  }
  const origin = new URL(pageUrl).origin;
  const urls = new Set<string>();
  for (const reference of found) {
    const url = new URL(reference.replaceAll("&amp;", "&"), pageUrl);
    if (url.origin === origin && url.pathname.endsWith(".js")) {
      urls.add(url.origin + url.pathname);
    }
  }
  return [...urls];
}

export interface JsSize {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** URLs that did not answer 200. */
  failed: string[];
}

/** Fetch each URL and sum its size gzipped at level 9. */
export async function measureJs(urls: string[]): Promise<JsSize> {
  const size: JsSize = { files: 0, rawBytes: 0, gzipBytes: 0, failed: [] };
  for (const url of urls) {
    const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (!response.ok) {
      size.failed.push(`${new URL(url).pathname} (${response.status})`);
      continue;
    }
    size.files += 1;
    size.rawBytes += bytes.length;
    size.gzipBytes += gzipSync(bytes, { level: 9 }).length;
  }
  return size;
}

/**
 * Whether a page has a form of its own, for the JS budget (130 KB with one, 100 KB without). The
 * language switch (a form posting to /language) is on every page and does not count: it needs no
 * JavaScript of the page's.
 */
export function hasPageForm(html: string): boolean {
  for (const [tag] of html.matchAll(/<form\b[^>]*>/gi)) {
    if (attribute(tag, "action") !== paths.language) return true;
  }
  return false;
}
