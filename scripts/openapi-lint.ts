/**
 * `npm run lint:openapi` (part of `npm test`): the API's OpenAPI document, exported as the API
 * serves it, linted by Spectral (`spectral:oas`, .spectral.yaml) and Redocly (`recommended`,
 * redocly.yaml). Any error, warning or hint from either fails it (issue 32, item 1).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "~/api/openapi.server";

const dir = mkdtempSync(path.join(tmpdir(), "onehop-openapi-"));
const file = path.join(dir, "openapi.json");
writeFileSync(file, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);

function run(name: string, args: string[]): { status: number | null; out: string } {
  const result = spawnSync("npx", ["--no-install", ...args], { encoding: "utf8" });
  if (result.error) throw result.error;
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

let failed = false;
try {
  const spectral = run("spectral", [
    "spectral",
    "lint",
    file,
    "--ruleset",
    ".spectral.yaml",
    "--fail-severity",
    "hint",
    "--format",
    "json",
    "--quiet",
  ]);
  const spectralProblems = JSON.parse(spectral.out.slice(spectral.out.indexOf("["))) as {
    code: string;
    message: string;
    path: string[];
  }[];
  if (spectralProblems.length || spectral.status !== 0) {
    failed = true;
    console.error(`[openapi] Spectral: ${spectralProblems.length} problem(s)`);
    for (const problem of spectralProblems)
      console.error(`  ${problem.code}: ${problem.message} at ${problem.path.join(".")}`);
  } else console.log("[openapi] Spectral (spectral:oas): no problems");

  const redocly = run("redocly", [
    "redocly",
    "lint",
    file,
    "--config",
    "redocly.yaml",
    "--format",
    "json",
  ]);
  const json = redocly.out.slice(redocly.out.indexOf("{"));
  const report = JSON.parse(json.slice(0, json.lastIndexOf("}") + 1)) as {
    totals: { errors: number; warnings: number; ignored: number };
    problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
  };
  if (report.problems.length || redocly.status !== 0) {
    failed = true;
    console.error(`[openapi] Redocly: ${report.problems.length} problem(s)`);
    for (const problem of report.problems)
      console.error(`  ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
  } else console.log("[openapi] Redocly (recommended): no problems");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
