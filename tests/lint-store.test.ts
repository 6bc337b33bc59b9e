/**
 * The store's lint rules (docs/decisions/0041-store.md), as `npm run lint` enforces them: outside
 * the store's SQLite adapter, app code awaits Drizzle builders inside store.read/store.write and
 * never calls the driver synchronously, prepares statements, opens transactions or takes getDb().
 * Every module is on the store: only the adapter (app/db/sqlite-*.server.ts), the place that opens
 * the process's store, the store's prepared queries (app/db/prepared.ts) and the simulators' own
 * database are exempt.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js") });
});

/** The store rule messages ESLint reports for `code` saved as `file` (a path in the repository). */
async function storeErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result, `ESLint linted ${file}`).toBeDefined();
  expect(
    result!.messages.filter((m) => m.fatal),
    `${file} parses`,
  ).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

const service = "app/core/payments/probe.server.ts";

describe("outside the store's adapter", () => {
  it.each([
    ["a synchronous .all()", "export const f = (q) => q.select().from(t).all();", ".all()/.run()"],
    ["a synchronous .get()", "export const f = (q) => q.select().from(t).get();", ".get()"],
    ["a synchronous .run()", "export const f = (q) => q.delete(t).run();", ".run()"],
    ["a synchronous .values()", "export const f = (q) => q.select().from(t).values();", "values()"],
    ["the driver", "export const f = (db) => db.$client;", "($client)"],
    ["a prepared statement", 'export const f = (c) => c.prepare("select 1");', "prepared"],
    ["a transaction of its own", "export const f = (db) => db.transaction(() => 1);", "Transact"],
    ["better-sqlite3", 'import Database from "better-sqlite3";\nexport { Database };', "adapter"],
    [
      "drizzle's better-sqlite3 driver",
      'import { drizzle } from "drizzle-orm/better-sqlite3";\nexport { drizzle };',
      "adapter",
    ],
    [
      "getDb()",
      'import { getDb } from "~/db/sqlite-connection.server";\nexport { getDb };',
      "getDb()",
    ],
  ])("%s is refused, pointing at the ADR", async (_what, code, reason) => {
    for (const file of [service, "app/routes/probe.tsx", "app/api/probe.server.ts"]) {
      const errors = await storeErrors(file, code);
      expect(errors, `${file}: ${code}`).toHaveLength(1);
      expect(errors[0]).toContain(reason);
      expect(errors[0]).toContain("0041-store");
    }
  });

  it("awaited builders, maps, promises and forms pass", async () => {
    const code = [
      "export async function f(store, t, m, form, url) {",
      "  const rows = await store.read((q) => q.select().from(t));",
      "  await store.write((q) => q.insert(t).values({ id: 1 }));",
      "  await Promise.all([m.get('a'), form.get('b'), url.searchParams.getAll('c')]);",
      "  return [...m.values(), ...new Set(rows).values(), ...Object.values(m)];",
      "}",
    ].join("\n");
    expect(await storeErrors(service, code)).toEqual([]);
  });

  it("the SQLite adapter and tests may use the driver", async () => {
    const code =
      'import Database from "better-sqlite3";\nexport const f = (db) => db.$client.prepare("select 1").get();';
    expect(await storeErrors("app/db/sqlite-store.server.ts", code)).toEqual([]);
    expect(await storeErrors("app/core/payments/probe.test.ts", code)).toEqual([]);
  });

  it("only the store's prepared queries prepare; core declares a hot query through them", async () => {
    const prepares = "export const f = (builder) => builder.prepare('name');";
    expect(await storeErrors("app/db/prepared.ts", prepares)).toEqual([]);
    expect(await storeErrors("app/db/probe.ts", prepares)).toHaveLength(1);
    const declares = [
      'import { prepared } from "~/db/prepared";',
      'const byId = prepared("probe.byId", (q) => q.select().from(t).where(eq(t.id, sql.placeholder("id"))));',
      "export const f = (store, id) => store.read((q) => byId(q).get({ id }));",
    ].join("\n");
    expect(await storeErrors(service, declares)).toEqual([]);
  });

  it("the simulators' own database (ADR 0045) may use the driver; the rest of the simulators may not", async () => {
    const code =
      'import Database from "better-sqlite3";\nexport const f = (c) => c.prepare("x").get();';
    expect(await storeErrors("app/simulators/store.server.ts", code)).toEqual([]);
    expect(await storeErrors("app/simulators/custody/probe.server.ts", code)).toHaveLength(3);
    expect(await storeErrors("app/wiring/simulators/probe.server.ts", code)).toHaveLength(3);
  });
});
