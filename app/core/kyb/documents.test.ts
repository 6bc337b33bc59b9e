import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createKybUpload,
  documentPath,
  fileNameForType,
  sanitizeFileName,
  sniffContentType,
  type ApplicationDocument,
  type UploadPart,
} from "./documents.server";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

const roots: string[] = [];
function newRoot() {
  const root = path.resolve("tests/.tmp", `kyb-${randomUUID()}`);
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A part whose bytes arrive in chunks of `chunkSize` (as the multipart parser hands them over). */
function part(
  filename: string | undefined,
  bytes: Uint8Array,
  options: { name?: string; contentType?: string; chunkSize?: number } = {},
): UploadPart & { consumed: () => number } {
  let consumed = 0;
  const chunkSize = options.chunkSize ?? 64 * 1024;
  async function* data() {
    for (let at = 0; at < bytes.byteLength; at += chunkSize) {
      const chunk = bytes.subarray(at, at + chunkSize);
      consumed += chunk.byteLength;
      yield chunk;
    }
  }
  return {
    name: options.name ?? "documents",
    filename,
    contentType: options.contentType ?? "application/pdf",
    data: data(),
    consumed: () => consumed,
  };
}

/** Every file under the root (staged or placed). */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("sniffContentType (magic bytes, not the declared type)", () => {
  it("recognises PDF, JPEG and PNG and nothing else", () => {
    expect(sniffContentType(PDF)).toBe("application/pdf");
    expect(sniffContentType(JPEG)).toBe("image/jpeg");
    expect(sniffContentType(PNG)).toBe("image/png");
    expect(sniffContentType(Buffer.from("MZ\x90\x00 windows executable"))).toBeUndefined();
    expect(sniffContentType(Buffer.from("<html><script>"))).toBeUndefined();
    expect(sniffContentType(Buffer.from("%PD"))).toBeUndefined();
  });
});

describe("fileNameForType (issue 27, item 9)", () => {
  it("gives the name the extension of the sniffed type, keeping the sanitized base name", () => {
    expect(fileNameForType("x.html", "application/pdf")).toBe("x.pdf");
    expect(fileNameForType("../x.HTML", "image/png")).toBe("x.png");
    expect(fileNameForType("photo.jpeg", "image/jpeg")).toBe("photo.jpg");
    expect(fileNameForType("scan", "image/jpeg")).toBe("scan.jpg");
    expect(fileNameForType("v1.2 final", "application/pdf")).toBe("v1.2 final.pdf");
    expect(fileNameForType("report.pdf.exe", "application/pdf")).toBe("report.pdf.pdf");
    // The sanitized name drops leading dots first: ".html" is the name "html".
    expect(fileNameForType(".html", "application/pdf")).toBe("html.pdf");
    expect(fileNameForType("..", "application/pdf")).toBe("document.pdf");
    const long = fileNameForType(`${"a".repeat(300)}.html`, "application/pdf");
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long.endsWith("a.pdf")).toBe(true);
  });
});

describe("sanitizeFileName", () => {
  it("keeps the last path segment and safe characters only", () => {
    expect(sanitizeFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFileName("..\\..\\boot.ini")).toBe("boot.ini");
    expect(sanitizeFileName("..")).toBe("document");
    expect(sanitizeFileName(".hidden.pdf")).toBe("hidden.pdf");
    expect(sanitizeFileName('cert"; x=<y>.pdf')).toBe("cert__ x__y_.pdf");
    expect(sanitizeFileName("Cheti cha Usajili (2024).pdf")).toBe("Cheti cha Usajili (2024).pdf");
    const long = sanitizeFileName(`${"a".repeat(300)}.pdf`);
    expect(long).toHaveLength(100);
    expect(long.endsWith(".pdf")).toBe(true);
  });
});

describe("the KYB upload handler", () => {
  it("streams a PDF to a staged file with its size and SHA-256, then moves it on attach", async () => {
    const root = newRoot();
    const upload = createKybUpload({ root });
    expect(await upload.handler(part("Certificate.pdf", PDF, { chunkSize: 5 }))).toBeUndefined();
    expect(upload.errors).toEqual([]);
    const [staged] = upload.staged;
    expect(staged).toMatchObject({
      fileName: "Certificate.pdf",
      sizeBytes: PDF.byteLength,
      sha256: createHash("sha256").update(PDF).digest("hex"),
      contentType: "application/pdf",
    });
    expect(staged!.storedName).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(readFileSync(staged!.stagedPath)).toEqual(PDF);
  });

  it("takes the type from the bytes: a PNG declared as PDF is stored as PNG", async () => {
    const upload = createKybUpload({ root: newRoot() });
    await upload.handler(part("scan.pdf", PNG, { contentType: "application/pdf" }));
    expect(upload.staged[0]?.contentType).toBe("image/png");
    expect(upload.staged[0]?.storedName).toMatch(/\.png$/);
  });

  it("refuses a file that is not PDF, JPEG or PNG whatever it declares, and writes nothing", async () => {
    const root = newRoot();
    const upload = createKybUpload({ root });
    const fake = part("certificate.pdf", Buffer.from("MZ not really a pdf"), {
      contentType: "application/pdf",
    });
    await upload.handler(fake);
    expect(upload.errors).toEqual([
      '"certificate.pdf" is not a PDF, JPEG or PNG file. Choose your documents again.',
    ]);
    expect(upload.staged).toEqual([]);
    expect(filesUnder(root)).toEqual([]);
  });

  it("refuses a file over the size cap, leaving no partial file, and reads the rest of the part", async () => {
    const root = newRoot();
    const upload = createKybUpload({ root, maxFileBytes: 1024 });
    const big = Buffer.concat([PDF, Buffer.alloc(4096, 0x20)]);
    const oversized = part("big.pdf", big, { chunkSize: 256 });
    await upload.handler(oversized);
    expect(upload.errors).toEqual(['"big.pdf" is larger than 1 KB. Choose your documents again.']);
    expect(upload.staged).toEqual([]);
    expect(filesUnder(root)).toEqual([]);
    expect(oversized.consumed()).toBe(big.byteLength);
  });

  it("names the 5 MB limit in its refusal", async () => {
    const upload = createKybUpload({ root: newRoot() });
    await upload.handler(part("huge.pdf", Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)])));
    expect(upload.errors).toEqual(['"huge.pdf" is larger than 5 MB. Choose your documents again.']);
  });

  it("takes at most 3 files", async () => {
    const upload = createKybUpload({ root: newRoot() });
    for (const name of ["a.pdf", "b.pdf", "c.pdf", "d.pdf", "e.pdf"])
      await upload.handler(part(name, PDF));
    expect(upload.staged.map((document) => document.fileName)).toEqual(["a.pdf", "b.pdf", "c.pdf"]);
    expect(upload.errors).toEqual(["Send at most 3 documents. Choose your documents again."]);
  });

  it("ignores the empty part of a file input left empty, and other file fields", async () => {
    const root = newRoot();
    const upload = createKybUpload({ root });
    await upload.handler(part("", new Uint8Array(0), { contentType: "application/octet-stream" }));
    await upload.handler(part("x.pdf", PDF, { name: "avatar" }));
    expect(upload.staged).toEqual([]);
    expect(upload.errors).toEqual([]);
    expect(filesUnder(root)).toEqual([]);
  });

  it("keeps a traversal file name out of the path: only its sanitised name is kept, for display", async () => {
    const root = newRoot();
    const upload = createKybUpload({ root });
    await upload.handler(part("../../../outside.pdf", PDF));
    expect(upload.staged[0]?.fileName).toBe("outside.pdf");
    for (const file of filesUnder(root)) expect(file.startsWith(root + path.sep)).toBe(true);
    expect(existsSync(path.resolve(root, "../../../outside.pdf"))).toBe(false);
  });

  it("discard deletes every staged file", async () => {
    const root = newRoot();
    const upload = createKybUpload({ root });
    await upload.handler(part("a.pdf", PDF));
    await upload.handler(part("b.png", PNG));
    expect(filesUnder(root)).toHaveLength(2);
    upload.discard();
    expect(filesUnder(root)).toEqual([]);
  });
});

describe("documentPath", () => {
  const row = (overrides: Partial<ApplicationDocument>): ApplicationDocument => ({
    id: "doc_1",
    applicationId: "app_abc",
    fileName: "a.pdf",
    storedName: `${"a".repeat(32)}.pdf`,
    sizeBytes: 1,
    sha256: "",
    contentType: "application/pdf",
    scanStatus: "unscanned",
    documentType: null,
    expiresAt: null,
    merchantId: null,
    createdAt: 0,
    ...overrides,
  });

  it("is inside the KYB folder, and undefined for anything that could leave it", () => {
    const root = path.resolve("/srv/data/kyb");
    expect(documentPath(root, row({}))).toBe(path.join(root, "app_abc", `${"a".repeat(32)}.pdf`));
    expect(documentPath(root, row({ storedName: "../../session-secret" }))).toBeUndefined();
    expect(documentPath(root, row({ applicationId: ".." }))).toBeUndefined();
    expect(documentPath(root, row({ applicationId: "../x" }))).toBeUndefined();
    expect(documentPath(root, row({ storedName: "/etc/passwd" }))).toBeUndefined();
  });
});
