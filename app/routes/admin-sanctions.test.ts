/**
 * /admin/compliance/sanctions (issue 31, item 1): compliance operators and admins see the lists'
 * snapshots and upload a list (multipart); a bad or small file is rejected with its reason; the
 * body is limited before it is read; other roles may not.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { auditLog } from "../../drizzle/schema";
import { installTestDatabase } from "../../tests/setup/db";
import { signedInOperator } from "../../tests/setup/operator-session";
import { get, ORIGIN, respond, toastOf } from "../../tests/setup/requests";
import { action, loader } from "./admin.compliance.sanctions";

const test = installTestDatabase();
const { db } = test;
afterAll(test.close);
const PAGE = "/admin/compliance/sanctions";
const args = (request: Request) => ({ request, params: {}, context: {} });
const FIXTURES = path.resolve("tests/fixtures/compliance");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

function upload(
  cookie: string,
  fields: { source?: string; files?: { name: string; bytes: Uint8Array | string }[] },
  headers: Record<string, string> = {},
): Request {
  const form = new FormData();
  if (fields.source !== undefined) form.append("source", fields.source);
  for (const file of fields.files ?? [])
    form.append("file", new Blob([file.bytes as BlobPart]), file.name);
  return new Request(`${ORIGIN}${PAGE}`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: ORIGIN, "User-Agent": "vitest", ...headers },
  });
}

type Page = Awaited<ReturnType<typeof loader>>;
const page = async (cookie: string, query = "") =>
  (await (await respond(() => loader(args(get(`${PAGE}${query}`, { cookie }))))).json()) as Page;

describe(PAGE, () => {
  it("starts empty, imports the UN list uploaded, shows the snapshot and its counts, audited", async () => {
    const { cookie, operator } = await signedInOperator(db, "compliance");
    const empty = await page(cookie);
    expect(empty.sources.map((s) => [s.source, s.active, s.recent])).toEqual([
      ["un", null, []],
      ["ofac", null, []],
    ]);
    const done = await respond(() =>
      action(
        args(
          upload(cookie, {
            source: "un",
            files: [
              { name: "consolidated.xml", bytes: fixture("un/consolidated-list-sample.xml") },
            ],
          }),
        ),
      ),
    );
    expect(done.status).toBe(302);
    expect(await toastOf(done)).toMatchObject({
      type: "success",
      message: "List imported",
      description: "UN Security Council Consolidated List: 9 entries, now in use.",
    });
    const location = done.headers.get("Location")!;
    expect(location).toMatch(/^\/admin\/compliance\/sanctions\?snapshot=sls_/);
    const after = await page(cookie, location.slice(PAGE.length));
    expect(after.result).toMatchObject({
      status: "active",
      entryCount: 9,
      trigger: "upload",
      origin: "consolidated.xml",
      importedByName: operator.name,
    });
    expect(after.sources[0]!.active).toMatchObject({ entryCount: 9, status: "active" });
    const audit = db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "sanctions.import.imported"))
      .all();
    expect(audit).toEqual([
      expect.objectContaining({ actorType: "operator", actorId: operator.id }),
    ]);

    // The same file again: nothing new, and said so.
    const again = await respond(() =>
      action(
        args(
          upload(cookie, {
            source: "un",
            files: [
              { name: "consolidated.xml", bytes: fixture("un/consolidated-list-sample.xml") },
            ],
          }),
        ),
      ),
    );
    expect(await toastOf(again)).toMatchObject({ message: "No change" });
    expect((await page(cookie)).sources[0]!.recent).toHaveLength(1);
  });

  it("rejects a tiny list and an unreadable file with the reason; the active one stays", async () => {
    const { cookie } = await signedInOperator(db, "admin");
    const tiny = `<?xml version="1.0"?><CONSOLIDATED_LIST dateGenerated="2026-03-01T00:00:00Z"><INDIVIDUALS><INDIVIDUAL><FIRST_NAME>ONLY</FIRST_NAME><SECOND_NAME>ONE</SECOND_NAME><UN_LIST_TYPE>DRC</UN_LIST_TYPE><REFERENCE_NUMBER>CDi.999</REFERENCE_NUMBER></INDIVIDUAL></INDIVIDUALS><ENTITIES/></CONSOLIDATED_LIST>`;
    const small = await respond(() =>
      action(args(upload(cookie, { source: "un", files: [{ name: "tiny.xml", bytes: tiny }] }))),
    );
    expect(small.status).toBe(302);
    expect(await toastOf(small)).toMatchObject({
      type: "error",
      message: "List rejected",
      description: expect.stringContaining("fewer than 90% of the 9 in the active snapshot"),
    });
    const shown = await page(cookie, small.headers.get("Location")!.slice(PAGE.length));
    expect(shown.result).toMatchObject({ status: "rejected", entryCount: 1 });
    expect(shown.sources[0]!.active).toMatchObject({ entryCount: 9 });

    const wrong = await respond(() =>
      action(
        args(
          upload(cookie, {
            source: "ofac",
            files: [{ name: "sdn.xml", bytes: fixture("un/consolidated-list-sample.xml") }],
          }),
        ),
      ),
    );
    expect(await toastOf(wrong)).toMatchObject({
      description: "OFAC SDN list: This is the UN Consolidated List, not OFAC's SDN list.",
    });
    expect((await page(cookie)).sources[1]!.active).toBeNull();
  });

  it("imports OFAC's CSV files chosen together", async () => {
    const { cookie } = await signedInOperator(db, "compliance");
    const done = await respond(() =>
      action(
        args(
          upload(cookie, {
            source: "ofac",
            files: ["sdn.csv", "alt.csv", "sdn_comments.csv"].map((name) => ({
              name,
              bytes: fixture(`ofac/${name}`),
            })),
          }),
        ),
      ),
    );
    expect(await toastOf(done)).toMatchObject({ message: "List imported" });
    const shown = await page(cookie);
    expect(shown.sources[1]!.active).toMatchObject({
      entryCount: 17,
      origin: "sdn.csv, alt.csv, sdn_comments.csv",
    });
    expect(shown.sources[1]!.active!.addressCount).toBeGreaterThan(20);
  });

  it("asks for the list and the file, and refuses a body over 64 MB before reading it", async () => {
    const { cookie } = await signedInOperator(db, "compliance");
    const missing = await respond(() => action(args(upload(cookie, {}))));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      errors: {
        source: "Choose the list this file is.",
        file: "Choose the list's file to upload.",
      },
    });
    const huge = await respond(() =>
      action(
        args(
          upload(
            cookie,
            { source: "un", files: [{ name: "big.xml", bytes: "<x/>" }] },
            { "Content-Length": String(65 * 1024 * 1024) },
          ),
        ),
      ),
    );
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      errors: { file: "The file is larger than 64 MB, the most an upload may be." },
    });
  });

  it("is not for reviewers or curators", async () => {
    for (const role of ["reviewer", "curator"] as const) {
      const { cookie } = await signedInOperator(db, role);
      expect((await respond(() => loader(args(get(PAGE, { cookie }))))).status).toBe(403);
      const posted = await respond(() =>
        action(args(upload(cookie, { source: "un", files: [{ name: "a.xml", bytes: "<a/>" }] }))),
      );
      expect(posted.status).toBe(403);
    }
  });
});
