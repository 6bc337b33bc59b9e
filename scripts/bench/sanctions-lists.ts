/**
 * The sanctions list import rows of `npm run bench` (issue 31: "a daily import of a full list under
 * 30 s and 256 MB"; ADR 0054). Full-size synthetic lists in the published formats:
 *
 * - OFAC classic sdn.xml shaped: BENCH_SANCTIONS_OFAC_ENTRIES (default 18,000) `sdnEntry`s of the
 *   size of today's (about 1.5 KB each: names, three aliases, programmes, a postal address,
 *   ids with a digital currency address on one in ten, a remark): about 28 MB (CRLF, as OFAC's);
 * - UN Consolidated List shaped: the nine records of the published sample repeated under new
 *   reference numbers up to BENCH_SANCTIONS_UN_ENTRIES (default 1,000): about 2.5 MB.
 *
 * Each list is imported by a child process on a fresh migrated SQLite database (the first import),
 * then by another on the same database with 1% of the entries changed and 0.5% removed (the daily
 * import with a diff). Each child reports its import's wall time and its peak resident memory
 * (Linux VmHWM: the whole process, Node and tsx included), so a row is what a process would pay.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const SANCTIONS_IMPORT_TARGET_MS = 30_000;
export const SANCTIONS_IMPORT_TARGET_MB = 256;

const programs = ["SDGT", "CYBER2", "RUSSIA-EO14024", "IRAN", "DPRK3", "SDNTK", "UKRAINE-EO13662"];
const countries = ["Russia", "Iran", "Panama", "United Arab Emirates", "Cyprus", "Hong Kong"];

function base58(seed: number, length: number): string {
  const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  let value = seed * 2654435761 + 97;
  let out = "";
  for (let i = 0; i < length; i++) {
    value = (value * 1103515245 + 12345) % 2147483648;
    out += alphabet[value % alphabet.length];
  }
  return out;
}

function hex40(seed: number): string {
  let out = "";
  let value = seed + 7;
  for (let i = 0; i < 40; i++) {
    value = (value * 1103515245 + 12345) % 2147483648;
    out += (value % 16).toString(16);
  }
  return out;
}

/** One sdnEntry about the size of today's average. `variant` changes its remark (a diff). */
function sdnEntry(i: number, variant: number): string {
  const uid = 10_000 + i;
  const individual = i % 3 === 0;
  const name = individual
    ? `<firstName>Synthetic ${base58(i, 6)} ${base58(i + 1, 7)}</firstName>\n    <lastName>LISTED${i}</lastName>`
    : `<lastName>SYNTHETIC TRADING COMPANY ${i} ${base58(i, 8).toUpperCase()} LIMITED LIABILITY</lastName>`;
  const akas = [1, 2, 3]
    .map(
      (k) => `      <aka>
        <uid>${uid * 10 + k}</uid>
        <type>a.k.a.</type>
        <category>${k === 3 ? "weak" : "strong"}</category>
        <lastName>ALIAS ${k} OF ${i} ${base58(i * 7 + k, 9).toUpperCase()}</lastName>
      </aka>`,
    )
    .join("\n");
  const addresses = [1]
    .map(
      (k) => `      <address>
        <uid>${uid * 10 + k}</uid>
        <address1>${100 + k} ${base58(i + k, 8)} Street, Office ${k}</address1>
        <city>City ${i % 97}</city>
        <country>${countries[(i + k) % countries.length]}</country>
      </address>`,
    )
    .join("\n");
  const crypto =
    i % 10 === 0
      ? `      <id>
        <uid>${uid * 10 + 5}</uid>
        <idType>Digital Currency Address - ${i % 20 === 0 ? "ETH" : "XBT"}</idType>
        <idNumber>${i % 20 === 0 ? `0x${hex40(i)}` : `1${base58(i, 33)}`}</idNumber>
      </id>\n`
      : "";
  return `  <sdnEntry>
    <uid>${uid}</uid>
    ${name}
    <sdnType>${individual ? "Individual" : "Entity"}</sdnType>
    <remarks>Synthetic record ${i} (version ${variant}) for the import bench; Linked To: SYNTHETIC PARENT ${i % 500}; Secondary sanctions risk: see the relevant Executive Order.</remarks>
    <programList>
      <program>${programs[i % programs.length]}</program>
      <program>${programs[(i + 3) % programs.length]}</program>
    </programList>
    <idList>
${crypto}      <id>
        <uid>${uid * 10 + 6}</uid>
        <idType>Registration Number</idType>
        <idNumber>${base58(i, 12)}</idNumber>
        <idCountry>${countries[i % countries.length]}</idCountry>
      </id>
      <id>
        <uid>${uid * 10 + 7}</uid>
        <idType>Tax ID No.</idType>
        <idNumber>${base58(i + 3, 10)}</idNumber>
        <idCountry>${countries[(i + 2) % countries.length]}</idCountry>
      </id>
    </idList>
    <akaList>
${akas}
    </akaList>
    <addressList>
${addresses}
    </addressList>
  </sdnEntry>`;
}

/** An sdn.xml of `count` entries: `changed` of them with another remark, `removed` left out. */
export function syntheticOfacXml(count: number, changed = 0, removed = 0): string {
  const parts = [
    '<?xml version="1.0" standalone="yes"?>',
    '<sdnList xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">',
    "  <publshInformation>",
    "    <Publish_Date>11/28/2026</Publish_Date>",
    `    <Record_Count>${count - removed}</Record_Count>`,
    "  </publshInformation>",
  ];
  for (let i = 0; i < count; i++) {
    if (i < removed) continue;
    parts.push(sdnEntry(i, i % 100 < (changed * 100) / count ? 2 : 1));
  }
  parts.push("</sdnList>");
  return parts.join("\r\n");
}

/** The UN sample's records repeated under new reference numbers up to `count` entries. */
export function syntheticUnXml(sample: string, count: number, changed = 0, removed = 0): string {
  const records: string[] = [];
  const pattern = /<(INDIVIDUAL|ENTITY)>[\s\S]*?<\/\1>/g;
  for (const match of sample.matchAll(pattern)) records.push(match[0]);
  const individuals: string[] = [];
  const entities: string[] = [];
  for (let i = removed; i < count; i++) {
    const record = records[i % records.length]!;
    let copy = record.replace(
      /<REFERENCE_NUMBER>([^<]+)<\/REFERENCE_NUMBER>/,
      (_all, ref: string) => `<REFERENCE_NUMBER>${ref}.${i}</REFERENCE_NUMBER>`,
    );
    if (i < changed) copy = copy.replace("<FIRST_NAME>", "<FIRST_NAME>RENAMED ");
    (record.startsWith("<INDIVIDUAL>") ? individuals : entities).push(copy);
  }
  const head = sample.slice(0, sample.indexOf("<INDIVIDUALS>"));
  return `${head}<INDIVIDUALS>\n    ${individuals.join("\n    ")}\n  </INDIVIDUALS>\n  <ENTITIES>\n    ${entities.join("\n    ")}\n  </ENTITIES>\n</CONSOLIDATED_LIST>`;
}

export interface ImportFigures {
  list: string;
  entries: number;
  bytes: number;
  outcome: string;
  ms: number;
  peakMb: number;
  /** The process before the import (Node, tsx, the app's modules). */
  baseMb: number;
  detail: string;
}

/** Import `files` (in order, each a new import) in a child process on a fresh database. */
function importInChild(
  root: string,
  dir: string,
  source: "un" | "ofac",
  files: string[],
): {
  outcome: string;
  ms: number;
  peakMb: number;
  baseMb: number;
  entries: number;
  detail: string;
}[] {
  const child = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(root, "scripts/bench/sanctions-import-child.ts"),
      source,
      ...files,
    ],
    {
      cwd: root,
      encoding: "utf8",
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATA_DIR: dir,
        DATABASE_URL: path.join(dir, `sanctions-${source}.sqlite`),
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (child.status !== 0) throw new Error(`sanctions import child failed: ${child.stderr}`);
  const line = child.stdout.trim().split("\n").at(-1)!;
  return JSON.parse(line) as ReturnType<typeof importInChild>;
}

export function benchSanctionsImport(root: string, dir: string): ImportFigures[] {
  const ofacCount = Number(process.env.BENCH_SANCTIONS_OFAC_ENTRIES ?? 18_000);
  const unCount = Number(process.env.BENCH_SANCTIONS_UN_ENTRIES ?? 1_000);
  const sample = readFileSync(
    path.join(root, "tests/fixtures/compliance/un/consolidated-list-sample.xml"),
    "utf8",
  );
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return { file, bytes: Buffer.byteLength(text) };
  };
  const ofac = [
    write("sdn-1.xml", syntheticOfacXml(ofacCount)),
    write("sdn-2.xml", syntheticOfacXml(ofacCount, ofacCount / 100, ofacCount / 200)),
  ];
  const un = [
    write("un-1.xml", syntheticUnXml(sample, unCount)),
    write("un-2.xml", syntheticUnXml(sample, unCount, unCount / 100, unCount / 200)),
  ];
  const rows: ImportFigures[] = [];
  for (const [source, files] of [
    ["ofac", ofac],
    ["un", un],
  ] as const) {
    // One process per import, on the same database: each peak is that import's own.
    const results = files.flatMap((f) => importInChild(root, dir, source, [f.file]));
    results.forEach((result, i) =>
      rows.push({
        list: `${source === "ofac" ? "OFAC sdn.xml" : "UN list"} ${i === 0 ? "first import" : "daily, with changes"}`,
        entries: result.entries,
        bytes: files[i]!.bytes,
        outcome: result.outcome,
        ms: result.ms,
        peakMb: result.peakMb,
        baseMb: result.baseMb,
        detail: result.detail,
      }),
    );
  }
  return rows;
}

export function formatSanctionsImport(rows: ImportFigures[]): string[] {
  return rows.map((row) => {
    const ok =
      row.outcome === "imported" &&
      row.ms < SANCTIONS_IMPORT_TARGET_MS &&
      row.peakMb < SANCTIONS_IMPORT_TARGET_MB;
    return `  ${ok ? "PASS" : "FAIL"}  sanctions import: ${row.list}: ${row.entries} entries, ${(row.bytes / 1048576).toFixed(1)} MB in ${(row.ms / 1000).toFixed(2)} s, peak RSS ${row.peakMb} MB, ${row.baseMb} MB before the import (targets < ${SANCTIONS_IMPORT_TARGET_MS / 1000} s, < ${SANCTIONS_IMPORT_TARGET_MB} MB; ${row.outcome}${row.detail ? `, ${row.detail}` : ""})`;
  });
}
