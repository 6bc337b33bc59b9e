/**
 * A statement as a page shows it (pure, isomorphic): amounts as decimal strings of KES cents (a
 * loader's data crosses to the browser as JSON), the lines capped for the screen (the CSV has all).
 */
import type { StatementLine, StatementLineType, StatementTotals } from "./lines";
import { statementLineTypes } from "./lines";
import type { StatementRange } from "./range";

/** The most lines a page shows; past it, the page says the CSV has them all. */
export const STATEMENT_SCREEN_LINES = 500;

type Cents<T> = { [K in keyof T]: T[K] extends bigint ? string : T[K] };

export type StatementLineView = Cents<StatementLine>;
export type StatementTotalsView = Cents<StatementTotals>;

export interface StatementView {
  merchantId: string;
  range: StatementRange;
  startMs: number;
  endMs: number;
  opening: string;
  closing: string;
  /** Every line of the period. */
  lineCount: number;
  /** The first `STATEMENT_SCREEN_LINES` of them. */
  lines: StatementLineView[];
  totals: Record<StatementLineType, StatementTotalsView>;
}

const centsOf = <T extends object>(value: T): Cents<T> =>
  Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      typeof field === "bigint" ? field.toString() : field,
    ]),
  ) as Cents<T>;

export function statementView(
  statement: {
    merchantId: string;
    range: StatementRange;
    startMs: number;
    endMs: number;
    opening: bigint;
    closing: bigint;
    lines: readonly StatementLine[];
    /** Every line's count, when `lines` holds only the first ones (`statementOn`'s keepLines). */
    lineCount?: number;
    totals: Record<StatementLineType, StatementTotals>;
  },
  limit = STATEMENT_SCREEN_LINES,
): StatementView {
  return {
    merchantId: statement.merchantId,
    range: statement.range,
    startMs: statement.startMs,
    endMs: statement.endMs,
    opening: statement.opening.toString(),
    closing: statement.closing.toString(),
    lineCount: statement.lineCount ?? statement.lines.length,
    lines: statement.lines.slice(0, limit).map(centsOf),
    totals: Object.fromEntries(
      statementLineTypes.map((type) => [type, centsOf(statement.totals[type])]),
    ) as Record<StatementLineType, StatementTotalsView>,
  };
}
