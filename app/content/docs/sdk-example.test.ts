import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { sdkQuickstart } from "./sdk-example";

it("shows on /docs exactly the SDK example the typecheck compiles", () => {
  const file = readFileSync("packages/onehop-node/examples/quickstart.ts", "utf8");
  expect(sdkQuickstart).toBe(file);
});
