/** The store's kept statements: compiled once per SQL text, handed out as Drizzle expects. */
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { keepingStatements } from "./sqlite-statements.server";

const sqlite = new Database(":memory:");
sqlite.exec(
  "create table t (id integer primary key, name text); insert into t (name) values ('a'), ('b')",
);
afterAll(() => sqlite.close());

describe("kept statements", () => {
  it("prepare each SQL text once and hand the same statement out again", () => {
    const client = keepingStatements(sqlite);
    const first = client.prepare("select name from t order by id");
    expect(client.prepare("select name from t order by id")).toBe(first);
    expect(client.prepare("select id from t")).not.toBe(first);
  });

  it("hand a statement out with objects again after a caller read it as raw arrays", () => {
    const client = keepingStatements(sqlite);
    expect(client.prepare("select name from t where id = ?").raw().get(1)).toEqual(["a"]);
    expect(client.prepare("select name from t where id = ?").get(1)).toEqual({ name: "a" });
  });

  it("give a statement still being iterated to no one else: that use gets its own", () => {
    const client = keepingStatements(sqlite);
    const iterating = client.prepare("select name from t order by id");
    const rows = iterating.iterate();
    rows.next();
    const other = client.prepare("select name from t order by id");
    expect(other).not.toBe(iterating);
    expect(other.all()).toEqual([{ name: "a" }, { name: "b" }]);
    rows.return?.();
  });

  it("keep at most `size` statements, dropping the least recently used", () => {
    const client = keepingStatements(sqlite, 2);
    const a = client.prepare("select 1");
    const b = client.prepare("select 2");
    expect(client.prepare("select 1")).toBe(a); // now the most recent
    client.prepare("select 3"); // drops "select 2"
    expect(client.prepare("select 1")).toBe(a);
    expect(client.prepare("select 2")).not.toBe(b);
  });
});
