/**
 * The list parsers on the published formats (tests/fixtures/compliance, real samples: see its
 * SOURCES.md): the UN Consolidated List XML, OFAC's CSV files with their remarks continued in
 * sdn_comments.csv, OFAC's classic sdn.xml; and files they must refuse.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addressesInRemarks, normalizeAddress } from "./digital-currency";
import { ListFormatError } from "./list-input";
import { csvRows, csvText, parseOfacCsv, quotedAliases } from "./ofac-csv";
import { parseOfacXml } from "./ofac-xml";
import { readList } from "./read-list";
import type { ListedEntry, ParsedList } from "./types";
import { parseUnXml } from "./un-xml";

const FIXTURES = path.resolve("tests/fixtures/compliance");
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const entry = (list: ParsedList, uid: string): ListedEntry => {
  const found = list.entries.find((each) => each.uid === uid);
  if (!found) throw new Error(`no entry ${uid}`);
  return found;
};
const namesOf = (listed: ListedEntry, quality?: string) =>
  listed.names.filter((n) => !quality || n.quality === quality).map((n) => n.name);
const bytes = (text: string) => new TextEncoder().encode(text);
async function* inChunks(all: Uint8Array, size: number) {
  for (let at = 0; at < all.length; at += size) yield all.subarray(at, at + size);
}

describe("the UN Consolidated List (XML)", () => {
  it("reads every individual and entity with its reference number, programme and date", async () => {
    const list = await parseUnXml(fixture("un/consolidated-list-sample.xml"));
    expect(list.source).toBe("un");
    expect(list.publishedAt).toBe(Date.parse("2026-02-27T00:00:09.554Z"));
    expect(list.entries.map((e) => e.uid)).toEqual([
      "CDi.001",
      "CFi.002",
      "IQi.004",
      "KPi.008",
      "QDi.291",
      "TAi.002",
      "HTe.001",
      "KPe.010",
      "QDe.004",
    ]);
    expect(list.entries.filter((e) => e.kind === "individual")).toHaveLength(6);
    expect(list.entries.filter((e) => e.kind === "entity")).toHaveLength(3);
    expect(entry(list, "CDi.001")).toMatchObject({
      primaryName: "ERIC BADEGE",
      names: [{ name: "ERIC BADEGE", quality: "primary" }],
      programs: ["DRC"],
      addresses: [],
    });
    expect(entry(list, "CDi.001").remarks).toMatch(/^He fled to Rwanda in March 2013/);
  });

  it("joins every name part in order and keeps the name in its original script", async () => {
    const list = await parseUnXml(fixture("un/consolidated-list-sample.xml"));
    const tikriti = entry(list, "IQi.004");
    expect(tikriti.primaryName).toBe("ABID HAMID MAHMUD AL-TIKRITI");
    expect(tikriti.names).toContainEqual({ name: "عابد حامد محمود التكريتي", quality: "strong" });
    expect(namesOf(entry(list, "QDe.004"))).toContain("القاعدة");
    expect(namesOf(entry(list, "TAi.002"))).toContain("محمد حسن آخوند");
  });

  it("reads aliases: Good and a.k.a. strong, Low weak; empty ones skipped", async () => {
    const list = await parseUnXml(fixture("un/consolidated-list-sample.xml"));
    const asiri = entry(list, "QDi.291");
    expect(namesOf(asiri, "weak").length).toBeGreaterThan(0);
    expect(namesOf(asiri, "strong").length).toBeGreaterThan(0);
    expect(namesOf(asiri, "strong")).toContain("إبراهيم حسن طالع العسيري");
    expect(namesOf(entry(list, "CFi.002"), "strong")).toEqual([
      "Nureldine Adam",
      "Nourreldine Adam",
      "Nourreddine Adam",
      "Mahamat Nouradine Adam",
      "Mohamed Adam Brema Abdallah",
    ]);
    const greenPine = entry(list, "KPe.010");
    expect(greenPine.primaryName).toBe("GREEN PINE ASSOCIATED CORPORATION");
    expect(namesOf(greenPine, "strong")).toContain("CHO'NGSONG UNITED TRADING COMPANY");
    expect(namesOf(greenPine, "strong")).toHaveLength(10);
    // The whole sample: 48 alias elements, 3 of them empty (BADEGE, ...), none of them repeated.
    const aliases = list.entries.flatMap((e) => e.names.filter((n) => n.quality !== "primary"));
    expect(aliases.filter((n) => n.quality === "weak")).toHaveLength(3);
  });

  it("reads the same list whatever the chunks it arrives in (a character split between two)", async () => {
    const whole = fixture("un/consolidated-list-sample.xml");
    const chunked = await parseUnXml(inChunks(whole, 7));
    expect(chunked).toEqual(await parseUnXml(whole));
  });

  it("refuses OFAC's file, another XML, a cut file, an empty one and bytes that are not UTF-8", async () => {
    await expect(parseUnXml(fixture("ofac/sdn-classic-2014-excerpt.xml"))).rejects.toThrow(
      "This is OFAC's SDN list, not the UN Consolidated List.",
    );
    await expect(parseUnXml(bytes("<rss><channel/></rss>"))).rejects.toThrow(
      /root element is <rss>/,
    );
    const whole = fixture("un/consolidated-list-sample.xml");
    await expect(parseUnXml(whole.subarray(0, 5000))).rejects.toBeInstanceOf(ListFormatError);
    await expect(parseUnXml(bytes(""))).rejects.toThrow(/no XML element/);
    await expect(parseUnXml(bytes("<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL>"))).rejects.toThrow(
      ListFormatError,
    );
    await expect(parseUnXml(new Uint8Array([0x3c, 0x61, 0xff, 0xfe, 0x3e]))).rejects.toThrow(
      "The file is not UTF-8 text: it is not a list we can read.",
    );
    await expect(parseUnXml(bytes("not xml at all"))).rejects.toThrow(ListFormatError);
  });
});

describe("OFAC's SDN list, CSV files", () => {
  const files = () => ({
    sdn: fixture("ofac/sdn.csv"),
    alt: fixture("ofac/alt.csv"),
    comments: fixture("ofac/sdn_comments.csv"),
  });

  it("reads every sdn.csv row, the null marker as nothing, kinds and programmes", async () => {
    const list = await parseOfacCsv(files());
    expect(list.entries).toHaveLength(17);
    expect(entry(list, "10278")).toMatchObject({
      kind: "individual",
      primaryName: "LOGAN MOREY, Elvis Angus",
      programs: ["SDNT"],
    });
    expect(entry(list, "11195")).toMatchObject({
      kind: "entity",
      programs: ["NPWMD", "IFSR", "IRAN-CON-ARMS-EO"],
    });
    expect(entry(list, "20540").kind).toBe("aircraft");
    expect(entry(list, "40716").kind).toBe("vessel");
    expect(entry(list, "12685").remarks).toMatch(/^Website www\.gicdf\.org;/);
  });

  it("takes strong aliases from alt.csv and weak ones quoted in the remarks", async () => {
    const list = await parseOfacCsv(files());
    const khoroshev = entry(list, "48603");
    expect(namesOf(khoroshev, "strong")).toEqual([
      "KHOROSHEV, Dmitriy Yurevich",
      "YURIEVICH, Dmitry",
      "KHOROSHEV, Dmitrii Yuryevich",
    ]);
    expect(namesOf(khoroshev, "weak")).toEqual(["LOCKBITSUPP"]);
    expect(namesOf(entry(list, "10278"), "weak")).toEqual(["BURTON BURGESS"]);
    expect(namesOf(entry(list, "11195"), "weak")).toContain("HAVA PEYMA SAZI-E IRAN");
    // alt.csv's row for 10416, which sdn.csv does not have, is ignored.
    expect(list.entries.some((e) => e.uid === "10416")).toBe(false);
  });

  it("reads digital currency addresses from the remarks, every currency kept", async () => {
    const list = await parseOfacCsv(files());
    const lifshits = entry(list, "29702");
    expect(lifshits.addresses).toEqual([
      { currency: "XBT", address: "12udabs2TkX7NXCSj6KpqXfakjE52ZPLhz" },
      { currency: "XBT", address: "1DT3tenf14cxz9WFNxmYrXFbB6TFiVWA9U" },
      { currency: "ETH", address: "0x901bb9583b24d97e995513c6778dc6888ab6870e" },
      { currency: "ETH", address: "0xa7e5d5a720f06526557c513402f2e6b5fa20b008" },
      { currency: "LTC", address: "Leo3j36nn1JcsUQruytQhFUdCdCH5YHMR3" },
      { currency: "DASH", address: "Xs3vzQmNvAxRa3Xo8XzQqUb3BMgb9EogF4" },
    ]);
    expect(entry(list, "48603").addresses).toEqual([
      { currency: "XBT", address: "bc1qvhnfknw852ephxyc5hm4q520zmvf9maphetc9z" },
    ]);
  });

  it("joins SUEX's remarks continued in sdn_comments.csv: the address cut in two, its ETH and USDT", async () => {
    const list = await parseOfacCsv(files());
    const suex = entry(list, "33151");
    expect(suex.primaryName).toBe("SUEX OTC, S.R.O.");
    expect(suex.addresses).toContainEqual({
      currency: "XBT",
      address: "1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi",
    });
    expect(suex.addresses.filter((a) => a.currency === "ETH").map((a) => a.address)).toEqual([
      "0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535",
      "0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff",
      "0xe7aa314c77f4233c18c6cc84384a9247c0cf367b",
      "0x308ed4b7b49797e1a98d3818bff6fe5385410370",
    ]);
    const usdt = suex.addresses.filter((a) => a.currency === "USDT").map((a) => a.address);
    expect(usdt).toHaveLength(7);
    expect(usdt).toContain("0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535");
    expect(usdt).toContain("16iWn2J1McqjToYLHSsAyS6En3QA8YQ91H");
    expect(namesOf(suex, "weak")).toEqual(["SUCCESSFUL EXCHANGE"]);
    expect(suex.remarks).toMatch(/a\.k\.a\. 'SUCCESSFUL EXCHANGE'\.$/);
    // Without sdn_comments.csv the cut address is not there (and nothing after it).
    const alone = await parseOfacCsv({ sdn: fixture("ofac/sdn.csv") });
    expect(entry(alone, "33151").addresses.some((a) => a.currency === "USDT")).toBe(false);
  });

  it("reads OFAC's December 2025 sdn_comments rows: CRLF, the trailing 0x1A, TRON USDT addresses", () => {
    const raw = fixture("ofac/sdn_comments-excerpt-2025-12.csv");
    expect(raw.at(-1)).toBe(0x1a);
    const rows = csvRows(csvText(raw), "sdn_comments.csv");
    expect(rows.map((row) => row[0])).toEqual(["22985", "33854", "36025"]);
    const tron = addressesInRemarks(rows[0]![1]!);
    expect(tron).toHaveLength(43);
    expect(
      tron.every((a) => a.currency === "USDT" && /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(a.address)),
    ).toBe(true);
    expect(tron[0]).toEqual({ currency: "USDT", address: "TE3mCcPULjPUE7ykX7RArDPAhyahoy3d2j" });
    const mixed = addressesInRemarks(rows[1]![1]!);
    expect(new Set(mixed.map((a) => a.currency))).toEqual(new Set(["XBT", "ETH", "USDT", "XRP"]));
    expect(mixed.map((a) => a.address)).toContain(
      "bc1qe95l438kzjcvnsm3kn8n5augf9gpctdlhsq7f7hpnkyvlr7rc7cqupapf7",
    );
    expect(addressesInRemarks(rows[2]![1]!)).toEqual([
      { currency: "TRX", address: "TJkBr9TZ1xBeJoF7RNWqyEMbYqVJ6fXXHR" },
      { currency: "TRX", address: "TNDjh6WGLYyWmkh8vfu42bXVHUqFNQ3rDq" },
    ]);
  });

  it("reads a quoted alias with an apostrophe in it, and leaves unquoted text alone", () => {
    expect(quotedAliases("a.k.a. 'AL-QA'IDA'; f.k.a. 'OLD NAME'; Linked To: D'S SHOP.")).toEqual([
      "AL-QA'IDA",
      "OLD NAME",
    ]);
  });

  it("refuses a file that is not OFAC's sdn.csv", async () => {
    await expect(parseOfacCsv({ sdn: bytes("name,amount\r\nJane,100\r\n") })).rejects.toThrow(
      /not OFAC's 12/,
    );
    await expect(parseOfacCsv({ sdn: bytes('10,"UNCLOSED,-0- \r\n') })).rejects.toThrow(
      /ends inside a quoted field/,
    );
    const twice = `${'1,"A",-0- ,"X",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n'.repeat(2)}`;
    await expect(parseOfacCsv({ sdn: bytes(twice) })).rejects.toThrow(
      "The list has entry 1 twice.",
    );
  });
});

describe("OFAC's classic sdn.xml", () => {
  it("reads the 2014 edition (tempuri namespace, CRLF): entries, aliases, programmes, date", async () => {
    const list = await parseOfacXml(fixture("ofac/sdn-classic-2014-excerpt.xml"));
    expect(list.publishedAt).toBe(Date.UTC(2014, 4, 30));
    expect(list.entries.map((e) => e.uid)).toEqual(["10", "15", "25", "36", "39"]);
    expect(entry(list, "10")).toMatchObject({
      kind: "entity",
      primaryName: "ABASTECEDORA NAVAL Y INDUSTRIAL, S.A.",
      programs: ["CUBA"],
      names: [
        { name: "ABASTECEDORA NAVAL Y INDUSTRIAL, S.A.", quality: "primary" },
        { name: "ANAINSA", quality: "strong" },
      ],
    });
    expect(entry(list, "15")).toMatchObject({
      kind: "individual",
      primaryName: "ABDELNUR, Nury de Jesus",
    });
  });

  it("reads today's namespace and digital currency ids", async () => {
    const today = `<?xml version="1.0" standalone="yes"?>
<sdnList xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">
  <publshInformation><Publish_Date>11/28/2026</Publish_Date><Record_Count>1</Record_Count></publshInformation>
  <sdnEntry>
    <uid>33151</uid><lastName>SUEX OTC, S.R.O.</lastName><sdnType>Entity</sdnType>
    <programList><program>CYBER2</program></programList>
    <idList>
      <id><uid>1</uid><idType>Digital Currency Address - XBT</idType><idNumber>12HQDsicffSBaYdJ6BhnE22sfjTESmmzKx</idNumber></id>
      <id><uid>2</uid><idType>Digital Currency Address - USDT</idType><idNumber>0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535</idNumber></id>
      <id><uid>3</uid><idType>Website</idType><idNumber>suex.io</idNumber></id>
    </idList>
    <akaList><aka><uid>4</uid><type>a.k.a.</type><category>weak</category><lastName>SUCCESSFUL EXCHANGE</lastName></aka></akaList>
  </sdnEntry>
</sdnList>`;
    const list = await parseOfacXml(bytes(today));
    expect(list.publishedAt).toBe(Date.UTC(2026, 10, 28));
    expect(list.entries[0]).toMatchObject({
      addresses: [
        { currency: "XBT", address: "12HQDsicffSBaYdJ6BhnE22sfjTESmmzKx" },
        { currency: "USDT", address: "0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535" },
      ],
      names: [
        { name: "SUEX OTC, S.R.O.", quality: "primary" },
        { name: "SUCCESSFUL EXCHANGE", quality: "weak" },
      ],
    });
  });

  it("refuses the UN list, another namespace and a broken file", async () => {
    await expect(parseOfacXml(fixture("un/consolidated-list-sample.xml"))).rejects.toThrow(
      "This is the UN Consolidated List, not OFAC's SDN list.",
    );
    await expect(parseOfacXml(bytes('<sdnList xmlns="urn:other"/>'))).rejects.toThrow(
      /namespace we do not know/,
    );
    await expect(parseOfacXml(bytes("<sdnList><sdnEntry><uid>1</uid>"))).rejects.toThrow(
      ListFormatError,
    );
    await expect(
      parseOfacXml(bytes("<sdnList><sdnEntry><lastName>X</lastName></sdnEntry></sdnList>")),
    ).rejects.toThrow(/no uid/);
  });
});

describe("reading an upload or a download", () => {
  it("picks the parser from the source and the bytes, and OFAC's CSV files by their names", async () => {
    const un = await readList("un", [
      { name: "consolidated.xml", bytes: fixture("un/consolidated-list-sample.xml") },
    ]);
    expect(un.entries).toHaveLength(9);
    const csv = await readList("ofac", [
      { name: "SDN_COMMENTS.CSV", bytes: fixture("ofac/sdn_comments.csv") },
      { name: "sdn.csv", bytes: fixture("ofac/sdn.csv") },
      { name: "alt.csv", bytes: fixture("ofac/alt.csv") },
      { name: "add.csv", bytes: fixture("ofac/add.csv") },
    ]);
    expect(csv.entries).toHaveLength(17);
    expect(entry(csv, "33151").addresses.some((a) => a.currency === "USDT")).toBe(true);
    const xml = await readList("ofac", [
      { name: "sdn.xml", bytes: fixture("ofac/sdn-classic-2014-excerpt.xml") },
    ]);
    expect(xml.entries).toHaveLength(5);
  });

  it("refuses the wrong list for the source, an empty file and CSV for the UN", async () => {
    await expect(
      readList("un", [{ name: "sdn.xml", bytes: fixture("ofac/sdn-classic-2014-excerpt.xml") }]),
    ).rejects.toThrow("This is OFAC's SDN list, not the UN Consolidated List.");
    await expect(readList("ofac", [{ name: "sdn.xml", bytes: new Uint8Array() }])).rejects.toThrow(
      "The file is empty.",
    );
    await expect(
      readList("un", [{ name: "sdn.csv", bytes: fixture("ofac/sdn.csv") }]),
    ).rejects.toThrow(/one XML file/);
  });
});

describe("addresses as compared", () => {
  it("lowercases EVM addresses and keeps every other one as published", () => {
    expect(normalizeAddress("0x901BB9583b24d97e995513c6778dc6888ab6870E")).toBe(
      "0x901bb9583b24d97e995513c6778dc6888ab6870e",
    );
    expect(normalizeAddress("TE3mCcPULjPUE7ykX7RArDPAhyahoy3d2j")).toBe(
      "TE3mCcPULjPUE7ykX7RArDPAhyahoy3d2j",
    );
    expect(normalizeAddress("12udabs2TkX7NXCSj6KpqXfakjE52ZPLhz")).toBe(
      "12udabs2TkX7NXCSj6KpqXfakjE52ZPLhz",
    );
  });
});
