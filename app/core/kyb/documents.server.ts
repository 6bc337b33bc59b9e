/**
 * KYB documents sent with a merchant application (issue 11, item 14; docs/decisions/
 * 0024-kyb-documents.md).
 *
 * Uploads stream to disk part by part, never held whole in memory: each file goes first to
 * `<root>/incoming/<random>` while its size is counted, its SHA-256 computed and its first bytes
 * checked (PDF, JPEG or PNG by magic bytes, whatever the browser declared). A refused file is
 * deleted at once (no partial file stays). When the application is stored, its staged files move
 * into `<root>/<application id>/` in the same transaction that writes their rows; when it is not,
 * they are deleted. `root` is `${DATA_DIR}/kyb` (passed in: core reads no env).
 *
 * The part shape matches Remix's upload handler parts, so the route can hand parts straight in
 * without this module importing Remix.
 */
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, renameSync, rmSync, type WriteStream } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { applicationDocuments } from "../../../drizzle/schema";
import { KYB_DOCUMENTS } from "~/content/kyb-documents";
import { newId } from "~/core/ids.server";
import type { Handle, Store } from "~/db/store";
import { first } from "~/db/sql";

/** The form field that carries the documents, and its limits (shared with the form's copy). */
export const KYB_FIELD = KYB_DOCUMENTS.field;
export const KYB_MAX_FILE_BYTES = KYB_DOCUMENTS.maxFileBytes;
export const KYB_MAX_FILES = KYB_DOCUMENTS.maxFiles;

export type KybContentType = "application/pdf" | "image/jpeg" | "image/png";

const EXTENSIONS: Record<KybContentType, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

/** A stored file's name inside its folder: 32 hex characters and our own extension. */
export const STORED_NAME = /^[0-9a-f]{32}\.(pdf|jpg|png)$/;

/** The type a file's first bytes show, or undefined for anything else. */
export function sniffContentType(head: Uint8Array): KybContentType | undefined {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46)) return "application/pdf"; // %PDF
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  return undefined;
}

/**
 * The applicant's file name, safe to show and to put in a Content-Disposition header: the last
 * path segment only, letters, digits, spaces and `._()-` (others become "_"), no leading dots, at
 * most 100 characters.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} ._()-]/gu, "_")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim();
  if (cleaned.length <= FILE_NAME_MAX) return cleaned || "document";
  const extension = path.extname(cleaned).slice(0, 10);
  return cleaned.slice(0, FILE_NAME_MAX - extension.length) + extension;
}

/** The largest length a (sanitized) file name may have. */
const FILE_NAME_MAX = 100;

/**
 * The name a document is stored, listed and downloaded under: the sanitized base name with the
 * extension of the type its bytes show (`x.html` holding a PDF is `x.pdf`; `scan` is `scan.jpg`).
 * Whatever extension the applicant's name had is replaced; a dot that does not start an extension
 * ("v1.2 final") is kept. Issue 27, item 9.
 */
export function fileNameForType(name: string, contentType: KybContentType | string): string {
  const sanitized = sanitizeFileName(name);
  const known = EXTENSIONS[contentType as KybContentType] as string | undefined;
  if (!known) return sanitized;
  const base = sanitized.replace(/\.[A-Za-z0-9]{1,10}$/, "").replace(/[.\s]+$/, "") || "document";
  const extension = `.${known}`;
  return base.slice(0, FILE_NAME_MAX - extension.length).trimEnd() + extension;
}

/** One file part as Remix's multipart parser hands it over. */
export interface UploadPart {
  name: string;
  filename?: string;
  contentType: string;
  data: AsyncIterable<Uint8Array>;
}

export interface StagedDocument {
  fileName: string;
  /** Random name, also used inside the application's folder. */
  storedName: string;
  stagedPath: string;
  sizeBytes: number;
  sha256: string;
  contentType: KybContentType;
}

const MB = 1024 * 1024;
const sizeLabel = (bytes: number) =>
  bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`;

/** The refusals' words (the application's catalog `documents`, in the page's language). */
export interface KybUploadMessages {
  tooMany: (max: number) => string;
  empty: (name: string) => string;
  wrongType: (name: string) => string;
  tooLarge: (name: string, size: string) => string;
}

const CHOOSE_AGAIN = "Choose your documents again.";
const ENGLISH: KybUploadMessages = {
  tooMany: (max) => `Send at most ${max} documents. ${CHOOSE_AGAIN}`,
  empty: (name) => `"${name}" is empty. ${CHOOSE_AGAIN}`,
  wrongType: (name) => `"${name}" is not a PDF, JPEG or PNG file. ${CHOOSE_AGAIN}`,
  tooLarge: (name, size) => `"${name}" is larger than ${size}. ${CHOOSE_AGAIN}`,
};

/** Drops what is left of a part (the parser needs it read to reach the next part). */
async function drain(iterator: AsyncIterator<Uint8Array>): Promise<void> {
  for (;;) {
    const { done } = await iterator.next();
    if (done) return;
  }
}

function write(stream: WriteStream, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}

function close(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once("error", reject);
    stream.end(() => resolve());
  });
}

/**
 * Collects the documents of one submission. `handler` takes every file part (other fields are the
 * caller's); it never returns a value for the form data: the staged files and the refusals are read
 * from `staged` and `errors`.
 */
export function createKybUpload(options: {
  root: string;
  maxFileBytes?: number;
  maxFiles?: number;
  messages?: KybUploadMessages;
}) {
  const say = options.messages ?? ENGLISH;
  const maxFileBytes = options.maxFileBytes ?? KYB_MAX_FILE_BYTES;
  const maxFiles = options.maxFiles ?? KYB_MAX_FILES;
  const incoming = path.join(options.root, "incoming");
  const staged: StagedDocument[] = [];
  const errors: string[] = [];
  let chosen = 0;

  async function handler(part: UploadPart): Promise<undefined> {
    const iterator = part.data[Symbol.asyncIterator]();
    // Another file field, or the empty part a browser sends when no file was chosen.
    if (part.name !== KYB_FIELD || !part.filename) {
      await drain(iterator);
      return undefined;
    }
    const fileName = sanitizeFileName(part.filename);
    chosen += 1;
    if (chosen > maxFiles) {
      await drain(iterator);
      if (chosen === maxFiles + 1) errors.push(say.tooMany(maxFiles));
      return undefined;
    }

    // Wait for enough bytes to recognise the type before anything touches the disk.
    const head: Uint8Array[] = [];
    let headBytes = 0;
    let ended = false;
    while (headBytes < 8) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      headBytes += next.value.byteLength;
    }
    if (headBytes === 0) {
      errors.push(say.empty(fileName));
      return undefined;
    }
    const first = Buffer.concat(head);
    const contentType = sniffContentType(first);
    if (!contentType) {
      if (!ended) await drain(iterator);
      errors.push(say.wrongType(fileName));
      return undefined;
    }

    mkdirSync(incoming, { recursive: true, mode: 0o700 });
    const storedName = `${randomBytes(16).toString("hex")}.${EXTENSIONS[contentType]}`;
    const stagedPath = path.join(incoming, storedName);
    const stream = createWriteStream(stagedPath, { flags: "wx", mode: 0o600 });
    const hash = createHash("sha256");
    let size = 0;
    let tooLarge = false;
    try {
      let chunk: Uint8Array | undefined = first;
      while (chunk) {
        size += chunk.byteLength;
        if (size > maxFileBytes) {
          tooLarge = true;
          break;
        }
        hash.update(chunk);
        await write(stream, chunk);
        if (ended) break;
        const next = await iterator.next();
        if (next.done) break;
        chunk = next.value;
      }
      await close(stream);
    } catch (error) {
      stream.destroy();
      rmSync(stagedPath, { force: true });
      throw error;
    }
    if (tooLarge) {
      rmSync(stagedPath, { force: true });
      await drain(iterator);
      errors.push(say.tooLarge(fileName, sizeLabel(maxFileBytes)));
      return undefined;
    }
    staged.push({
      fileName: fileNameForType(fileName, contentType),
      storedName,
      stagedPath,
      sizeBytes: size,
      sha256: hash.digest("hex"),
      contentType,
    });
    return undefined;
  }

  /** Deletes every staged file (the application was not stored). */
  function discard(): void {
    for (const document of staged.splice(0)) rmSync(document.stagedPath, { force: true });
  }

  /**
   * Writes the rows and moves the files into the application's folder, inside the caller's
   * transaction (a failed move rolls the rows back).
   */
  async function attach(q: Handle, applicationId: string, now = Date.now()): Promise<void> {
    if (staged.length === 0) return;
    for (const document of staged) {
      await q.insert(applicationDocuments).values({
        id: newId("doc"),
        applicationId,
        fileName: document.fileName,
        storedName: document.storedName,
        sizeBytes: document.sizeBytes,
        sha256: document.sha256,
        contentType: document.contentType,
        scanStatus: "unscanned",
        createdAt: now,
      });
    }
    const folder = applicationFolder(options.root, applicationId);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    for (const document of staged) {
      renameSync(document.stagedPath, path.join(folder, document.storedName));
    }
    staged.length = 0;
  }

  return { handler, staged, errors, discard, attach };
}

export type KybUpload = ReturnType<typeof createKybUpload>;

/** `<root>/<application id>`, refusing ids that could leave the root. */
function applicationFolder(root: string, applicationId: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(applicationId)) throw new Error("Bad application id");
  return path.join(root, applicationId);
}

export type ApplicationDocument = typeof applicationDocuments.$inferSelect;

/**
 * A row as it is shown and served: its name carries the extension of its (sniffed) type, also for
 * rows stored before names followed the type.
 */
function named(document: ApplicationDocument): ApplicationDocument {
  return { ...document, fileName: fileNameForType(document.fileName, document.contentType) };
}

export async function listApplicationDocuments(
  store: Store,
  applicationId: string,
): Promise<ApplicationDocument[]> {
  const rows = await store.read((q) =>
    q
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, applicationId))
      .orderBy(asc(applicationDocuments.createdAt), asc(applicationDocuments.fileName)),
  );
  return rows.map(named);
}

export async function getApplicationDocument(
  store: Store,
  applicationId: string,
  documentId: string,
): Promise<ApplicationDocument | undefined> {
  const document = await store.read((q) =>
    first(
      q.select().from(applicationDocuments).where(eq(applicationDocuments.id, documentId)).limit(1),
    ),
  );
  return document?.applicationId === applicationId ? named(document) : undefined;
}

/**
 * Where a document's bytes are, or undefined when the row would point outside the KYB folder
 * (a stored name that is not ours, an application id with separators).
 */
export function documentPath(root: string, document: ApplicationDocument): string | undefined {
  if (!STORED_NAME.test(document.storedName)) return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(document.applicationId)) return undefined;
  const base = path.resolve(root);
  const full = path.resolve(base, document.applicationId, document.storedName);
  return full.startsWith(base + path.sep) ? full : undefined;
}
