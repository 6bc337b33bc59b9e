/**
 * A statement as a CSV file (ADR 0034), pure. The same conventions as the payments export
 * (core/payments/export.ts, whose cell helpers it uses): UTF-8 with a byte-order mark, CRLF line
 * ends, times in Nairobi as ISO 8601 with the offset, KES as plain decimals with two places, and
 * text we did not write ourselves defused against spreadsheet formulas.
 *
 * The first row after the header is the opening balance, the last the closing balance; between
 * them every line of the period (the file has them all, whatever the page shows).
 */
import { kesDecimal, textCell } from "~/core/payments/export";
import { formatEatIso } from "~/utils/format";
import { statementLineLabels } from "./lines";
import type { StatementRange } from "./range";

export const statementCsvColumns = [
  "Date (EAT)",
  "Type",
  "Description",
  "Reference",
  "Gross KES",
  "Fee KES",
  "Excise duty KES",
  "Net KES",
  "Balance KES",
  "Ledger transaction",
] as const;

interface CsvStatement {
  merchantId: string;
  range: StatementRange;
  startMs: number;
  endMs: number;
  opening: bigint;
  closing: bigint;
  lines: readonly {
    transactionId: string;
    at: number;
    type: keyof typeof statementLineLabels;
    description: string;
    reference: string;
    gross: bigint;
    fee: bigint;
    excise: bigint;
    net: bigint;
    balance: bigint;
  }[];
}

const balanceRow = (at: number, label: string, balance: bigint) =>
  [formatEatIso(at), label, "", "", "", "", "", "", kesDecimal(balance), ""].join(",");

type CsvLine = CsvStatement["lines"][number];

const lineRow = (line: CsvLine) =>
  [
    formatEatIso(line.at),
    statementLineLabels[line.type],
    textCell(line.description),
    textCell(line.reference),
    kesDecimal(line.gross),
    kesDecimal(line.fee),
    kesDecimal(line.excise),
    kesDecimal(line.net),
    kesDecimal(line.balance),
    line.transactionId,
  ].join(",");

/** The file's start: byte-order mark, header, opening row. */
const head = (statement: Omit<CsvStatement, "lines">) =>
  `\uFEFF${statementCsvColumns.join(",")}\r\n${balanceRow(statement.startMs, "Opening balance", statement.opening)}\r\n`;

/** The file's end: the period ends at the next day's midnight, the closing balance as then. */
const tail = (statement: Omit<CsvStatement, "lines">) =>
  `${balanceRow(statement.endMs, "Closing balance", statement.closing)}\r\n`;

/** The whole file: byte-order mark, header, opening row, one row per line, closing row. */
export function statementCsv(statement: CsvStatement): string {
  return `${head(statement)}${statement.lines.map((line) => `${lineRow(line)}\r\n`).join("")}${tail(statement)}`;
}

/**
 * The same file as `statementCsv`, in pieces as its lines come (a page at a time): the start, one
 * piece per page of lines, the end.
 */
export async function* statementCsvChunks(
  statement: Omit<CsvStatement, "lines">,
  lines: AsyncIterable<readonly CsvLine[]>,
): AsyncGenerator<string, void, undefined> {
  yield head(statement);
  for await (const page of lines) yield page.map((line) => `${lineRow(line)}\r\n`).join("");
  yield tail(statement);
}

/** "onehop-statement-MRC-7K2Q9D-2026-11-01-to-2026-11-30.csv" */
export function statementCsvFilename(merchantId: string, range: StatementRange): string {
  return `onehop-statement-${merchantId}-${range.from}-to-${range.to}.csv`;
}
