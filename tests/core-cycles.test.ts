/**
 * No import cycle among the core modules (issue 28, ADR 0043). A cycle lets one module see another
 * half-evaluated at start-up and ties areas together so none can be moved or tested alone (the
 * transfer engine's circle was six files wide). The graph is the runtime one of
 * tests/support/import-graph.ts: static imports and `export … from`; type-only imports and dynamic
 * `import()` are not edges (they run no module at evaluation time).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  describeCycle,
  findCycles,
  type ImportGraph,
  importGraph,
  runtimeImports,
  sourceFiles,
} from "./support/import-graph";

const root = path.resolve(import.meta.dirname, "..");

const graphOf = (edges: Record<string, string[]>): ImportGraph =>
  new Map(Object.entries(edges).map(([node, targets]) => [node, new Set(targets)]));

describe("the cycle detector", () => {
  it("finds a deliberate cycle and names its modules", () => {
    const cycles = findCycles(graphOf({ a: ["b"], b: ["c"], c: ["a", "d"], d: [], e: ["a"] }));
    expect(cycles.map(describeCycle)).toEqual(["a -> b -> c -> a (3 modules: a, b, c)"]);
  });

  it("finds a module importing itself and two separate circles", () => {
    const cycles = findCycles(graphOf({ a: ["a"], b: ["c"], c: ["b"], d: ["b"] }));
    expect(cycles.map((cycle) => cycle.path)).toEqual([
      ["a", "a"],
      ["b", "c", "b"],
    ]);
  });

  it("passes a graph without cycles (a diamond is not a cycle)", () => {
    expect(findCycles(graphOf({ a: ["b", "c"], b: ["d"], c: ["d"], d: [] }))).toEqual([]);
  });

  it("reads runtime imports and leaves type-only ones and dynamic imports out", () => {
    const source = [
      `import { a } from "./a";`,
      `import type { B } from "./b";`,
      `import { type C, type D } from "./c";`,
      `import { type E, e } from "./e";`,
      `import "./side-effect";`,
      `export { f } from "./f";`,
      `export type { G } from "./g";`,
      `export * from "./h";`,
      `const later = () => import("./lazy");`,
    ].join("\n");
    expect(runtimeImports(source)).toEqual(["./a", "./e", "./side-effect", "./f", "./h"]);
  });
});

describe("app/core", () => {
  it("has no import cycle", () => {
    const graph = importGraph(root, sourceFiles(path.join(root, "app/core")));
    expect(graph.size).toBeGreaterThan(100);
    // The graph is real: settlement's planning imports the transfer engine, whose handlers the
    // purposes' modules import (by type only, as destinations' does, or by value).
    expect([...graph.get("app/core/payments/settlement.server.ts")!]).toContain(
      "app/core/transfers/engine.server.ts",
    );
    expect([...graph.get("app/core/disbursements/transfers.server.ts")!]).toContain(
      "app/core/transfers/engine.server.ts",
    );
    expect(findCycles(graph).map(describeCycle)).toEqual([]);
  });
});
