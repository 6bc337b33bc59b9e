/**
 * The SDK's types from the API's own OpenAPI document (issue 32, item 4):
 *
 *   npx tsx scripts/openapi-export.ts          (or: npm run generate -w @onehop/node)
 *
 * writes the document `buildOpenApiDocument()` makes (the one served at /api/v1/openapi.json) to
 * packages/onehop-node/openapi.json, then has openapi-typescript turn it into
 * packages/onehop-node/src/generated/openapi.ts (formatted with the repository's Prettier
 * settings). The generated file is committed so a fresh clone typechecks and tests without a
 * build step; packages/onehop-node/test/generated.test.ts fails when it is stale.
 * Run from the repository's root (tsx resolves the app's `~/` imports with its tsconfig.json).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import prettier from "prettier";
import { buildOpenApiDocument } from "../app/api/openapi.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SDK_DIR = path.join(root, "packages/onehop-node");
export const DOCUMENT_FILE = path.join(SDK_DIR, "openapi.json");
export const TYPES_FILE = path.join(SDK_DIR, "src/generated/openapi.ts");

const HEADER = `/**
 * Generated from the OneHop API's OpenAPI document by scripts/openapi-export.ts
 * (openapi-typescript). Do not edit: run \`npm run generate -w @onehop/node\` after the API changes.
 */
/* eslint-disable max-len -- the document's descriptions, as they are */
`;

/** The TypeScript types of an OpenAPI document, as the committed file holds them. */
export async function typesOf(document: object): Promise<string> {
  // openapi-typescript reads a JSON string or a URL (an object would be taken as a URL). A field
  // with a default stays optional when the document does not require it (a request may omit it).
  const ast = await openapiTS(JSON.stringify(document), { defaultNonNullable: false });
  const text = `${HEADER}\n${astToString(ast)}`;
  const options = await prettier.resolveConfig(TYPES_FILE);
  return prettier.format(text, { ...options, filepath: TYPES_FILE });
}

/** The document and its types, as the build writes them. */
export async function generate() {
  const document = buildOpenApiDocument();
  return { document: `${JSON.stringify(document, null, 2)}\n`, types: await typesOf(document) };
}

async function main() {
  const { document, types } = await generate();
  writeFileSync(DOCUMENT_FILE, document);
  mkdirSync(path.dirname(TYPES_FILE), { recursive: true });
  writeFileSync(TYPES_FILE, types);
  console.log(`Wrote ${path.relative(root, DOCUMENT_FILE)} and ${path.relative(root, TYPES_FILE)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
