/**
 * The recorded feeds the news simulator serves: where the recordings folder is, and its manifest
 * (`<dir>/simulator.json` maps feed URLs to recorded files).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FeedRoute } from "./index.server";

/** Routes of the feed simulator: `<dir>/simulator.json` maps feed URLs to recorded files. */
export function simulatorRoutes(dir: string): Record<string, FeedRoute> {
  const manifest = path.join(dir, "simulator.json");
  if (!existsSync(manifest)) return {};
  const parsed = JSON.parse(readFileSync(manifest, "utf8")) as { feeds?: Record<string, string> };
  const routes: Record<string, FeedRoute> = {};
  for (const [feedUrl, file] of Object.entries(parsed.feeds ?? {})) {
    const url = new URL(feedUrl);
    routes[`${url.host}${url.pathname}`] = file;
  }
  return routes;
}

/**
 * The recordings folder: an absolute path as given, a relative one from the working directory or
 * the nearest parent folder that has it (the e2e server runs from a copy of the build inside
 * tests/.tmp/).
 */
export function findFixturesDir(dir: string, from = process.cwd()): string | null {
  if (path.isAbsolute(dir)) return existsSync(dir) ? dir : null;
  for (let base = path.resolve(from); ; base = path.dirname(base)) {
    const candidate = path.join(base, dir);
    if (existsSync(path.join(candidate, "simulator.json"))) return candidate;
    if (path.dirname(base) === base) return null;
  }
}
