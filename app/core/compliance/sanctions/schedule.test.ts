/**
 * The daily fetch and import (ADR 0054): the list downloaded through the outbound policy and
 * imported; once a day; a failed download is a failed job run and changes nothing; a private
 * address is refused; a list over the size cap is refused whole; OFAC's CSV files from a folder.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jobRuns } from "../../../../drizzle/schema";
import { installTestDatabase, testStore } from "../../../../tests/setup/db";
import { downloadList, listUrls } from "./download.server";
import {
  lastScheduledRuns,
  runScheduledImport,
  sanctionsJobName,
  type ScheduledImportConfig,
} from "./schedule.server";
import { activeSnapshotIds, countSnapshots } from "./snapshots.server";

const test = installTestDatabase();
const { db } = test;
const store = testStore(db);
const FIXTURES = path.resolve("tests/fixtures/compliance");
const files: Record<string, Buffer> = {
  "/consolidated.xml": readFileSync(path.join(FIXTURES, "un/consolidated-list-sample.xml")),
  "/ofac/sdn.csv": readFileSync(path.join(FIXTURES, "ofac/sdn.csv")),
  "/ofac/alt.csv": readFileSync(path.join(FIXTURES, "ofac/alt.csv")),
  "/ofac/sdn_comments.csv": readFileSync(path.join(FIXTURES, "ofac/sdn_comments.csv")),
};
const requests: string[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? "");
    const body = files[request.url ?? ""];
    if (!body) {
      response.writeHead(500).end("broken");
      return;
    }
    response.writeHead(200, { "Content-Type": "application/xml" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  test.close();
});

const config = (
  locations: ScheduledImportConfig["locations"],
  extra: Partial<ScheduledImportConfig["download"]> = {},
): ScheduledImportConfig => ({
  locations,
  // The test server is on loopback: configured as trusted, as a mirror or simulator would be.
  download: { timeoutMs: 5_000, maxBytes: 1024 * 1024, trustedOrigin: origin, ...extra },
});

describe("the daily import", () => {
  it("downloads the UN list and imports it, then does nothing more that day", async () => {
    const changed = vi.fn();
    const settings = { ...config({ un: `${origin}/consolidated.xml` }), onListChanged: changed };
    const result = await runScheduledImport(store, "un", settings);
    expect(result).toMatchObject({ outcome: "succeeded", detail: { outcome: "imported" } });
    const active = (await activeSnapshotIds(store)).un!;
    expect(changed).toHaveBeenCalledWith(active);
    const before = requests.length;
    expect(await runScheduledImport(store, "un", settings)).toMatchObject({
      outcome: "skipped",
      detail: "ran today",
    });
    expect(requests.length).toBe(before);
    // The next day: the same file, nothing new.
    const tomorrow = () => Date.now() + 86_400_000;
    expect(await runScheduledImport(store, "un", { ...settings, now: tomorrow })).toMatchObject({
      outcome: "succeeded",
      detail: { outcome: "unchanged", snapshotId: active },
    });
    expect(await countSnapshots(store, "un")).toEqual({ active: 1, superseded: 0, rejected: 0 });
    // The page shows the last run that did something (not the skipped one).
    expect((await lastScheduledRuns(store)).un).toMatchObject({
      outcome: "succeeded",
      result: "unchanged",
    });
  });

  it("records a failed download as a failed run and leaves the lists alone", async () => {
    await expect(
      runScheduledImport(store, "ofac", config({ ofac: `${origin}/missing.xml` })),
    ).rejects.toThrow(`${origin}/missing.xml answered HTTP 500.`);
    const runs = db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, sanctionsJobName("ofac")))
      .all();
    expect(runs.at(-1)).toMatchObject({ outcome: "failed" });
    expect((await lastScheduledRuns(store)).ofac).toMatchObject({
      outcome: "failed",
      result: `${origin}/missing.xml answered HTTP 500.`,
    });
    expect(await countSnapshots(store, "ofac")).toEqual({ active: 0, superseded: 0, rejected: 0 });
  });

  it("fetches OFAC's CSV files from their folder", async () => {
    expect(listUrls("ofac", { ofacCsvBase: `${origin}/ofac/` })).toEqual([
      `${origin}/ofac/sdn.csv`,
      `${origin}/ofac/alt.csv`,
      `${origin}/ofac/sdn_comments.csv`,
    ]);
    const result = await runScheduledImport(
      store,
      "ofac",
      config({ ofacCsvBase: `${origin}/ofac` }),
    );
    expect(result).toMatchObject({ outcome: "succeeded", detail: { outcome: "imported" } });
    expect(
      listUrls("ofac", { ofac: "https://x.test/sdn.xml", ofacCsvBase: "https://y.test" }),
    ).toEqual(["https://x.test/sdn.xml"]);
    expect(listUrls("un", {})).toBeNull();
  });
});

describe("downloading a list", () => {
  it("refuses a private address (the outbound policy) and a list over the size cap", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const refused = await downloadList([`${origin}/consolidated.xml`], {
      timeoutMs: 5_000,
      maxBytes: 1024 * 1024,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: `${origin}/consolidated.xml could not be fetched.`,
    });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    const big = await downloadList([`${origin}/consolidated.xml`], {
      timeoutMs: 5_000,
      maxBytes: 4096,
      trustedOrigin: origin,
    });
    expect(big).toMatchObject({
      ok: false,
      error: `${origin}/consolidated.xml is larger than 4 KB.`,
    });
  });
});
