/**
 * `npm run lighthouse`: Lighthouse (mobile, the package's default settings) over the production
 * build's key pages, one table of category scores.
 *
 * It builds nothing: run `npm run build` first. It serves a private copy of build/ and public/ (a
 * rebuild meanwhile cannot change what it measures) with a fresh temporary database in simulator
 * mode, started like production (server.mjs with the heap flags), signs in the seeded demo merchant
 * (the dashboard gets its session cookie through Lighthouse's extraHeaders) and creates one payment
 * for `/pay/:id`. Chromium comes from CHROME_PATH (default /usr/bin/chromium), headless.
 *
 * LIGHTHOUSE_PAGES="/,/pay/:id" runs only the named rows. LIGHTHOUSE_JSON_DIR=dir keeps each page's
 * whole report there (one JSON file per row) for a closer look at what cost the points.
 *
 * Exit code: 0 when every page has Performance >= 95 and 100 in Accessibility, Best Practices and
 * SEO; 1 otherwise (the whole table is printed first), or when it could not run. Not part of
 * `npm test`: one page takes 20-30 s.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { LANGUAGE_COOKIE } from "../app/i18n/negotiate";
import { HEAP_FLAGS, freePort, localServerEnv, stopChild } from "./bench/processes";
import { demoCheckout, demoMerchantCookie } from "./bench/scenarios";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tmpDir = path.join(root, "tests/.tmp", `lighthouse-${process.pid}`);
const log = (message: string) => process.stderr.write(`[lighthouse] ${message}\n`);

const CATEGORIES = [
  { id: "performance", title: "Performance", min: 95 },
  { id: "accessibility", title: "Accessibility", min: 100 },
  { id: "best-practices", title: "Best Practices", min: 100 },
  { id: "seo", title: "SEO", min: 100 },
] as const;

interface PageResult {
  name: string;
  url: string;
  /** Category id -> score 0..100, or null when Lighthouse gave none. */
  scores: Record<string, number | null>;
  /** Audits that cost points, per category, for the notes under the table. */
  misses: string[];
  error?: string;
}

// ---- the server ----

let server: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;

async function cleanup(): Promise<void> {
  if (chrome) {
    try {
      await chrome.kill();
    } catch {
      // already gone
    }
  }
  if (server) await stopChild(server);
  rmSync(tmpDir, { recursive: true, force: true });
}

process.on("exit", () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  rmSync(tmpDir, { recursive: true, force: true });
});
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.on(signal, () => void cleanup().finally(() => process.exit(code)));
}

async function startServer(): Promise<string> {
  const appDir = path.join(tmpDir, "app");
  mkdirSync(appDir, { recursive: true });
  for (const item of ["build", "public", "drizzle"])
    cpSync(path.join(root, item), path.join(appDir, item), { recursive: true });
  const port = await freePort();
  const env = localServerEnv(tmpDir, port, "lighthouse.sqlite");
  const setup = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-setup.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", 2],
  });
  if (setup.status !== 0) throw new Error(`db setup failed (exit ${setup.status ?? setup.signal})`);
  const child = spawn(
    process.execPath,
    [...HEAP_FLAGS, path.join(root, "server.mjs"), "build/index.js"],
    { cwd: appDir, env, stdio: ["ignore", "ignore", "inherit"] },
  );
  server = child;
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return baseUrl;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error("/healthz did not answer within 60 s");
}

// ---- Lighthouse ----

/**
 * Private pages (the checkout, the dashboard) answer `noindex` on purpose: Lighthouse's "Page is
 * blocked from indexing" audit is not scored on them (said under the table).
 */
const PRIVATE_PAGE_SKIPPED_AUDITS = ["is-crawlable"];

/** The cookie the language switch sets for Kiswahili (ADR 0064). */
const KISWAHILI_COOKIE = `${LANGUAGE_COOKIE}=sw`;
/** The rows measured in Kiswahili too. */
const IN_KISWAHILI_TOO = ["/", "/get-started", "/pay/:id", "/merchant/dashboard (signed in)"];

interface Page {
  name: string;
  path: string;
  headers?: Record<string, string>;
  private?: boolean;
}

async function audit(page: Page, baseUrl: string, port: number): Promise<PageResult> {
  const url = baseUrl + page.path;
  const name = page.name;
  log(`${name}: ${url}`);
  try {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES.map((category) => category.id),
      ...(page.headers ? { extraHeaders: page.headers } : {}),
      ...(page.private ? { skipAudits: PRIVATE_PAGE_SKIPPED_AUDITS } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error("Lighthouse returned no result");
    const jsonDir = process.env.LIGHTHOUSE_JSON_DIR;
    if (jsonDir) {
      mkdirSync(jsonDir, { recursive: true });
      const file = `${name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}.json`;
      writeFileSync(path.join(jsonDir, file), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const scores: Record<string, number | null> = {};
    const misses: string[] = [];
    for (const category of CATEGORIES) {
      const found = lhr.categories[category.id];
      scores[category.id] =
        found?.score === null || found?.score === undefined ? null : Math.round(found.score * 100);
      for (const ref of found?.auditRefs ?? []) {
        const item = lhr.audits[ref.id];
        if (!item || ref.weight === 0 || item.score === null || item.score >= 1) continue;
        const value = item.displayValue ? ` (${item.displayValue})` : "";
        misses.push(`${category.title}: ${item.title}${value}, score ${item.score}`);
      }
    }
    return { name, url, scores, misses };
  } catch (error) {
    return {
      name,
      url,
      scores: {},
      misses: [],
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

function formatTable(results: PageResult[]): string {
  const header = ["page", ...CATEGORIES.map((category) => category.title)];
  const rows = results.map((result) => [
    result.name,
    ...CATEGORIES.map((category) => {
      const score = result.scores[category.id];
      if (score === undefined || score === null) return "error";
      return `${score < category.min ? "FAIL " : ""}${score}`;
    }),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? `:${"-".repeat(width + 1)}` : `${"-".repeat(width + 1)}:`)).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

const passes = (result: PageResult) =>
  !result.error &&
  CATEGORIES.every((category) => (result.scores[category.id] ?? -1) >= category.min);

async function main(): Promise<number> {
  if (
    !existsSync(path.join(root, "build/index.js")) ||
    !existsSync(path.join(root, "public/build"))
  ) {
    log("no production build: run `npm run build` first");
    return 1;
  }
  rmSync(tmpDir, { recursive: true, force: true });
  const baseUrl = await startServer();
  log(`server up at ${baseUrl}`);
  const signedIn = await demoMerchantCookie(baseUrl);
  const cookie = signedIn.headers?.cookie;
  if (!cookie) throw new Error("demo sign-in gave no cookie");
  const checkout = await demoCheckout(baseUrl);

  const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox"],
  });
  log(`Chromium ${chromePath} on port ${chrome.port}; mobile settings`);
  const pages: Page[] = [
    { name: "/", path: "/" },
    { name: "/get-started", path: "/get-started" },
    { name: "/exchange-rates", path: "/exchange-rates" },
    { name: "/blog", path: "/blog" },
    { name: "/pay/:id", path: checkout.path ?? "/pay/missing", private: true },
    {
      name: "/merchant/dashboard (signed in)",
      path: "/merchant/dashboard",
      headers: { Cookie: cookie },
      private: true,
    },
  ];
  // Issue 33: the same targets in Kiswahili, with the language cookie the switch sets.
  pages.push(
    ...pages
      .filter((page) => IN_KISWAHILI_TOO.includes(page.name))
      .map((page) => ({
        ...page,
        name: `${page.name.replace(" (signed in)", "")} (Kiswahili)`,
        headers: {
          Cookie: [page.headers?.Cookie, KISWAHILI_COOKIE].filter(Boolean).join("; "),
        },
      })),
  );
  // LIGHTHOUSE_PAGES="/,/pay/:id" runs only those rows (names as in the table's first column).
  const only = process.env.LIGHTHOUSE_PAGES?.split(",").map((name) => name.trim());
  const results: PageResult[] = [];
  for (const page of pages.filter((page) => !only || only.includes(page.name))) {
    let result = await audit(page, baseUrl, chrome.port);
    // A failed trace (NO_NAVSTART and the like) says "run Lighthouse again": once.
    if (result.error) {
      log(`${page.name}: ${result.error}; once more`);
      result = await audit(page, baseUrl, chrome.port);
    }
    results.push(result);
  }

  const privateNames = pages
    .filter((page) => page.private)
    .map((page) => page.name)
    .join(", ");
  const output = [
    "",
    "Lighthouse (mobile), production build, simulator mode",
    "",
    formatTable(results),
    "",
    "Targets: Performance >= 95; Accessibility, Best Practices and SEO 100.",
    `Private pages (${privateNames}) are noindex by design: their SEO score leaves out ${PRIVATE_PAGE_SKIPPED_AUDITS.join(", ")}.`,
  ];
  for (const result of results) {
    if (result.error) output.push(`${result.name}: could not run: ${result.error}`);
    else if (result.misses.length)
      output.push(`${result.name}:`, ...result.misses.map((miss) => `  - ${miss}`));
  }
  const failed = results.filter((result) => !passes(result));
  output.push(
    "",
    failed.length
      ? `FAIL: ${failed.map((result) => result.name).join(", ")}`
      : "PASS: every page meets the targets",
  );
  process.stdout.write(output.join("\n") + "\n");
  return failed.length ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await cleanup();
}
process.exit(exitCode);
