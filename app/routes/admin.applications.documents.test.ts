/** The operator's KYB document download (issue 11, item 14). */
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { applicationDocuments } from "../../drizzle/schema";
import { createKybUpload } from "~/core/kyb/documents.server";
import { submitApplication } from "~/core/merchants/applications.server";
import { createOperator } from "~/core/operators.server";
import { kybRoot } from "~/route-support/kyb.server";
import { startSession } from "~/utils/session.server";
import { turnOnTwoFactorForTest } from "../../tests/setup/two-factor";
import { validApplication } from "../../tests/fixtures/application";
import { installTestDatabase, testStore } from "../../tests/setup/db";
import { cookiesFrom, get, respond } from "../../tests/setup/requests";
import { loader as detailLoader } from "./admin.applications.$id";
import { loader as download } from "./admin.applications.$id.documents.$documentId";

// Its own data folder: another test file may clean the shared one's KYB folder meanwhile.
vi.hoisted(() => {
  vi.stubEnv("DATA_DIR", "tests/.tmp/kyb-download");
});

const { db, close } = installTestDatabase();
afterAll(() => {
  close();
  rmSync(kybRoot(), { recursive: true, force: true });
});

const PDF = readFileSync(path.resolve("tests/fixtures/kyb-certificate.pdf"));

async function cookieFor(role: "reviewer" | "curator") {
  const operator = await createOperator(testStore(db), {
    email: `${role}-${Math.random()}@onehop.test`,
    name: `${role} op`,
    role,
    password: "operator password 1",
  });
  turnOnTwoFactorForTest(db, { operatorId: operator.id });
  const setCookie = await startSession(
    testStore(db),
    "operator",
    { operatorId: operator.id },
    get("/"),
  );
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": setCookie } }));
}

async function applicationWithPdf(email: string, filename = 'Cheti "rasmi".pdf') {
  const upload = createKybUpload({ root: kybRoot() });
  async function* data() {
    yield new Uint8Array(PDF);
  }
  await upload.handler({
    name: "documents",
    filename,
    contentType: "application/pdf",
    data: data(),
  });
  const result = await submitApplication(
    testStore(db),
    { ...validApplication, email, agreedToTerms: true } as never,
    { attachDocuments: (q, id) => upload.attach(q, id) },
  );
  if (!result.ok) throw new Error("could not submit");
  const [document] = db
    .select()
    .from(applicationDocuments)
    .all()
    .filter((row) => {
      return row.applicationId === result.id;
    });
  return { applicationId: result.id, documentId: document!.id };
}

const fetchDocument = (applicationId: string, documentId: string, cookie?: string) =>
  respond(() =>
    download({
      request: get(`/admin/applications/${applicationId}/documents/${documentId}`, { cookie }),
      params: { id: applicationId, documentId },
      context: {},
    }),
  );

describe("KYB document download", () => {
  it("a reviewer sees the document on the application and downloads it as an attachment", async () => {
    const cookie = await cookieFor("reviewer");
    const { applicationId, documentId } = await applicationWithPdf("dl1@example.test");
    const page = await respond(() =>
      detailLoader({
        request: get(`/admin/applications/${applicationId}`, { cookie }),
        params: { id: applicationId },
        context: {},
      }),
    );
    const body = (await page.json()) as {
      application: { registrationNumber: string };
      documents: { id: string; fileName: string; sizeBytes: number; scanStatus: string }[];
    };
    expect(body.application.registrationNumber).toBe("PVT-AB1234CD");
    expect(body.documents).toEqual([
      expect.objectContaining({
        id: documentId,
        fileName: "Cheti _rasmi_.pdf",
        sizeBytes: PDF.byteLength,
        scanStatus: "unscanned",
      }),
    ]);

    const response = await fetchDocument(applicationId, documentId, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Cheti _rasmi_.pdf"; filename*=UTF-8''Cheti%20_rasmi_.pdf`,
    );
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
  });

  it("serves a PDF uploaded as x.html as x.pdf, application/pdf (issue 27, item 9)", async () => {
    const cookie = await cookieFor("reviewer");
    const { applicationId, documentId } = await applicationWithPdf("dl5@example.test", "x.html");
    const response = await fetchDocument(applicationId, documentId, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="x.pdf"; filename*=UTF-8''x.pdf`,
    );
    // A row stored before names followed the type is still served under the type's extension.
    db.update(applicationDocuments)
      .set({ fileName: "report.final.html" })
      .where(eq(applicationDocuments.id, documentId))
      .run();
    const legacy = await fetchDocument(applicationId, documentId, cookie);
    expect(legacy.headers.get("Content-Disposition")).toBe(
      `attachment; filename="report.final.pdf"; filename*=UTF-8''report.final.pdf`,
    );
    const page = await respond(() =>
      detailLoader({
        request: get(`/admin/applications/${applicationId}`, { cookie }),
        params: { id: applicationId },
        context: {},
      }),
    );
    const body = (await page.json()) as { documents: { fileName: string }[] };
    expect(body.documents.map((document) => document.fileName)).toEqual(["report.final.pdf"]);
  });

  it("is not served without an operator session, nor to an operator without the reviewer role", async () => {
    const { applicationId, documentId } = await applicationWithPdf("dl2@example.test");
    const anonymous = await fetchDocument(applicationId, documentId);
    expect(anonymous.status).not.toBe(200);
    expect(anonymous.headers.get("Content-Disposition")).toBeNull();
    const curator = await fetchDocument(applicationId, documentId, await cookieFor("curator"));
    expect(curator.status).not.toBe(200);
    expect(curator.headers.get("Content-Disposition")).toBeNull();
  });

  it("404s for another application's document and for a row pointing outside the KYB folder", async () => {
    const cookie = await cookieFor("reviewer");
    const first = await applicationWithPdf("dl3@example.test");
    const second = await applicationWithPdf("dl4@example.test");
    expect((await fetchDocument(second.applicationId, first.documentId, cookie)).status).toBe(404);
    db.update(applicationDocuments).set({ storedName: "../../session-secret" }).run();
    expect((await fetchDocument(first.applicationId, first.documentId, cookie)).status).toBe(404);
  });
});
