/**
 * The simulators keep their state in their own SQLite file beside ours, not in our database
 * (ADR 0045): a provider's memory is not ours, so replacing our database (a restore, ADR 0042)
 * rewinds nothing at the "provider", and the records an older deployment kept in our database's
 * `simulator_records` are carried over once when the simulators' file is made.
 */
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { simulatorRecords } from "../../drizzle/schema";
import { createCustodyClient } from "~/core/providers/custody/client.server";
import { startReceiver } from "../../tests/support/custody";
import { createTestDb } from "../../tests/setup/db";
import { startCustodySimulator } from "./custody/index.server";
import {
  appDatabaseFile,
  createDbSimulatorStore,
  openSimulatorDatabase,
  simulatorDatabaseFile,
  type SimulatorDatabase,
} from "./store.server";

let cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** Remove a database file and its sidecars after the test. */
const removeAfter = (file: string) =>
  cleanup.push(() => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
  });

const openSims = (appFile: string): SimulatorDatabase => {
  const sims = openSimulatorDatabase(simulatorDatabaseFile(appFile), { carryOverFrom: appFile });
  cleanup.push(() => sims.close());
  return sims;
};

describe("the simulators' file", () => {
  it("sits beside the app database, in memory beside an in-memory one", () => {
    expect(simulatorDatabaseFile("data/onehop.sqlite")).toBe("data/onehop-simulators.sqlite");
    expect(simulatorDatabaseFile("file:data/onehop.sqlite")).toBe("data/onehop-simulators.sqlite");
    expect(simulatorDatabaseFile("/srv/onehop/db")).toBe("/srv/onehop/db-simulators");
    expect(simulatorDatabaseFile(":memory:")).toBe(":memory:");
    const sims = openSimulatorDatabase(":memory:");
    expect(sims.file).toBe(":memory:");
    sims.close();
  });

  it("keeps custody's addresses and transactions when our database is replaced by a fresh one", async () => {
    const app = createTestDb();
    const appFile = app.file;
    removeAfter(simulatorDatabaseFile(appFile));
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const now = () => Date.UTC(2026, 10, 29, 9, 0);
    const custodyOn = async (sims: SimulatorDatabase) => {
      const sim = await startCustodySimulator({
        store: createDbSimulatorStore(sims, "custody", now),
        webhookUrl: receiver.url,
        generateApiKeyPair: true,
        completeAt: { USDT: 2 },
        now,
      });
      cleanup.push(() => sim.close());
      return sim;
    };

    expect(appDatabaseFile(app.db)).toBe(appFile);
    const sims = openSims(appFile);
    const first = await custodyOn(sims);
    const client = createCustodyClient({
      baseUrl: first.baseUrl,
      apiKey: first.apiKeyPair!.apiKey,
      apiSecretPem: first.apiKeyPair!.privateKeyPem,
      timeoutMs: 5_000,
      now,
    });
    const address = await client.createDepositAddress({
      paymentId: "pay_state00001",
      asset: "USDT",
    });
    const sent = await first.sendPayment({ address: address.address, amount: "7.25" });
    await first.close();
    sims.close();

    // Our database is replaced (as a restore renames a copy into place): a fresh one, with no
    // simulator records in it.
    app.db.$client.close();
    const fresh = createTestDb();
    fresh.db.$client.close();
    renameSync(fresh.file, appFile);
    removeAfter(appFile);
    expect(app.db.$client.open).toBe(false);

    const again = openSims(appFile);
    expect(again.carriedOver).toBe(0);
    const second = await custodyOn(again);
    expect(second.apiKeyPair).toEqual(first.apiKeyPair);
    expect(second.depositAddresses().map((a) => a.address)).toContain(address.address);
    expect(second.transaction(sent.id)).toMatchObject({
      status: "CONFIRMING",
      amountInfo: { amount: "7.25" },
    });
  });
});

describe("carrying over the records an older deployment kept in our database", () => {
  it("copies them once, in the order written, and leaves our table as it was", () => {
    const app = createTestDb();
    cleanup.push(app.close);
    removeAfter(simulatorDatabaseFile(app.file));
    const legacy = (kind: string, id: string, body: object) =>
      app.db
        .insert(simulatorRecords)
        .values({ simulator: "custody", kind, id, body: JSON.stringify(body), updatedAt: 1 })
        .run();
    // Written out of key order: the paged reads walk the order written (rowid).
    legacy("tx", "b", { status: "COMPLETED" });
    legacy("tx", "a", { status: "CONFIRMING" });
    legacy("tx", "c", { status: "COMPLETED" });
    legacy("keys", "keys", { tenantId: "t1" });

    const sims = openSims(app.file);
    expect(existsSync(simulatorDatabaseFile(app.file))).toBe(true);
    expect(path.dirname(simulatorDatabaseFile(app.file))).toBe(path.dirname(app.file));
    expect(sims.carriedOver).toBe(4);
    const store = createDbSimulatorStore(sims, "custody");
    expect(store.paged!.page("tx", { limit: 10 }).map((r) => r.id)).toEqual(["b", "a", "c"]);
    expect(store.paged!.get("keys", "keys")).toBe('{"tenantId":"t1"}');
    // The expression indexes of migration 0024 answer the start-up query.
    expect(
      store.paged!.matching("tx", [{ path: "$.status", notIn: ["COMPLETED"] }]).map((r) => r.id),
    ).toEqual(["a"]);
    sims.close();

    // Our table is untouched; a later row there is not copied again (the file is no longer new).
    expect(app.db.select().from(simulatorRecords).all()).toHaveLength(4);
    legacy("tx", "d", { status: "COMPLETED" });
    const reopened = openSims(app.file);
    expect(reopened.carriedOver).toBe(0);
    expect(
      createDbSimulatorStore(reopened, "custody")
        .paged!.page("tx", { limit: 10 })
        .map((r) => r.id),
    ).toEqual(["b", "a", "c"]);
  });

  it("a file made before the createdAt index gets it when opened, and nothing is carried over again", () => {
    const app = createTestDb();
    cleanup.push(app.close);
    const file = simulatorDatabaseFile(app.file);
    removeAfter(file);
    app.db
      .insert(simulatorRecords)
      .values({ simulator: "custody", kind: "tx", id: "old", body: "{}", updatedAt: 1 })
      .run();
    // A version-1 file: made as today, then without the createdAt index and marked version 1.
    const made = openSimulatorDatabase(file);
    made.db.run(sql`drop index simulator_records_created_idx`);
    made.db.run(sql`pragma user_version = 1`);
    made.close();

    const sims = openSims(app.file);
    expect(sims.carriedOver).toBe(0);
    const store = createDbSimulatorStore(sims, "custody");
    store.save("tx", "t1", { id: "t1", createdAt: 5 });
    expect(store.paged!.sorted("tx", "$.createdAt", { limit: 10 }).map((r) => r.id)).toEqual([
      "t1",
    ]);
    expect(sims.db.get<{ user_version: number }>(sql`pragma user_version`)).toEqual({
      user_version: 2,
    });
    sims.close();
  });

  it("an app database without the table (or in memory) carries nothing over", () => {
    const sims = openSimulatorDatabase(":memory:", { carryOverFrom: ":memory:" });
    expect(sims.carriedOver).toBe(0);
    sims.close();
  });
});
