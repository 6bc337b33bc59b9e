/**
 * Where KYB documents live on disk (`${DATA_DIR}/kyb`) and how the application form's multipart
 * body is read: files stream to disk through the KYB upload (app/core/kyb/documents.server.ts),
 * other fields are kept in memory (small: at most 64 KB each).
 */
import path from "node:path";
import {
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import type { KybUpload } from "~/core/kyb/documents.server";
import { mediaType } from "~/utils/body-limit.server";
import { env } from "~/utils/env.server";

export function kybRoot(): string {
  return path.resolve(env.DATA_DIR, "kyb");
}

const FIELD_MAX_BYTES = 64 * 1024;

/** The form's fields; its files go to `upload` (a urlencoded form has none). */
export async function readFormWithDocuments(
  request: Request,
  upload: KybUpload,
): Promise<FormData> {
  if (mediaType(request.headers.get("Content-Type")) !== "multipart/form-data")
    return request.formData();
  const fields = unstable_createMemoryUploadHandler({ maxPartSize: FIELD_MAX_BYTES });
  return unstable_parseMultipartFormData(request, (part) =>
    part.filename === undefined ? fields(part) : upload.handler(part),
  );
}
