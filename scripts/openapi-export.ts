/**
 * Writes the API's OpenAPI document (app/api/openapi.server.ts) to a file, for the linters
 * (scripts/openapi-lint.ts) and the SDK's generated types: `tsx scripts/openapi-export.ts OUT`.
 */
import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "~/api/openapi.server";

const out = process.argv[2];
if (!out) {
  console.error("usage: tsx scripts/openapi-export.ts <file.json>");
  process.exit(2);
}
writeFileSync(out, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
