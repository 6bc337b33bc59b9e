/**
 * The UN Security Council Consolidated List, XML (`CONSOLIDATED_LIST`, published by the UN
 * Secretariat; https://scsanctions.un.org/resources/xml/en/consolidated.xml). Each `INDIVIDUAL`
 * and `ENTITY` is one entry:
 *
 * - uid: `REFERENCE_NUMBER` ("QDi.291"); programme: `UN_LIST_TYPE` ("Al-Qaida", "DPRK");
 * - primary name: `FIRST_NAME` … `FOURTH_NAME` joined in order (an entity has `FIRST_NAME` only);
 * - `NAME_ORIGINAL_SCRIPT` (Arabic, Cyrillic…) as a strong name too, as published;
 * - aliases: `QUALITY` "Good" or "a.k.a." strong, "Low" (and "Very Low") weak;
 * - remarks: `COMMENTS1`; published: the root's `dateGenerated`.
 *
 * Documents, dates and places of birth are not kept (the parsed shape has no place for them; the
 * matcher screens names).
 */
import type { SanctionsSource } from "../vocabulary";
import { ListFormatError, cleanText, type ListBytes } from "./list-input";
import { addName, checkedUid } from "./listed-entry";
import type { ListedEntry, ParsedList } from "./types";
import { childrenNamed, readXmlRecords, textOf, type XmlNode } from "./xml-records";

const SOURCE: SanctionsSource = "un";
const NAME_PARTS = ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"] as const;

/** UN alias qualities: "Low" and "Very Low" are weak; "Good", "a.k.a." and anything else strong. */
export function unAliasQuality(quality: string): "strong" | "weak" {
  return /\blow\b/i.test(quality) ? "weak" : "strong";
}

function entryOf(record: XmlNode): ListedEntry {
  const kind = record.name === "INDIVIDUAL" ? "individual" : "entity";
  const uid = cleanText(textOf(record, "REFERENCE_NUMBER"));
  const primaryName = cleanText(
    NAME_PARTS.map((part) => textOf(record, part))
      .map((part) => part.trim())
      .filter(Boolean)
      .join(" "),
  );
  if (!uid) throw new ListFormatError(`A UN ${kind} has no REFERENCE_NUMBER.`);
  if (!primaryName) throw new ListFormatError(`UN entry ${uid} has no name.`);
  const entry: ListedEntry = {
    source: SOURCE,
    uid,
    kind,
    primaryName,
    names: [{ name: primaryName, quality: "primary" }],
    addresses: [],
    programs: [],
    remarks: cleanText(textOf(record, "COMMENTS1")),
  };
  const program = cleanText(textOf(record, "UN_LIST_TYPE"));
  if (program) entry.programs.push(program);
  addName(entry, textOf(record, "NAME_ORIGINAL_SCRIPT"), "strong");
  for (const alias of childrenNamed(record, `${record.name}_ALIAS`))
    addName(entry, textOf(alias, "ALIAS_NAME"), unAliasQuality(textOf(alias, "QUALITY")));
  return entry;
}

/** Parse a UN Consolidated List file. Throws ListFormatError for anything else. */
export async function parseUnXml(input: ListBytes): Promise<ParsedList> {
  const list: ParsedList = { source: SOURCE, publishedAt: null, entries: [] };
  const uids = new Set<string>();
  await readXmlRecords(input, {
    records: new Set(["INDIVIDUAL", "ENTITY"]),
    onRoot(name, attributes) {
      if (name === "sdnList")
        throw new ListFormatError("This is OFAC's SDN list, not the UN Consolidated List.");
      if (name !== "CONSOLIDATED_LIST")
        throw new ListFormatError(
          `This is not the UN Consolidated List: its root element is <${name}>, not <CONSOLIDATED_LIST>.`,
        );
      const generated = attributes.dateGenerated ? Date.parse(attributes.dateGenerated) : NaN;
      list.publishedAt = Number.isFinite(generated) ? generated : null;
    },
    onRecord(record) {
      const entry = entryOf(record);
      checkedUid(uids, entry.uid);
      list.entries.push(entry);
    },
  });
  return list;
}
