/** The live-bundle check finds simulator code that the server bundle's static imports reach. */
import { describe, expect, it } from "vitest";
import { simulatorsLoadedAtStart, type Metafile } from "./live-bundle-check";

function metafile(
  imports: Record<string, [string, "import-statement" | "dynamic-import"][]>,
): Metafile {
  return {
    inputs: Object.fromEntries(
      Object.entries(imports).map(([input, edges]) => [
        input,
        { imports: edges.map(([path, kind]) => ({ path, kind })) },
      ]),
    ),
    outputs: { "build/index.js": { entryPoint: "<stdin>" } },
  };
}

describe("simulator modules loaded when the bundle loads", () => {
  it("none when the simulators are reached only through dynamic import()", () => {
    const bundle = metafile({
      "<stdin>": [["app/routes/readyz.ts", "import-statement"]],
      "app/routes/readyz.ts": [["app/wiring/payments.server.ts", "import-statement"]],
      "app/wiring/payments.server.ts": [
        ["app/wiring/simulators/custody.server.ts", "dynamic-import"],
      ],
      "app/wiring/simulators/custody.server.ts": [
        ["app/simulators/custody/index.server.ts", "import-statement"],
      ],
      "app/simulators/custody/index.server.ts": [],
    });
    expect(simulatorsLoadedAtStart(bundle)).toEqual([]);
  });

  it("a simulator a route imports statically, with the chain that loads it", () => {
    const bundle = metafile({
      "<stdin>": [["app/routes/simulator.custody.$.ts", "import-statement"]],
      "app/routes/simulator.custody.$.ts": [
        ["app/simulators/custody/page.server.ts", "import-statement"],
      ],
      "app/simulators/custody/page.server.ts": [],
    });
    expect(simulatorsLoadedAtStart(bundle)).toEqual([
      {
        module: "app/simulators/custody/page.server.ts",
        chain: [
          "app/simulators/custody/page.server.ts",
          "app/routes/simulator.custody.$.ts",
          "<stdin>",
        ],
      },
    ]);
  });
});
