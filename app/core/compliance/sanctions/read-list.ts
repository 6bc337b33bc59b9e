/**
 * Which parser reads a file: the source says which list it must be, the bytes say which format.
 * UN: the Consolidated List XML. OFAC: the classic `sdn.xml`, or the CSV files (`sdn.csv`, with
 * `alt.csv` and `sdn_comments.csv` when given; `add.csv` is not needed: physical addresses are not
 * screened).
 */
import { sanctionsSourceLabels, type SanctionsSource } from "../vocabulary";
import { ListFormatError } from "./list-input";
import { parseOfacCsv } from "./ofac-csv";
import { parseOfacXml } from "./ofac-xml";
import type { ParsedList } from "./types";
import { parseUnXml } from "./un-xml";

/** One file of a list as received: its name (the upload's or the URL's last part) and bytes. */
export interface ListFile {
  name: string;
  bytes: Uint8Array;
}

/** Whether the bytes open with "<" (after a byte-order mark and white space): XML. */
export function looksLikeXml(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[at]!)) at += 1;
  return bytes[at] === 0x3c;
}

const baseName = (name: string) => name.split(/[\\/]/).pop()!.toLowerCase();

/** OFAC's CSV files by their published names. */
function ofacCsvSet(files: readonly ListFile[]) {
  const named = (test: (name: string) => boolean) => files.find((f) => test(baseName(f.name)));
  const comments = named((n) => n.includes("comments"));
  const alt = named((n) => /(^|[^a-z])alt\.csv$/.test(n));
  const sdn =
    named((n) => /^sdn\.csv$/.test(n)) ??
    files.find((f) => f !== comments && f !== alt && !/^add\.csv$/.test(baseName(f.name)));
  return { sdn, alt, comments };
}

/** Parse `files` as `source`'s list. Throws ListFormatError with the operator's message. */
export async function readList(
  source: SanctionsSource,
  files: readonly ListFile[],
): Promise<ParsedList> {
  const nonEmpty = files.filter((file) => file.bytes.byteLength > 0);
  if (nonEmpty.length === 0) throw new ListFormatError("The file is empty.");
  const xml = nonEmpty.filter((file) => looksLikeXml(file.bytes));
  if (source === "un") {
    if (nonEmpty.length !== 1 || xml.length !== 1)
      throw new ListFormatError(
        `The ${sanctionsSourceLabels.un} is one XML file (consolidated.xml).`,
      );
    return parseUnXml(xml[0]!.bytes);
  }
  if (xml.length > 0) {
    if (nonEmpty.length !== 1)
      throw new ListFormatError("OFAC's sdn.xml is read alone: upload it without the CSV files.");
    return parseOfacXml(xml[0]!.bytes);
  }
  const { sdn, alt, comments } = ofacCsvSet(nonEmpty);
  if (!sdn) throw new ListFormatError("OFAC's CSV files need sdn.csv.");
  return parseOfacCsv({ sdn: sdn.bytes, alt: alt?.bytes, comments: comments?.bytes });
}
