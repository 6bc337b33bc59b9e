/**
 * The address of the checkout's own script (public/checkout.js) with a content hash: public/ is
 * served with a one-hour cache (server.mjs), so a changed script gets a new URL at once.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

export const CHECKOUT_SCRIPT_PATH = "/checkout.js";

let cached: string | undefined;

export function checkoutScriptSrc(): string {
  if (cached) return cached;
  try {
    const source = readFileSync(path.resolve("public", CHECKOUT_SCRIPT_PATH.slice(1)));
    const version = createHash("sha256").update(source).digest("hex").slice(0, 12);
    cached = `${CHECKOUT_SCRIPT_PATH}?v=${version}`;
  } catch {
    // Not beside the working directory (an unusual start): the unversioned address still works.
    cached = CHECKOUT_SCRIPT_PATH;
  }
  return cached;
}
