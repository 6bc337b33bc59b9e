/**
 * A bulk-payout file read (bulk payouts): the CSV a merchant uploads, one payout per line, checked
 * line by line with `checkPayoutRow`. Isomorphic and pure: the page checks a file before it is
 * sent, the server checks it again.
 *
 * What a spreadsheet saves is accepted: a UTF-8 byte-order mark, CRLF, LF or lone CR line ends,
 * comma, semicolon or tab between cells (whichever makes sense of the header), RFC 4180 quoting
 * (`""` for a quote, delimiters and line breaks inside quotes), blank lines and rows of empty
 * cells. A problem with the file as a whole (empty, too big, too many rows, a header we cannot
 * read, an unclosed quote) makes the whole parse fail with one message; a problem with a line is
 * that line's error, and the other lines stand.
 */
import { heavySlice } from "~/utils/yield";
import { checkPayoutRow, duplicateKey, type RawPayoutRow, type RowCheck } from "./row-check";

export const PAYOUT_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const PAYOUT_CSV_MAX_ROWS = 10_000;

export const payoutCsvColumns = [
  "recipient",
  "rail",
  "amount",
  "reference",
  "name",
  "bank_code",
  "account",
] as const;

export interface ParsedPayoutLine {
  /** 1-based file line of the row; header is line 1 */
  line: number;
  raw: RawPayoutRow;
  check: RowCheck;
  /** earlier valid line with the same duplicateKey */
  duplicateOfLine: number | null;
}

export type PayoutCsvParse =
  | { ok: true; rows: ParsedPayoutLine[]; delimiter: "," | ";" | "\t" }
  | { ok: false; error: string };

type Column = (typeof payoutCsvColumns)[number];
type Delimiter = "," | ";" | "\t";

const delimiters: readonly Delimiter[] = [",", ";", "\t"];
const delimiterNames: Record<Delimiter, string> = {
  ",": "a comma",
  ";": "a semicolon",
  "\t": "a tab",
};

/** Header names we understand, after `headerKey`. */
const headerAliases: Record<string, Column> = {
  recipient: "recipient",
  phone: "recipient",
  msisdn: "recipient",
  account_number: "recipient",
  // The account number at a Paybill (M-Pesa B2B, ADR 0035 "B2B"); the recipient is the Paybill.
  account: "account",
  account_reference: "account",
  account_ref: "account",
  paybill_account: "account",
  bill_reference: "account",
  rail: "rail",
  amount: "amount",
  amount_kes: "amount",
  kes: "amount",
  reference: "reference",
  ref: "reference",
  name: "name",
  recipient_name: "name",
  account_name: "name",
  bank_code: "bank_code",
  bank: "bank_code",
};

const fieldOf: Record<Column, keyof RawPayoutRow> = {
  recipient: "recipient",
  rail: "rail",
  amount: "amount",
  reference: "reference",
  name: "name",
  bank_code: "bankCode",
  account: "account",
};

const columnList = payoutCsvColumns.join(", ");
const expectedColumns = `The columns are ${columnList} (recipient and amount are required).`;

/** "Bank Code", "bank-code", " BANK_CODE " -> "bank_code"; "Amount (KES)" -> "amount_kes". */
const headerKey = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");

/** UTF-8 bytes of a string, counted without encoding it. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

interface CsvRecord {
  line: number;
  cells: string[];
}

type Tokens = { ok: true; records: CsvRecord[] } | { ok: false; openQuoteLine: number };

const QUOTE = 34;
const LF = 10;
const CR = 13;
const SPACE = 32;

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/**
 * The records of `text` (RFC 4180, lenient): blank records skipped, line breaks inside quotes
 * kept as "\n". `firstOnly` stops after the first record that is not blank (the header).
 */
function tokenize(text: string, delimiter: Delimiter, firstOnly = false): Tokens {
  const records: CsvRecord[] = [];
  const d = delimiter.charCodeAt(0);
  const n = text.length;
  let line = 1;
  let i = 0;
  while (i < n) {
    const record: CsvRecord = { line, cells: [] };
    for (;;) {
      let value = "";
      let j = i;
      while (j < n && text.charCodeAt(j) === SPACE) j++;
      if (j < n && text.charCodeAt(j) === QUOTE) {
        const quoteLine = line;
        i = j + 1;
        for (;;) {
          const close = text.indexOf('"', i);
          if (close === -1) return { ok: false, openQuoteLine: quoteLine };
          value += text.slice(i, close);
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += '"';
            i = close + 2;
          } else {
            i = close + 1;
            break;
          }
        }
        if (value.includes("\r") || value.includes("\n")) {
          value = value.replace(/\r\n?/g, "\n");
          for (let k = value.indexOf("\n"); k !== -1; k = value.indexOf("\n", k + 1)) line++;
        }
      }
      // An unquoted cell, or what follows a closing quote up to the delimiter (kept as it is).
      const start = i;
      let code = 0;
      while (i < n) {
        code = text.charCodeAt(i);
        if (code === d || code === LF || code === CR) break;
        i++;
      }
      value += text.slice(start, i);
      record.cells.push(value);
      if (i >= n) break;
      if (code === d) {
        i++;
        if (i >= n) {
          record.cells.push("");
          break;
        }
        continue;
      }
      i += code === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      break;
    }
    if (!isBlank(record.cells)) {
      records.push(record);
      if (firstOnly) break;
    }
  }
  return { ok: true, records };
}

type Header = { ok: true; columns: (Column | null)[] } | { ok: false; error: string };

/** The header's columns, in order (null: an empty name past the last named column). */
function readHeader(cells: readonly string[], line: number): Header {
  let width = cells.length;
  while (width > 0 && cells[width - 1]!.trim() === "") width--;
  const columns: (Column | null)[] = [];
  const seen = new Map<Column, string>();
  for (let index = 0; index < width; index++) {
    const cell = cells[index]!.trim();
    if (!cell) {
      return {
        ok: false,
        error: `Column ${index + 1} of the header (line ${line}) has no name: name it or delete the column. ${expectedColumns}`,
      };
    }
    const column = headerAliases[headerKey(cell)];
    if (!column) {
      return {
        ok: false,
        error: `The header column "${cell.slice(0, 40)}" is not understood: rename or delete it. ${expectedColumns}`,
      };
    }
    const earlier = seen.get(column);
    if (earlier !== undefined) {
      return {
        ok: false,
        error: `The header has "${earlier}" and "${cell.slice(0, 40)}", which both mean ${column}: keep one of them.`,
      };
    }
    seen.set(column, cell);
    columns.push(column);
  }
  const missing = (["recipient", "amount"] as const).filter((column) => !seen.has(column));
  if (missing.length > 0) {
    return {
      ok: false,
      error: `The header has no ${missing.join(" or ")} column. ${expectedColumns}`,
    };
  }
  return { ok: true, columns };
}

const unclosedQuote = (line: number) =>
  ({
    ok: false,
    error: `Line ${line} opens a quote (") that is never closed: close it, or remove it.`,
  }) as const;

/** Parse and check a bulk-payout file (the text of the upload, decoded as UTF-8). */
/** A file read up to its lines (header understood, size and row count checked), not yet checked. */
type ReadPayoutCsv =
  | { ok: false; error: string }
  | {
      ok: true;
      delimiter: Delimiter;
      columns: (Column | null)[];
      records: CsvRecord[];
    };

function readPayoutCsv(text: string): ReadPayoutCsv {
  const bytes = utf8Length(text);
  if (bytes > PAYOUT_CSV_MAX_BYTES) {
    return {
      ok: false,
      error: `The file is ${(bytes / (1024 * 1024)).toFixed(1)} MB; a payout file can be at most 2 MB. Split the file and upload each part.`,
    };
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === "") {
    return {
      ok: false,
      error: `The file is empty. Its first line must be the header: ${columnList}.`,
    };
  }
  if (body.includes("\u0000")) {
    return {
      ok: false,
      error:
        'The file is not saved as UTF-8 text (it looks like UTF-16, "Unicode Text"): save it as "CSV UTF-8" and upload it again.',
    };
  }

  // The delimiter that makes the most of the header (a quote left open under every one: an error).
  let best: { delimiter: Delimiter; line: number; cells: string[]; known: number } | null = null;
  let openQuoteLine: number | null = null;
  for (const delimiter of delimiters) {
    const first = tokenize(body, delimiter, true);
    if (!first.ok) {
      openQuoteLine ??= first.openQuoteLine;
      continue;
    }
    const record = first.records[0];
    if (!record) continue;
    const known = new Set(record.cells.map((cell) => headerAliases[headerKey(cell)]));
    known.delete(undefined);
    if (!best || known.size > best.known) best = { delimiter, ...record, known: known.size };
  }
  if (!best && openQuoteLine !== null) return unclosedQuote(openQuoteLine);
  if (!best || best.known === 0) {
    return {
      ok: false,
      error: `The first line must be the header, naming the columns: ${columnList} (recipient and amount are required).`,
    };
  }
  const { delimiter } = best;
  const header = readHeader(best.cells, best.line);
  if (!header.ok) return header;

  const tokens = tokenize(body, delimiter);
  if (!tokens.ok) return unclosedQuote(tokens.openQuoteLine);
  const dataRecords = tokens.records.slice(1);
  if (dataRecords.length > PAYOUT_CSV_MAX_ROWS) {
    return {
      ok: false,
      error: `The file has ${dataRecords.length.toLocaleString("en-US")} payouts; a file can have at most ${PAYOUT_CSV_MAX_ROWS.toLocaleString("en-US")}. Split the file and upload each part.`,
    };
  }

  return { ok: true, delimiter, columns: header.columns, records: dataRecords };
}

/** One line of a file: its raw cells, its check, and an earlier line it duplicates. */
function checkLine(
  file: Extract<ReadPayoutCsv, { ok: true }>,
  { line, cells }: CsvRecord,
  firstOfKey: Map<string, number>,
): ParsedPayoutLine {
  const { columns, delimiter } = file;
  const width = columns.length;
  const raw: RawPayoutRow = {
    recipient: "",
    rail: "",
    amount: "",
    reference: "",
    name: "",
    bankCode: "",
    account: "",
  };
  for (let index = 0; index < width; index++) {
    const column = columns[index];
    if (column) raw[fieldOf[column]] = cells[index] ?? "";
  }
  if (cells.length > width && !isBlank(cells.slice(width))) {
    const where = delimiter === "\t" ? "" : ` (such as an amount written 1${delimiter}500)`;
    return {
      line,
      raw,
      check: {
        ok: false,
        errors: [
          {
            field: "recipient",
            message: `This line has ${cells.length} cells but the header has ${width} columns: a value containing ${delimiterNames[delimiter]}${where} must be in double quotes, or written without it.`,
          },
        ],
      },
      duplicateOfLine: null,
    };
  }
  const check = checkPayoutRow(raw);
  let duplicateOfLine: number | null = null;
  if (check.ok) {
    const key = duplicateKey(check.row);
    const earlier = firstOfKey.get(key);
    if (earlier === undefined) firstOfKey.set(key, line);
    else duplicateOfLine = earlier;
  }
  return { line, raw, check, duplicateOfLine };
}

/** A payout file, every row checked (at once: for small files and tests). */
export function parsePayoutCsv(text: string): PayoutCsvParse {
  const file = readPayoutCsv(text);
  if (!file.ok) return file;
  const firstOfKey = new Map<string, number>();
  const rows = file.records.map((record) => checkLine(file, record, firstOfKey));
  return { ok: true, rows, delimiter: file.delimiter };
}

/** Rows checked between two turns of the event loop (a few milliseconds of work). */
export const CHECK_SLICE_ROWS = 500;

/**
 * The same, for the upload paths: the rows are checked a slice at a time, giving the event loop a
 * turn between slices, so a 10,000-row file never holds other requests (a checkout) for long.
 */
export async function parsePayoutCsvInSlices(text: string): Promise<PayoutCsvParse> {
  const file = readPayoutCsv(text);
  if (!file.ok) return file;
  const firstOfKey = new Map<string, number>();
  const rows: ParsedPayoutLine[] = [];
  for (let start = 0; start < file.records.length; start += CHECK_SLICE_ROWS)
    await heavySlice(() => {
      for (const record of file.records.slice(start, start + CHECK_SLICE_ROWS))
        rows.push(checkLine(file, record, firstOfKey));
    });
  return { ok: true, rows, delimiter: file.delimiter };
}

/** A file to start from: the header and five example payouts, CRLF line ends (for Excel). */
export function payoutCsvTemplate(): string {
  const lines = [
    payoutCsvColumns.join(","),
    "0712345678,mpesa,1500,Invoice 1042,Wanjiku Kamau,,",
    "0733123456,airtel-money,2500,Refund 77,Otieno Odhiambo,,",
    "1450160649886,bank,125000,Supplier May,Acme Supplies Ltd,68,",
    "247247,paybill,8000,Rent June,,,123456",
    "123456,till,950,Office supplies,,,",
  ];
  return `${lines.join("\r\n")}\r\n`;
}
