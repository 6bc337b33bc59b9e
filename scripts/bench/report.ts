/** The printed table and the PASS/FAIL targets. */
import { type LoadResult } from "./load";

export interface Row {
  name: string;
  method: string;
  path: string;
  /** Status of the single un-loaded fetch (what the static baseline replays). */
  status: number;
  app?: LoadResult;
  static?: LoadResult;
  htmlBytes: number;
  /** The app server's CPU time per answered request while the load ran (ms), when readable. */
  cpuMsPerRequest?: number;
  /** The row's CPU-per-request target (ms), when it has one. */
  cpuMsTarget?: number;
  jsGzipBytes: number;
  /** Same-origin .js files the HTML references that did not answer 200 (not in jsGzipBytes). */
  jsMissing: string[];
  /**
   * The JS budget for this page (100 KB without a form, 130 KB with one, or the scenario's own) and
   * what kind of page it is for, or undefined if none applies.
   */
  jsLimit: { kb: number; what: string } | undefined;
  /** The HTML gzipped at level 6, when the scenario asks for it (printed as an info line). */
  htmlGzipBytes?: number;
  latencyTarget: boolean | { none: string } | { p99Ms?: number; minRps?: number; why: string };
  /** Connections this row was measured with (when not the run's). */
  connections?: number;
}

export const TARGETS = {
  ratio: 0.1,
  p99Ms: 50,
  jsGzipKb: 100,
  jsGzipKbWithForm: 130,
  signInCpuMs: 150,
  /** What the second step with a TOTP code adds to a sign-in (issue 12). */
  totpCpuMs: 5,
} as const;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number | undefined) =>
  value === undefined ? "-" : value.toFixed(value < 10 ? 1 : 0);
const rps = (result: LoadResult | undefined) => (result ? Math.round(result.rps).toString() : "-");
/** Two decimals, or two significant digits below 0.1 so a tiny ratio does not print as 0.00. */
const formatRatio = (value: number | undefined) =>
  value === undefined ? "-" : value >= 0.1 || value === 0 ? value.toFixed(2) : value.toPrecision(2);
export const ratio = (row: Row): number | undefined =>
  row.app && row.static && row.static.rps > 0 ? row.app.rps / row.static.rps : undefined;

/** A Markdown table, padded so it also reads as plain text. */
export function formatTable(rows: Row[]): string {
  const header = [
    "scenario",
    "app req/s",
    "p50 ms",
    "p99 ms",
    "CPU ms/req",
    "static req/s",
    "app/static",
    "HTML KB",
    "JS gzip KB",
    "non-2xx",
  ];
  const body = rows.map((row) => {
    const errors = (row.app?.errors ?? 0) + (row.app?.timeouts ?? 0);
    return [
      row.name,
      rps(row.app),
      ms(row.app?.p50),
      ms(row.app?.p99),
      row.cpuMsPerRequest === undefined ? "-" : row.cpuMsPerRequest.toFixed(2),
      rps(row.static),
      formatRatio(ratio(row)),
      kb(row.htmlBytes),
      `${kb(row.jsGzipBytes)}${row.jsMissing.length ? "*" : ""}`,
      row.app ? `${row.app.non2xx}${errors ? ` (+${errors} err)` : ""}` : "-",
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? `:${"-".repeat(width + 1)}` : `${"-".repeat(width + 1)}:`)).join("|")}|`;
  return [line(header), rule, ...body.map(line)].join("\n");
}

const verdict = (pass: boolean | undefined) =>
  pass === undefined ? "n/a " : pass ? "PASS" : "FAIL";

export function formatTargets(
  rows: Row[],
  connections: number,
  rssMb: number | undefined,
): string[] {
  const lines = ["Targets:"];
  const home = rows.find((row) => row.path === "/" && row.method === "GET");
  const homeRatio = home ? ratio(home) : undefined;
  lines.push(
    `  ${verdict(homeRatio === undefined ? undefined : homeRatio >= TARGETS.ratio)}  app/static for / >= ${TARGETS.ratio.toFixed(2)}` +
      ` (${homeRatio === undefined ? "not measured" : formatRatio(homeRatio)})`,
  );
  for (const row of rows) {
    const p99 = row.app?.p99;
    const measured = `${row.name} ${p99 === undefined ? "not measured" : `${ms(p99)} ms`}`;
    const at = row.connections ?? connections;
    if (typeof row.latencyTarget === "object" && "why" in row.latencyTarget) {
      const { p99Ms, minRps, why } = row.latencyTarget;
      // A target met by fast refusals is not met: every answer must have been a success.
      const refused = row.app?.non2xx ?? 0;
      if (refused > 0)
        lines.push(
          `  FAIL  ${row.name}: ${refused} answers were not 2xx, so its figures do not count`,
        );
      const rate = row.app?.rps;
      const measuredRate = `${row.name} ${rate === undefined ? "not measured" : Math.round(rate)}`;
      lines.push(
        p99Ms === undefined
          ? `  info  p99 at ${at} connections (${why}): ${measured}`
          : `  ${verdict(p99 === undefined ? undefined : p99 < p99Ms)}  p99 < ${p99Ms} ms at ${at} connections (${why}): ${measured}`,
        minRps === undefined
          ? `  info  requests/s at ${at} connections: ${measuredRate}`
          : `  ${verdict(rate === undefined ? undefined : rate >= minRps)}  >= ${minRps} requests/s at ${at} connections: ${measuredRate}`,
      );
      continue;
    }
    if (typeof row.latencyTarget === "object") {
      lines.push(
        `  info  p99 at ${connections} connections, no target (${row.latencyTarget.none}): ${measured}`,
      );
      continue;
    }
    if (!row.latencyTarget) continue;
    lines.push(
      `  ${verdict(p99 === undefined ? undefined : p99 < TARGETS.p99Ms)}  p99 < ${TARGETS.p99Ms} ms at ${connections} connections: ${measured}`,
    );
  }
  for (const row of rows) {
    if (row.cpuMsTarget === undefined) continue;
    const cpu = row.cpuMsPerRequest;
    lines.push(
      `  ${verdict(cpu === undefined ? undefined : cpu <= row.cpuMsTarget)}  server CPU <= ${row.cpuMsTarget} ms per request: ${row.name} ${cpu === undefined ? "not measured" : `${cpu.toFixed(2)} ms`}`,
    );
  }
  for (const row of rows) {
    if (row.jsLimit === undefined) continue;
    lines.push(
      `  ${verdict(row.jsGzipBytes / 1024 <= row.jsLimit.kb)}  JS gzip <= ${row.jsLimit.kb} KB on ${row.jsLimit.what}: ${row.name} ${kb(row.jsGzipBytes)} KB`,
    );
  }
  for (const row of rows) {
    if (row.htmlGzipBytes === undefined) continue;
    lines.push(
      `  info  HTML of ${row.name}: ${kb(row.htmlBytes)} KB raw, ${kb(row.htmlGzipBytes)} KB gzipped (level 6)`,
    );
  }
  // Peak RSS is information, not a target (ADR 0044 withdrew the 256 MB target).
  lines.push(
    `  info  peak server RSS: ${rssMb === undefined ? "not measured" : `${rssMb.toFixed(1)} MB`}`,
  );
  return lines;
}
