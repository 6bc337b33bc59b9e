/**
 * OFAC's SDN list, classic XML (`sdn.xml`: `sdnList` of `sdnEntry`). The default namespace has
 * changed: the 2014 edition says `http://tempuri.org/sdnList.xsd`, today's
 * `https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML`; both are read
 * (and a file without one). Each `sdnEntry`:
 *
 * - uid: `uid`; kind: `sdnType` (Individual, Entity, Vessel, Aircraft);
 * - primary name: "lastName, firstName" as the CSV files write it (an entity has `lastName` only);
 * - `akaList/aka`: `category` strong or weak, named the same way;
 * - `idList/id` whose `idType` is "Digital Currency Address - XBT": an address (`idNumber`);
 * - `programList/program`, `remarks`; published: `publshInformation/Publish_Date` (MM/DD/YYYY,
 *   OFAC's own spelling of the element).
 */
import type { ListedKind, SanctionsSource } from "../vocabulary";
import { currencyOfIdType } from "./digital-currency";
import { ListFormatError, cleanText, type ListBytes } from "./list-input";
import { addAddress, addName, checkedUid } from "./listed-entry";
import type { ListedEntry, ParsedList } from "./types";
import { child, childrenNamed, readXmlRecords, textOf, type XmlNode } from "./xml-records";

const SOURCE: SanctionsSource = "ofac";

/** The default namespaces OFAC's classic XML has had. */
export const OFAC_XML_NAMESPACES = [
  "http://tempuri.org/sdnList.xsd",
  "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML",
] as const;

/** "LAST, First" (OFAC's CSV form), or the last name alone. */
function nameOf(node: XmlNode): string | null {
  const last = cleanText(textOf(node, "lastName"));
  const first = cleanText(textOf(node, "firstName"));
  if (last && first) return `${last}, ${first}`;
  return last ?? first;
}

function kindOf(type: string): ListedKind {
  const value = type.trim().toLowerCase();
  if (value === "individual" || value === "vessel" || value === "aircraft") return value;
  return "entity";
}

/** "05/30/2014" → that day at 00:00 UTC; null when absent or not a date. */
export function ofacPublishDate(text: string): number | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const at = Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2]));
  return Number.isFinite(at) ? at : null;
}

function entryOf(record: XmlNode): ListedEntry {
  const uid = cleanText(textOf(record, "uid"));
  if (!uid || !/^\d+$/.test(uid))
    throw new ListFormatError("An sdnEntry has no uid: this is not OFAC's sdn.xml.");
  const primaryName = nameOf(record);
  if (!primaryName) throw new ListFormatError(`sdnEntry ${uid} has no name.`);
  const entry: ListedEntry = {
    source: SOURCE,
    uid,
    kind: kindOf(textOf(record, "sdnType")),
    primaryName,
    names: [{ name: primaryName, quality: "primary" }],
    addresses: [],
    programs: [],
    remarks: cleanText(textOf(record, "remarks")),
  };
  const programs = child(record, "programList");
  for (const program of programs ? childrenNamed(programs, "program") : []) {
    const name = cleanText(program.text);
    if (name && !entry.programs.includes(name)) entry.programs.push(name);
  }
  const akas = child(record, "akaList");
  for (const aka of akas ? childrenNamed(akas, "aka") : [])
    addName(
      entry,
      nameOf(aka),
      textOf(aka, "category").trim().toLowerCase() === "weak" ? "weak" : "strong",
    );
  const ids = child(record, "idList");
  for (const id of ids ? childrenNamed(ids, "id") : []) {
    const currency = currencyOfIdType(textOf(id, "idType"));
    if (currency) addAddress(entry, currency, textOf(id, "idNumber"));
  }
  return entry;
}

/** Parse OFAC's classic sdn.xml. Throws ListFormatError for anything else. */
export async function parseOfacXml(input: ListBytes): Promise<ParsedList> {
  const list: ParsedList = { source: SOURCE, publishedAt: null, entries: [] };
  const uids = new Set<string>();
  await readXmlRecords(input, {
    records: new Set(["sdnEntry", "publshInformation"]),
    onRoot(name, attributes) {
      if (name === "CONSOLIDATED_LIST")
        throw new ListFormatError("This is the UN Consolidated List, not OFAC's SDN list.");
      if (name !== "sdnList")
        throw new ListFormatError(
          `This is not OFAC's classic sdn.xml: its root element is <${name}>, not <sdnList>.`,
        );
      const namespace = attributes.xmlns;
      if (namespace && !(OFAC_XML_NAMESPACES as readonly string[]).includes(namespace))
        throw new ListFormatError(`sdn.xml in a namespace we do not know: ${namespace}.`);
    },
    onRecord(record) {
      if (record.name === "publshInformation") {
        list.publishedAt = ofacPublishDate(textOf(record, "Publish_Date"));
        return;
      }
      const entry = entryOf(record);
      checkedUid(uids, entry.uid);
      list.entries.push(entry);
    },
  });
  return list;
}
