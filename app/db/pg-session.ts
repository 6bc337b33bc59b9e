/**
 * Drizzle's async SQLite session, run on node-postgres (ADR 0046; modelled on drizzle-orm's
 * sqlite-proxy session). The store keeps one handle on this session; each query finds the client of
 * the transaction it runs in through `clientOf`, which the store answers from its scope.
 *
 * Rows come back as arrays when Drizzle maps selected fields by position, as objects for a raw
 * `sql` read. A query prepared once (app/db/prepared.ts) runs as a named server-side statement on
 * each connection, its name given by its text.
 */
import * as drizzle from "drizzle-orm";
import {
  fillPlaceholders,
  NoopLogger,
  type Query,
  type RelationalSchemaConfig,
  type TablesRelationalConfig,
} from "drizzle-orm";
import {
  SQLitePreparedQuery,
  SQLiteSession,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
  type SQLiteExecuteMethod,
  type SQLiteTransaction,
} from "drizzle-orm/sqlite-core";
import type { Socket } from "node:net";
import type pg from "pg";
import type { PgFlavouredDialect } from "./pg-dialect";
import type { WriteResult } from "./store";

/** Drizzle's own row mapper (exported at run time, marked internal in its types). */
const mapResultRow = (
  drizzle as unknown as {
    mapResultRow: (fields: SelectedFieldsOrdered, row: unknown[], nullable: unknown) => unknown;
  }
).mapResultRow;

/** Members of Drizzle's prepared query that its types mark internal. */
interface Internals {
  joinsNotNullableMap: unknown;
}

export type ClientOf = () => pg.PoolClient;

/**
 * Hold the connection's writes until this turn of the event loop has issued its queries, then send
 * them at once: node-postgres writes every protocol message (parse, bind, execute, sync…) on its
 * own, a system call each, which cost a fifth of the server's time under load. Queries started
 * together (pipelined, ADR 0048) go out in one write.
 */
export function sendTogether(client: pg.ClientBase): void {
  const stream = (client as unknown as { connection?: { stream?: Socket } }).connection?.stream;
  if (!stream || stream.writableCorked > 0) return;
  stream.cork();
  process.nextTick(() => stream.uncork());
}

type Mapper = (rows: unknown[][], mapColumnValue?: (value: unknown) => unknown) => unknown;

/** Statement names by text: PostgreSQL wants one text per name on a connection. */
class StatementNames {
  private readonly names = new Map<string, string>();
  of(text: string): string {
    let name = this.names.get(text);
    if (!name) {
      name = `onehop_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}

type Config = PreparedQueryConfig & { type: "async" };

class PgPreparedQuery extends SQLitePreparedQuery<Config> {
  constructor(
    private readonly clientOf: ClientOf,
    query: Query,
    private readonly name: string | undefined,
    private readonly fields: SelectedFieldsOrdered | undefined,
    executeMethod: SQLiteExecuteMethod,
    private readonly customResultMapper: Mapper | undefined,
  ) {
    super("async", executeMethod, query);
  }

  /** Run on the transaction's client; a failure is the driver's own error, as on SQLite. */
  private async execOn(values: Record<string, unknown> | undefined, arrays: boolean) {
    const params = fillPlaceholders(this.query.params, values ?? {});
    const client = this.clientOf();
    sendTogether(client);
    return client.query({
      text: this.query.sql,
      values: params,
      ...(this.name ? { name: this.name } : {}),
      ...(arrays ? { rowMode: "array" as const } : {}),
    });
  }

  private get nullable(): unknown {
    return (this as unknown as Internals).joinsNotNullableMap;
  }

  private get arrays(): boolean {
    return this.fields !== undefined || this.customResultMapper !== undefined;
  }

  async run(values?: Record<string, unknown>): Promise<WriteResult> {
    const result = await this.execOn(values, false);
    return { changes: result.rowCount ?? 0 };
  }

  async all(values?: Record<string, unknown>): Promise<unknown[]> {
    const { rows } = await this.execOn(values, this.arrays);
    return this.mapAllResult(rows);
  }

  override mapAllResult(rows: unknown): unknown[] {
    const list = rows as unknown[][];
    if (this.customResultMapper) return this.customResultMapper(list) as unknown[];
    if (!this.fields) return list;
    return list.map((row) => mapResultRow(this.fields!, row, this.nullable));
  }

  async get(values?: Record<string, unknown>): Promise<unknown> {
    const { rows } = await this.execOn(values, this.arrays);
    const row = rows[0] as unknown[] | undefined;
    if (row === undefined) return undefined;
    if (this.customResultMapper) return this.customResultMapper([row]);
    if (!this.fields) return row;
    return mapResultRow(this.fields, row, this.nullable);
  }

  async values(values?: Record<string, unknown>): Promise<unknown[]> {
    const { rows } = await this.execOn(values, true);
    return rows;
  }
}

export class PgSession extends SQLiteSession<
  "async",
  WriteResult,
  Record<string, unknown>,
  TablesRelationalConfig
> {
  private readonly names = new StatementNames();
  readonly logger = new NoopLogger();

  constructor(
    dialect: PgFlavouredDialect,
    private readonly clientOf: ClientOf,
  ) {
    super(dialect);
  }

  /** A query built once (app/db/prepared.ts): a named server-side statement on each connection. */
  prepareQuery(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    executeMethod: SQLiteExecuteMethod,
    _isResponseInArrayMode: boolean,
    customResultMapper?: Mapper,
  ): PgPreparedQuery {
    const name = this.names.of(query.sql);
    return new PgPreparedQuery(
      this.clientOf,
      query,
      name,
      fields,
      executeMethod,
      customResultMapper,
    );
  }

  /** A query run once: unnamed (PostgreSQL plans it for its values). */
  override prepareOneTimeQuery(
    ...[query, fields, executeMethod, , customResultMapper]: Parameters<PgSession["prepareQuery"]>
  ): PgPreparedQuery {
    return new PgPreparedQuery(
      this.clientOf,
      query,
      undefined,
      fields,
      executeMethod,
      customResultMapper,
    );
  }

  transaction<T>(
    _transaction: (
      tx: SQLiteTransaction<"async", WriteResult, Record<string, unknown>, TablesRelationalConfig>,
    ) => Promise<T>,
  ): Promise<T> {
    return Promise.reject(new Error("The store owns transactions: use store.write"));
  }
}

export type { RelationalSchemaConfig };
