/**
 * One schema, two engines (ADR 0046): the SQLite migrations (drizzle/) and the PostgreSQL ones
 * (drizzle/pg) make the same tables, columns (types mapped), nullability, defaults, keys, foreign
 * keys, indexes (their columns, uniqueness and partial conditions) and checks. A migration written
 * for one engine without its twin for the other fails here. PostgreSQL runs only
 * (`npm run test:pg`).
 */
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { SQLITE_ONLY_TABLES } from "./pg-ddl";
import { pgQuerySync } from "../../tests/setup/pg-sync";
import { createTestDb, SQLITE_TEMPLATE } from "../../tests/setup/db";

interface Column {
  type: string;
  notNull: boolean;
  default: string | null;
}
interface Catalog {
  columns: Record<string, Record<string, Column>>;
  primaryKeys: Record<string, string[]>;
  indexes: Record<string, { table: string; unique: boolean; columns: string[]; partial: boolean }>;
  foreignKeys: string[];
  checks: string[];
  triggers: string[];
}

const emptyCatalog = (): Catalog => ({
  columns: {},
  primaryKeys: {},
  indexes: {},
  foreignKeys: [],
  checks: [],
  triggers: [],
});

/** A default as both engines agree to write it: numbers bare, strings quoted, nothing else. */
function normalDefault(value: string | null): string | null {
  if (value === null) return null;
  const text = value.replace(/::[a-z ]+$/, "").replace(/^\((.*)\)$/, "$1");
  // SQLite keeps a boolean's default as written (`false`); PostgreSQL's smallint holds 0.
  return ({ false: "0", true: "1" } as Record<string, string>)[text] ?? text;
}

function sqliteCatalog(file: string): Catalog {
  const db = new Database(file, { readonly: true });
  try {
    const tables = (
      db
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'",
        )
        .all() as { name: string }[]
    )
      .map((t) => t.name)
      .filter((name) => !SQLITE_ONLY_TABLES.has(name));
    const catalog = emptyCatalog();
    for (const table of tables) {
      const info = db.prepare(`pragma table_info("${table}")`).all() as {
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }[];
      catalog.columns[table] = Object.fromEntries(
        info.map((c) => [
          c.name,
          {
            type: c.type.toLowerCase(),
            notNull: c.notnull === 1 || c.pk > 0,
            default: normalDefault(c.dflt_value),
          },
        ]),
      );
      catalog.primaryKeys[table] = info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name);
      const indexes = db.prepare(`pragma index_list("${table}")`).all() as {
        name: string;
        unique: number;
        origin: string;
        partial: number;
      }[];
      for (const index of indexes) {
        if (index.origin === "pk") continue;
        const columns = (
          db.prepare(`pragma index_info("${index.name}")`).all() as { name: string }[]
        ).map((c) => c.name);
        catalog.indexes[index.name] = {
          table,
          unique: index.unique === 1,
          columns,
          partial: index.partial === 1,
        };
      }
      const fks = db.prepare(`pragma foreign_key_list("${table}")`).all() as {
        table: string;
        from: string;
        to: string;
        on_delete: string;
      }[];
      for (const fk of fks)
        catalog.foreignKeys.push(
          `${table}.${fk.from} -> ${fk.table}.${fk.to} on delete ${fk.on_delete.toLowerCase()}`,
        );
      const ddl = (
        db.prepare("select sql from sqlite_master where name = ?").get(table) as { sql: string }
      ).sql;
      for (const match of ddl.matchAll(/CONSTRAINT\s+[`"]([^`"]+)[`"]\s+CHECK/gi))
        catalog.checks.push(`${table}.${match[1]}`);
    }
    catalog.triggers = (
      db.prepare("select name, tbl_name from sqlite_master where type = 'trigger'").all() as {
        tbl_name: string;
      }[]
    ).map((t) => t.tbl_name);
    return catalog;
  } finally {
    db.close();
  }
}

const SQLITE_TYPE: Record<string, string> = {
  bigint: "integer",
  smallint: "integer",
  text: "text",
  "double precision": "real",
  bytea: "blob",
};

function pgCatalog(url: string): Catalog {
  const rows = <T>(text: string) => pgQuerySync(url, text).rows as T[];
  const catalog = emptyCatalog();
  for (const c of rows<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    "select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema = 'public' and table_name not like '\\_\\_%' order by table_name, ordinal_position",
  )) {
    (catalog.columns[c.table_name] ??= {})[c.column_name] = {
      type: SQLITE_TYPE[c.data_type] ?? c.data_type,
      notNull: c.is_nullable === "NO",
      default: normalDefault(c.column_default),
    };
  }
  for (const k of rows<{ table: string; columns: string[] }>(
    `select c.conrelid::regclass::text as table, array(select a.attname from unnest(c.conkey) with ordinality k(n, i)
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i)::text[] as columns
     from pg_constraint c where c.contype = 'p' and c.connamespace = 'public'::regnamespace`,
  ))
    if (!k.table.startsWith("__")) catalog.primaryKeys[k.table.replace(/"/g, "")] = k.columns;
  for (const i of rows<{
    name: string;
    table: string;
    unique: number;
    columns: string[];
    partial: number;
  }>(
    `select ic.relname as name, t.relname as table, ix.indisunique as unique, ix.indpred is not null as partial,
       array(select a.attname from unnest(ix.indkey) with ordinality k(n, i)
         join pg_attribute a on a.attrelid = t.oid and a.attnum = k.n order by k.i)::text[] as columns
     from pg_index ix join pg_class ic on ic.oid = ix.indexrelid join pg_class t on t.oid = ix.indrelid
     join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = 'public' and not ix.indisprimary and t.relname not like '\\_\\_%'`,
  ))
    catalog.indexes[i.name] = {
      table: i.table,
      unique: i.unique === 1,
      columns: i.columns,
      partial: i.partial === 1,
    };
  for (const f of rows<{ fk: string }>(
    `select c.conrelid::regclass::text || '.' || a.attname || ' -> ' || c.confrelid::regclass::text || '.' || fa.attname
       || ' on delete ' || case c.confdeltype when 'c' then 'cascade' when 'n' then 'set null' else 'no action' end as fk
     from pg_constraint c
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
     where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  ))
    catalog.foreignKeys.push(f.fk.replace(/"/g, ""));
  for (const c of rows<{ check: string }>(
    `select c.conrelid::regclass::text || '.' || c.conname as check from pg_constraint c
     where c.contype = 'c' and c.connamespace = 'public'::regnamespace`,
  ))
    catalog.checks.push(c.check.replace(/"/g, ""));
  catalog.triggers = rows<{ table: string }>(
    `select distinct c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid
     where not g.tgisinternal and g.tgname like 'payments_daily_volume%'`,
  ).map((t) => t.table);
  return catalog;
}

describe("the schema on both engines", () => {
  const sqlite = sqliteCatalog(SQLITE_TEMPLATE);
  // A test database made from the PostgreSQL template (never the template itself: a connection to
  // it would stop other test files from copying it).
  const made = createTestDb();
  const pg = pgCatalog(made.file);
  afterAll(() => made.close());

  it("has the same tables and columns, of matching types, nullability and defaults", () => {
    expect(Object.keys(pg.columns).sort()).toEqual(Object.keys(sqlite.columns).sort());
    for (const table of Object.keys(sqlite.columns))
      expect({ table, columns: pg.columns[table] }).toEqual({
        table,
        columns: sqlite.columns[table],
      });
  });

  it("has the same primary keys, foreign keys and checks", () => {
    expect(pg.primaryKeys).toEqual(sqlite.primaryKeys);
    expect(pg.foreignKeys.sort()).toEqual(sqlite.foreignKeys.sort());
    expect(pg.checks.sort()).toEqual(sqlite.checks.sort());
  });

  it("has the same indexes: columns, uniqueness, partial or not", () => {
    expect(pg.indexes).toEqual(sqlite.indexes);
  });

  it("keeps the daily volumes by trigger on payments on both", () => {
    expect([...new Set(pg.triggers)]).toEqual([...new Set(sqlite.triggers)]);
  });
});
