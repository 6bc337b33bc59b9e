/**
 * Importing a list into a snapshot (ADR 0054): active, superseded, rejected (unreadable, empty,
 * suspiciously small), the same file again, two imports at once, the diff; on SQLite and (with
 * `npm run test:pg`) PostgreSQL.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  sanctionsAddresses,
  sanctionsEntries,
  sanctionsNames,
  sanctionsSnapshots,
} from "../../../../drizzle/schema";
import type { Store } from "~/db/store";
import { installTestDatabase, testStore } from "../../../../tests/setup/db";
import { importSanctionsList, type ImportRequest } from "./import.server";
import { activeSnapshotIds, countSnapshots, listSnapshots } from "./snapshots.server";

const test = installTestDatabase();
const { db } = test;
afterAll(test.close);
let store: Store;

const FIXTURES = path.resolve("tests/fixtures/compliance");
const text = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");
const UN = text("un/consolidated-list-sample.xml");
const bytes = (value: string) => new TextEncoder().encode(value);
const un = (xml = UN, name = "consolidated.xml"): ImportRequest => ({
  source: "un",
  files: [{ name, bytes: bytes(xml) }],
  trigger: "upload",
  origin: name,
});
const ofacCsv = (): ImportRequest => ({
  source: "ofac",
  files: ["sdn.csv", "alt.csv", "sdn_comments.csv"].map((name) => ({
    name,
    bytes: new Uint8Array(readFileSync(path.join(FIXTURES, "ofac", name))),
  })),
  trigger: "scheduled",
  origin: "https://www.treasury.gov/ofac/downloads/",
});

/** The UN sample without one record (by reference number). */
function without(xml: string, uid: string): string {
  const at = xml.indexOf(`<REFERENCE_NUMBER>${uid}</REFERENCE_NUMBER>`);
  const tag =
    xml.lastIndexOf("<INDIVIDUAL>", at) > xml.lastIndexOf("<ENTITY>", at) ? "INDIVIDUAL" : "ENTITY";
  const start = xml.lastIndexOf(`<${tag}>`, at);
  const end = xml.indexOf(`</${tag}>`, at) + `</${tag}>`.length;
  return xml.slice(0, start) + xml.slice(end);
}

/** The UN sample with one more individual (a copy of CDi.001 under a new reference number). */
function withExtra(xml: string, uid: string, name: string): string {
  const start = xml.indexOf("<INDIVIDUAL>");
  const record = xml
    .slice(start, xml.indexOf("</INDIVIDUAL>", start) + "</INDIVIDUAL>".length)
    .replace("CDi.001", uid)
    .replace("<FIRST_NAME>ERIC</FIRST_NAME>", `<FIRST_NAME>${name}</FIRST_NAME>`);
  return xml.replace("</INDIVIDUALS>", `${record}\n</INDIVIDUALS>`);
}

beforeEach(async () => {
  store = testStore(db);
  await store.write(async (q) => {
    await q.delete(sanctionsAddresses);
    await q.delete(sanctionsNames);
    await q.delete(sanctionsEntries);
    await q.delete(sanctionsSnapshots);
  });
});

describe("importing a sanctions list", () => {
  it("stores the first import as the active snapshot with its entries, names and counts", async () => {
    const changed: string[] = [];
    const result = await importSanctionsList(store, {
      ...un(),
      operatorId: null,
      now: () => 1_790_000_000_000,
      onListChanged: (id) => {
        changed.push(id);
      },
    });
    expect(result.outcome).toBe("imported");
    const { snapshot } = result;
    expect(snapshot).toMatchObject({
      source: "un",
      status: "active",
      trigger: "upload",
      origin: "consolidated.xml",
      publishedAt: Date.parse("2026-02-27T00:00:09.554Z"),
      byteSize: bytes(UN).byteLength,
      entryCount: 9,
      addressCount: 0,
      createdAt: 1_790_000_000_000,
    });
    expect(snapshot.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(snapshot.id).toMatch(/^sls_[0-9a-z]{12}$/);
    expect(changed).toEqual([snapshot.id]);
    const names = db
      .select()
      .from(sanctionsNames)
      .where(eq(sanctionsNames.snapshotId, snapshot.id))
      .all();
    expect(names).toHaveLength(snapshot.nameCount);
    expect(names.map((n) => n.name)).toContain("عابد حامد محمود التكريتي");
    expect(result.outcome === "imported" && result.diff.counts).toEqual({
      added: 9,
      removed: 0,
      changed: 0,
      unchanged: 0,
    });
    expect(await activeSnapshotIds(store)).toEqual({ un: snapshot.id, ofac: null });
    const entries = db
      .select()
      .from(sanctionsEntries)
      .where(eq(sanctionsEntries.snapshotId, snapshot.id))
      .all();
    expect(new Set(entries.map((e) => e.fingerprint)).size).toBe(9);
    expect(entries.find((e) => e.uid === "QDe.004")).toMatchObject({
      kind: "entity",
      programs: "Al-Qaida",
    });
  });

  it("stores OFAC's addresses with EVM ones lowercased for comparison", async () => {
    const result = await importSanctionsList(store, ofacCsv());
    expect(result.outcome).toBe("imported");
    expect(result.snapshot).toMatchObject({
      entryCount: 17,
      trigger: "scheduled",
      importedBy: null,
    });
    const suex = db
      .select()
      .from(sanctionsAddresses)
      .innerJoin(sanctionsEntries, eq(sanctionsEntries.id, sanctionsAddresses.entryId))
      .where(
        and(
          eq(sanctionsAddresses.snapshotId, result.snapshot.id),
          eq(sanctionsEntries.uid, "33151"),
        ),
      )
      .all()
      .map((row) => row.sanctions_addresses);
    expect(suex.filter((a) => a.currency === "USDT")).toHaveLength(7);
    expect(suex).toContainEqual(
      expect.objectContaining({
        currency: "ETH",
        address: "0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535",
        normalized: "0x2f389ce8bd8ff92de3402ffce4691d17fc4f6535",
      }),
    );
    expect(result.snapshot.addressCount).toBe(db.select().from(sanctionsAddresses).all().length);
  });

  it("supersedes the active snapshot with a new one and stores the diff: added, removed, changed", async () => {
    const first = await importSanctionsList(store, un());
    const next = withExtra(
      without(UN, "HTe.001").replace(
        "<FIRST_NAME>ABID</FIRST_NAME>",
        "<FIRST_NAME>ABED</FIRST_NAME>",
      ),
      "XXi.900",
      "NEWLY LISTED",
    );
    const second = await importSanctionsList(store, un(next));
    expect(second.outcome).toBe("imported");
    if (second.outcome !== "imported") return;
    expect(second.diff).toEqual({
      previousId: first.snapshot.id,
      counts: { added: 1, removed: 1, changed: 1, unchanged: 7 },
      added: [{ uid: "XXi.900", name: "NEWLY LISTED BADEGE" }],
      removed: [{ uid: "HTe.001", name: "GRAN GRIF" }],
      changed: [{ uid: "IQi.004", name: "ABED HAMID MAHMUD AL-TIKRITI" }],
    });
    expect(second.snapshot.diff).toEqual(second.diff);
    const stored = db.select().from(sanctionsSnapshots).all();
    expect(stored.map((s) => [s.id, s.status]).sort()).toEqual(
      [
        [first.snapshot.id, "superseded"],
        [second.snapshot.id, "active"],
      ].sort(),
    );
  });

  it("records nothing new for the same file again, and says so", async () => {
    const first = await importSanctionsList(store, un());
    const changed: string[] = [];
    const again = await importSanctionsList(store, {
      ...un(),
      operatorId: "op_test",
      onListChanged: (id) => {
        changed.push(id);
      },
    });
    expect(again).toMatchObject({ outcome: "unchanged", snapshot: { id: first.snapshot.id } });
    expect(changed).toEqual([]);
    expect(await countSnapshots(store, "un")).toEqual({ active: 1, superseded: 0, rejected: 0 });
    const audit = db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "sanctions.import.unchanged"))
      .all();
    expect(audit.at(-1)).toMatchObject({ actorType: "operator", actorId: "op_test" });
  });

  it("rejects a list under 90% of the active one and keeps the active one in use", async () => {
    const first = await importSanctionsList(store, un());
    const small = without(UN, "HTe.001"); // 8 of 9 entries: under 90%
    const result = await importSanctionsList(store, { ...un(small), trigger: "scheduled" });
    expect(result.outcome).toBe("rejected");
    if (result.outcome !== "rejected") return;
    expect(result.reason).toBe(
      "The list has 8 entries, fewer than 90% of the 9 in the active snapshot: it may be cut short, so the active snapshot stays in use.",
    );
    expect(result.snapshot).toMatchObject({ status: "rejected", entryCount: 8 });
    expect((await activeSnapshotIds(store)).un).toBe(first.snapshot.id);
    expect(
      db
        .select()
        .from(sanctionsEntries)
        .where(eq(sanctionsEntries.snapshotId, result.snapshot.id))
        .all(),
    ).toEqual([]);
  });

  it("rejects an unreadable file and an empty list with the reason, never replacing the active one", async () => {
    const first = await importSanctionsList(store, un());
    const cut = await importSanctionsList(store, un(UN.slice(0, 4000), "cut.xml"));
    expect(cut).toMatchObject({
      outcome: "rejected",
      snapshot: { status: "rejected", entryCount: 0 },
    });
    expect(cut.outcome === "rejected" && cut.reason).toMatch(/^The XML could not be read/);
    const empty = await importSanctionsList(
      store,
      un(
        '<?xml version="1.0"?><CONSOLIDATED_LIST dateGenerated="2026-03-01T00:00:00Z"><INDIVIDUALS/><ENTITIES/></CONSOLIDATED_LIST>',
      ),
    );
    expect(empty).toMatchObject({ outcome: "rejected", reason: "The list has no entries." });
    const wrong = await importSanctionsList(store, { ...ofacCsv(), source: "un" });
    expect(wrong).toMatchObject({
      outcome: "rejected",
      reason: expect.stringMatching(/one XML file/),
    });
    expect((await activeSnapshotIds(store)).un).toBe(first.snapshot.id);
    expect(await countSnapshots(store, "un")).toEqual({ active: 1, superseded: 0, rejected: 3 });
    const listed = await listSnapshots(store, ["un"]);
    expect(listed[0]!.active?.id).toBe(first.snapshot.id);
    expect(listed[0]!.recent.map((s) => s.status)).toEqual([
      "rejected",
      "rejected",
      "rejected",
      "active",
    ]);
  });

  it("rejects an empty first import too: there is nothing to compare with, and nothing active", async () => {
    const result = await importSanctionsList(store, un(""));
    expect(result).toMatchObject({ outcome: "rejected", reason: "The file is empty." });
    expect(await activeSnapshotIds(store)).toEqual({ un: null, ofac: null });
  });

  it("never leaves two active snapshots when two imports of one source run at once", async () => {
    const other = withExtra(UN, "XXi.901", "ANOTHER");
    const [a, b] = await Promise.all([
      importSanctionsList(store, un()),
      importSanctionsList(store, un(other)),
    ]);
    expect([a.outcome, b.outcome]).toEqual(["imported", "imported"]);
    expect(await countSnapshots(store, "un")).toEqual({ active: 1, superseded: 1, rejected: 0 });
    const [c, d] = await Promise.all([
      importSanctionsList(store, un(withExtra(UN, "XXi.902", "THIRD"))),
      importSanctionsList(store, un(withExtra(UN, "XXi.902", "THIRD"))),
    ]);
    expect([c.outcome, d.outcome].sort()).toEqual(["imported", "unchanged"]);
    expect(await countSnapshots(store, "un")).toEqual({ active: 1, superseded: 2, rejected: 0 });
    // Each import's entries are its own, once.
    const active = (await activeSnapshotIds(store)).un!;
    expect(
      db.select().from(sanctionsEntries).where(eq(sanctionsEntries.snapshotId, active)).all(),
    ).toHaveLength(10);
  });

  it("audits every import with the operator", async () => {
    const result = await importSanctionsList(store, { ...un(), operatorId: "op_audit" });
    const rows = db.select().from(auditLog).where(eq(auditLog.targetId, result.snapshot.id)).all();
    expect(rows).toEqual([
      expect.objectContaining({
        actorType: "operator",
        actorId: "op_audit",
        action: "sanctions.import.imported",
        targetType: "sanctions_snapshot",
      }),
    ]);
    expect(JSON.parse(rows[0]!.details!)).toMatchObject({
      source: "un",
      trigger: "upload",
      entryCount: 9,
      diff: { added: 9 },
    });
  });
});
