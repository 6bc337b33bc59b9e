/**
 * The handlers an engine works with (ADR 0043), by purpose, and what follows from them for queries:
 * a transfer's mode as SQL, the condition "of these modes", the purposes handled. A transfer of a
 * purpose without a handler is never sent or changed by that engine.
 */
import { and, inArray, type SQL, sql } from "drizzle-orm";
import { settlementTransfers } from "../../../drizzle/schema";
import type { LedgerBook } from "~/core/ledger/ledger.server";
import type { Handle } from "~/db/store";
import type { Transfer, TransferHandler, TransferPurpose } from "./handler.server";

export interface TransferPurposes {
  /** The handler of a purpose, or undefined when this engine does not handle it. */
  of(purpose: TransferPurpose): TransferHandler | undefined;
  /** The purposes handled, in the order given. */
  purposes: readonly TransferPurpose[];
  /** The book of a transfer (live when its purpose is not handled here). */
  book(q: Handle, transfer: Transfer): Promise<LedgerBook>;
  /**
   * A transfer's mode as SQL: its payment's, its batch's or its refund's (each handler's), live
   * without any.
   */
  mode: SQL;
  /** Transfers of these modes only (undefined, so no condition, for every mode: ADR 0028). */
  inModes(modes: readonly LedgerBook[] | undefined): SQL | undefined;
  /** Transfers of a purpose handled here (and of `only`, when given). */
  handled(only?: TransferPurpose | readonly TransferPurpose[]): SQL;
  /** Transfers the rail has a status to ask about (no handler says otherwise). */
  queryable: SQL | undefined;
}

export function transferPurposes(handlers: readonly TransferHandler[]): TransferPurposes {
  const byPurpose = new Map<TransferPurpose, TransferHandler>();
  for (const handler of handlers) {
    if (byPurpose.has(handler.purpose))
      throw new Error(`two transfer handlers for purpose ${handler.purpose}`);
    byPurpose.set(handler.purpose, handler);
  }
  const purposes = handlers.map((handler) => handler.purpose);
  const modeParts = handlers.flatMap((handler) => (handler.modeSql ? [handler.modeSql] : []));
  const mode = sql`coalesce(${sql.join([...modeParts, sql`'live'`], sql`, `)})`;
  const unqueryable = handlers.flatMap((handler) =>
    handler.unqueryable ? [sql`not ${handler.unqueryable}`] : [],
  );
  return {
    of: (purpose) => byPurpose.get(purpose),
    purposes,
    book: async (q, transfer) => {
      const handler = byPurpose.get(transfer.purpose);
      return handler ? handler.book(q, transfer) : "live";
    },
    mode,
    inModes: (modes) => (modes ? inArray(mode, [...modes]) : undefined),
    handled: (only) => {
      const wanted =
        only === undefined
          ? purposes
          : (typeof only === "string" ? [only] : [...only]).filter((p) => byPurpose.has(p));
      return inArray(settlementTransfers.purpose, [...wanted]);
    },
    queryable: unqueryable.length > 0 ? and(...unqueryable) : undefined,
  };
}
