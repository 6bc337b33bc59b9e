/**
 * Download of one KYB document of an application (issue 11, item 14): operators only, always as
 * an attachment with the type found in its bytes, never sniffed or cached, and never a file outside
 * the KYB folder (the path is built from our own random name, then checked).
 */
import { createReadStream, statSync } from "node:fs";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentPath } from "~/core/kyb/documents.server";
import { invariantResponse } from "~/utils/http";
import { kybRoot } from "~/route-support/kyb.server";
import { requireOperator } from "~/utils/operator-auth.server";
import { applications } from "~/wiring/applications.server";

/** `attachment` with an ASCII fallback name and the real one (RFC 6266 / 5987). */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireOperator(request, ["reviewer"]);
  const document = await applications().document(params.id ?? "", params.documentId ?? "");
  invariantResponse(document, "Document not found");
  const file = documentPath(kybRoot(), document);
  invariantResponse(file, "Document not found");
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new Response("Document file not found", { status: 404 });
  }
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": document.contentType,
      "Content-Length": String(size),
      "Content-Disposition": contentDisposition(document.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
