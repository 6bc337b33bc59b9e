/**
 * Streaming XML for the lists (saxes): the file is read chunk by chunk and only one record (a UN
 * `INDIVIDUAL`, an OFAC `sdnEntry`) is held as a small tree at a time, so a full list costs the
 * size of its parsed entries, not of its text or of a DOM. Namespaces are not resolved: element
 * names are taken without their prefix (OFAC's default namespace changes from one edition to the
 * next; the root's `xmlns` is handed over for the caller to check).
 */
import { SaxesParser } from "saxes";
import { ListFormatError, textChunksOf, type ListBytes } from "./list-input";

/** One element of a record: its attributes, its own text, its child elements. */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlNode[];
}

const NO_ROOT = "The file has no XML element: it is empty or not XML.";

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

export interface RecordHandlers {
  /** Element names read as records (anywhere below the root). */
  records: ReadonlySet<string>;
  /** The root element, before anything else: throw a ListFormatError to refuse the file. */
  onRoot: (name: string, attributes: Record<string, string>) => void;
  onRecord: (record: XmlNode) => void;
}

/** Read `input`, handing each record to `onRecord` as its end tag is read. */
export async function readXmlRecords(input: ListBytes, handlers: RecordHandlers): Promise<void> {
  const parser = new SaxesParser({ position: true });
  let depth = 0;
  let sawRoot = false;
  /** The open elements of the record being read (empty outside a record). */
  const open: XmlNode[] = [];
  parser.on("opentag", (tag) => {
    depth += 1;
    const name = localName(tag.name);
    const attributes = tag.attributes as Record<string, string>;
    if (!sawRoot) {
      sawRoot = true;
      handlers.onRoot(name, attributes);
      return;
    }
    if (open.length === 0 && !handlers.records.has(name)) return;
    const node: XmlNode = { name, attributes, text: "", children: [] };
    open.at(-1)?.children.push(node);
    open.push(node);
  });
  const addText = (text: string) => {
    const node = open.at(-1);
    if (node) node.text += text;
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", () => {
    depth -= 1;
    const node = open.pop();
    if (node && open.length === 0) handlers.onRecord(node);
  });
  let error: Error | null = null;
  parser.on("error", (cause) => {
    error ??= cause;
  });
  const fail = (cause: Error): never => {
    if (cause instanceof ListFormatError) throw cause;
    if (!sawRoot) throw new ListFormatError(NO_ROOT);
    throw new ListFormatError(`The XML could not be read: ${cause.message}`);
  };
  try {
    for await (const text of textChunksOf(input)) {
      parser.write(text);
      if (error) fail(error);
    }
    parser.close();
  } catch (cause) {
    fail(cause instanceof Error ? cause : new Error(String(cause)));
  }
  if (error) fail(error);
  if (!sawRoot) throw new ListFormatError(NO_ROOT);
  if (depth !== 0) throw new ListFormatError("The XML ends before its last element is closed.");
}

/** The first child element called `name`. */
export const child = (node: XmlNode, name: string): XmlNode | undefined =>
  node.children.find((each) => each.name === name);

/** Every child element called `name`. */
export const childrenNamed = (node: XmlNode, name: string): XmlNode[] =>
  node.children.filter((each) => each.name === name);

/** The text of the first child called `name` ("" when absent). */
export const textOf = (node: XmlNode | undefined, name: string): string =>
  (node && child(node, name)?.text) ?? "";
