/** The application form with KYB documents (issue 11, item 14): multipart, streamed to disk. */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { applicationDocuments, merchantApplications, rateLimits } from "../../drizzle/schema";
import { validApplication } from "../../tests/fixtures/application";
import { installTestDatabase } from "../../tests/setup/db";
import { ORIGIN, respond } from "../../tests/setup/requests";
import { screenBody } from "~/utils/body-limit.server";
import { kybRoot } from "~/route-support/kyb.server";
import { action } from "./get-started";

// Its own data folder: another test file may clean the shared one's KYB folder meanwhile.
vi.hoisted(() => {
  vi.stubEnv("DATA_DIR", "tests/.tmp/kyb-apply");
});

const { db, close } = installTestDatabase();
afterAll(close);

const PDF = readFileSync(path.resolve("tests/fixtures/kyb-certificate.pdf"));

function cleanKybFolder() {
  rmSync(kybRoot(), { recursive: true, force: true });
}

beforeEach(() => {
  db.delete(applicationDocuments).run();
  db.delete(merchantApplications).run();
  db.delete(rateLimits).run();
  cleanKybFolder();
});
afterAll(cleanKybFolder);

function multipartPost(fields: Record<string, string>, files: File[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append("documents", file);
  return new Request(`${ORIGIN}/get-started`, {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN, "User-Agent": "vitest" },
  });
}

const submit = (fields: Record<string, string>, files: File[]) =>
  respond(() => action({ request: multipartPost(fields, files), params: {}, context: {} }));

function filesOnDisk(): string[] {
  if (!existsSync(kybRoot())) return [];
  return readdirSync(kybRoot(), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(kybRoot(), path.join(entry.parentPath, entry.name)));
}

describe("POST /get-started with KYB documents", () => {
  it("stores the application with its registration number, the document row and the file", async () => {
    const response = await submit({ ...validApplication, registrationNumber: "pvt-ab1234cd" }, [
      new File([PDF], "Certificate of Incorporation.pdf", { type: "application/pdf" }),
    ]);
    expect(response.status).toBe(302);
    const [application] = db.select().from(merchantApplications).all();
    expect(application?.registrationNumber).toBe("PVT-AB1234CD");
    const documents = db
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, application!.id))
      .all();
    expect(documents).toHaveLength(1);
    const [document] = documents;
    expect(document).toMatchObject({
      fileName: "Certificate of Incorporation.pdf",
      sizeBytes: PDF.byteLength,
      sha256: createHash("sha256").update(PDF).digest("hex"),
      contentType: "application/pdf",
      scanStatus: "unscanned",
    });
    const stored = path.join(kybRoot(), application!.id, document!.storedName);
    expect(readFileSync(stored)).toEqual(PDF);
    // Nothing is left in the staging folder.
    expect(filesOnDisk()).toEqual([path.join(application!.id, document!.storedName)]);
  });

  it("names a PDF sent as x.html by what its bytes are: x.pdf, stored and recorded (issue 27, item 9)", async () => {
    const response = await submit(validApplication, [
      new File([PDF], "x.html", { type: "text/html" }),
      new File([PDF], "Scan (final).JPG.html", { type: "text/html" }),
    ]);
    expect(response.status).toBe(302);
    const documents = db.select().from(applicationDocuments).all();
    expect(documents.map((document) => document.fileName).sort()).toEqual([
      "Scan (final).JPG.pdf",
      "x.pdf",
    ]);
    for (const document of documents) {
      expect(document.contentType).toBe("application/pdf");
      expect(document.storedName).toMatch(/^[0-9a-f]{32}\.pdf$/);
    }
    expect(filesOnDisk().every((file) => file.endsWith(".pdf"))).toBe(true);
  });

  it("still takes an application without documents (they can follow on request)", async () => {
    const response = await submit(validApplication, []);
    expect(response.status).toBe(302);
    expect(db.select().from(merchantApplications).all()).toHaveLength(1);
    expect(db.select().from(applicationDocuments).all()).toHaveLength(0);
  });

  it("refuses a file that is not a PDF, JPEG or PNG: 400, typed values back, nothing stored", async () => {
    const response = await submit(validApplication, [
      new File(["MZ pretending"], "certificate.pdf", { type: "application/pdf" }),
    ]);
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      lastResult: { initialValue: Record<string, string>; error: Record<string, string[]> };
    };
    expect(body.lastResult.error.documents).toEqual([
      '"certificate.pdf" is not a PDF, JPEG or PNG file. Choose your documents again.',
    ]);
    expect(body.lastResult.initialValue.businessName).toBe(validApplication.businessName);
    expect(db.select().from(merchantApplications).all()).toHaveLength(0);
    expect(filesOnDisk()).toEqual([]);
  });

  it("when another field is wrong, good documents are not kept and the user is told to choose them again", async () => {
    const response = await submit({ ...validApplication, registrationNumber: "" }, [
      new File([PDF], "cert.pdf", { type: "application/pdf" }),
    ]);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { lastResult: { error: Record<string, string[]> } };
    expect(body.lastResult.error.registrationNumber).toEqual(["Registration number is required"]);
    expect(body.lastResult.error.documents?.[0]).toContain("Choose them again");
    expect(filesOnDisk()).toEqual([]);
  });

  it("a chunked body past the 16 MB cap answers 413 and leaves no file, not even a partial one", async () => {
    // 3 files of 5 MB are fine each, the fourth pushes the body past 16 MB (chunked: no length).
    const form = new FormData();
    for (const [name, value] of Object.entries(validApplication)) form.append(name, value);
    const big = new Uint8Array(5 * 1024 * 1024 - 1024);
    big.set(PDF.subarray(0, 8));
    for (const name of ["a.pdf", "b.pdf", "c.pdf", "d.pdf"])
      form.append("documents", new File([big], name, { type: "application/pdf" }));
    const encoded = new Request(ORIGIN, { method: "POST", body: form });
    const screened = await screenBody(
      new Request(`${ORIGIN}/get-started`, {
        method: "POST",
        body: encoded.body,
        headers: {
          Origin: ORIGIN,
          "Content-Type": encoded.headers.get("Content-Type")!,
          "Transfer-Encoding": "chunked",
        },
        duplex: "half",
      } as RequestInit),
    );
    expect(screened).toBeInstanceOf(Request);
    const response = await respond(() =>
      action({ request: screened as Request, params: {}, context: {} }),
    );
    expect(response.status).toBe(413);
    expect(db.select().from(merchantApplications).all()).toHaveLength(0);
    expect(filesOnDisk()).toEqual([]);
  });
});
