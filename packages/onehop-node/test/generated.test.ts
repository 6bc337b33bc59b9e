/**
 * The SDK's committed types (src/generated/openapi.ts) are what scripts/openapi-export.ts makes
 * from today's OpenAPI document: a change to the API's schemas that was not regenerated fails
 * here, naming the command that fixes it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openApiJson } from "~/api/openapi.server";
import { generate, TYPES_FILE } from "../../../scripts/openapi-export";

describe("the SDK's generated types", () => {
  it("match the API's OpenAPI document (else: npm run generate -w @onehop/node)", async () => {
    const { document, types } = await generate();
    // The document written for the build is the one the API serves.
    expect(JSON.parse(document)).toEqual(JSON.parse(openApiJson()));
    const committed = readFileSync(TYPES_FILE, "utf8");
    expect(
      committed === types,
      "packages/onehop-node/src/generated/openapi.ts is stale: run `npm run generate -w @onehop/node` and commit it",
    ).toBe(true);
  });
});
