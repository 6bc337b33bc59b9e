/**
 * OFAC's SDN list in its legacy CSV files (https://www.treasury.gov/ofac/downloads/): no header
 * row, CRLF line endings, `-0- ` for an empty field, a trailing 0x1A (SUB) byte at the end of a
 * file.
 *
 * - `sdn.csv`: ent_num, SDN_Name, SDN_Type (individual, vessel, aircraft; `-0-` for an entity),
 *   Program ("SDGT] [IFSR": several joined by "] ["), Title, Call_Sign, Vess_type, Tonnage, GRT,
 *   Vess_flag, Vess_owner, Remarks;
 * - `alt.csv`: ent_num, alt_num, alt_type ("aka", "fka", "nka"), alt_name, alt_remarks: strong
 *   aliases;
 * - `sdn_comments.csv`: ent_num, and the rest of a `Remarks` cut at OFAC's field limit. Its rows
 *   continue the remark exactly where it stopped (SUEX's XBT address "1B64QRxf" + "aa35…"), so they
 *   are appended without a separator, in file order.
 *
 * Weak aliases are only in the remarks, quoted: "a.k.a. 'LOCKBITSUPP'". Digital-currency addresses
 * too: "Digital Currency Address - XBT …" (digital-currency.ts). Rows of alt.csv and
 * sdn_comments.csv for an ent_num that sdn.csv does not have are ignored.
 */
import type { ListedKind, SanctionsSource } from "../vocabulary";
import { addressesInRemarks } from "./digital-currency";
import { ListFormatError, bytesOf, cleanText, type ListBytes } from "./list-input";
import { addAddress, addName, checkedUid } from "./listed-entry";
import type { ListedEntry, ParsedList } from "./types";

const SOURCE: SanctionsSource = "ofac";
const NULL_MARKER = "-0-";

/** The text of a CSV file: UTF-8 (OFAC's files are ASCII), else Windows-1252. */
export function csvText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/**
 * The rows of a CSV text (RFC 4180 quoting, "" for a quote inside one, CRLF or LF), each field with
 * OFAC's null marker turned into null. A trailing SUB byte (0x1A) ends the file.
 */
export function csvRows(text: string, file: string): (string | null)[][] {
  const rows: (string | null)[][] = [];
  let row: (string | null)[] = [];
  let field = "";
  let quoted = false;
  let wasQuoted = false;
  const endField = () => {
    const value = wasQuoted ? field : field.trim();
    row.push(!wasQuoted && (value === NULL_MARKER || value === "") ? null : value);
    field = "";
    wasQuoted = false;
  };
  const endRow = () => {
    endField();
    if (row.length > 1 || row[0] !== null) rows.push(row);
    row = [];
  };
  const end = text.endsWith("\x1a") ? text.length - 1 : text.length;
  for (let i = 0; i < end; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else quoted = false;
      continue;
    }
    if (char === '"') {
      if (field.trim() !== "")
        throw new ListFormatError(
          `${file}: a quote in the middle of a field (row ${rows.length + 1}).`,
        );
      field = "";
      quoted = true;
      wasQuoted = true;
    } else if (char === ",") endField();
    else if (char === "\n") endRow();
    else if (char === "\r") {
      if (text[i + 1] !== "\n") field += char;
    } else if (char === "\x1a") {
      // OFAC's end-of-file byte, seen before a last line break.
    } else field += char;
  }
  if (quoted) throw new ListFormatError(`${file}: the file ends inside a quoted field.`);
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

function kindOf(type: string | null): ListedKind {
  const value = (type ?? "").trim().toLowerCase();
  if (value === "individual" || value === "vessel" || value === "aircraft") return value;
  return "entity";
}

/** OFAC's programme field: "CYBER2] [ELECTION-EO13848" → ["CYBER2", "ELECTION-EO13848"]. */
export function ofacPrograms(field: string | null): string[] {
  return (field ?? "")
    .split(/\]\s*\[/)
    .map((each) => each.replace(/[[\]]/g, "").trim())
    .filter(Boolean);
}

/** Weak aliases quoted in a remark: "a.k.a. 'BURTON BURGESS'", also f.k.a. and n.k.a. */
export function quotedAliases(remarks: string): string[] {
  const names: string[] = [];
  for (const match of remarks.matchAll(/\b[afn]\.k\.a\. '(.+?)'(?=[;.,]|\s*$)/g))
    names.push(match[1]!);
  return names;
}

const entNum = (value: string | null, file: string, row: number): string => {
  const text = (value ?? "").trim();
  if (!/^\d+$/.test(text))
    throw new ListFormatError(`${file}: row ${row} does not start with an entry number.`);
  return text;
};

export interface OfacCsvFiles {
  sdn: ListBytes;
  alt?: ListBytes | null;
  comments?: ListBytes | null;
}

/** Parse OFAC's CSV files. Throws ListFormatError when sdn.csv is not OFAC's format. */
export async function parseOfacCsv(files: OfacCsvFiles): Promise<ParsedList> {
  const sdnRows = csvRows(csvText(await bytesOf(files.sdn)), "sdn.csv");
  const byUid = new Map<string, { entry: ListedEntry; remarks: string }>();
  const uids = new Set<string>();
  sdnRows.forEach((row, index) => {
    if (row.length < 12)
      throw new ListFormatError(
        `sdn.csv: row ${index + 1} has ${row.length} fields, not OFAC's 12. Is this OFAC's sdn.csv?`,
      );
    const uid = entNum(row[0] ?? null, "sdn.csv", index + 1);
    checkedUid(uids, uid);
    const primaryName = cleanText(row[1]);
    if (!primaryName) throw new ListFormatError(`sdn.csv: entry ${uid} has no name.`);
    byUid.set(uid, {
      entry: {
        source: SOURCE,
        uid,
        kind: kindOf(row[2] ?? null),
        primaryName,
        names: [{ name: primaryName, quality: "primary" }],
        addresses: [],
        programs: ofacPrograms(row[3] ?? null),
        remarks: null,
      },
      remarks: row[11] ?? "",
    });
  });
  if (files.comments) {
    const rows = csvRows(csvText(await bytesOf(files.comments)), "sdn_comments.csv");
    rows.forEach((row, index) => {
      const listed = byUid.get(entNum(row[0] ?? null, "sdn_comments.csv", index + 1));
      if (listed) listed.remarks += row[1] ?? "";
    });
  }
  if (files.alt) {
    const rows = csvRows(csvText(await bytesOf(files.alt)), "alt.csv");
    rows.forEach((row, index) => {
      const listed = byUid.get(entNum(row[0] ?? null, "alt.csv", index + 1));
      if (listed) addName(listed.entry, row[3] ?? null, "strong");
    });
  }
  const entries: ListedEntry[] = [];
  for (const { entry, remarks } of byUid.values()) {
    entry.remarks = cleanText(remarks);
    for (const alias of quotedAliases(remarks)) addName(entry, alias, "weak");
    for (const { currency, address } of addressesInRemarks(remarks))
      addAddress(entry, currency, address);
    entries.push(entry);
  }
  return { source: SOURCE, publishedAt: null, entries };
}
