/**
 * Remix's browser build with our patch to its empty-modules plugin (patches/, ADR 0067): a route's
 * import of a `.server` module that only its loader used leaves nothing in the browser's bundle,
 * not even the empty stand-in module and the chunk it used to get. Built with the plugin and the
 * esbuild Remix itself uses, on two routes that share a server-only module, as the app's do.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type * as Esbuild from "esbuild";
import { afterAll, describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const esbuild = require("esbuild") as typeof Esbuild;
const { emptyModulesPlugin } = require("@remix-run/dev/dist/compiler/plugins/emptyModules.js") as {
  emptyModulesPlugin: (ctx: unknown, filter: RegExp) => Esbuild.Plugin;
};

const appDirectory = mkdtempSync(path.join(tmpdir(), "onehop-empty-modules-"));
afterAll(() => rmSync(appDirectory, { recursive: true, force: true }));

const write = (name: string, text: string) => writeFileSync(path.join(appDirectory, name), text);

describe("a .server module in the browser build", () => {
  it("is dropped with its import when nothing in the browser uses it", async () => {
    write("secrets.server.ts", 'export const secret = () => "never in a browser";\n');
    // A route whose loader (taken out of the browser build by Remix) was the only user.
    for (const route of ["a", "b"]) {
      write(
        `${route}.ts`,
        `import { secret } from "./secrets.server";\n` +
          `export const loader = false ? secret : undefined;\n` +
          `export default function Page() { return "page ${route}"; }\n`,
      );
    }
    const result = await esbuild.build({
      entryPoints: ["a", "b"].map((route) => path.join(appDirectory, `${route}.ts`)),
      bundle: true,
      splitting: true,
      format: "esm",
      write: false,
      outdir: path.join(appDirectory, "out"),
      treeShaking: true,
      plugins: [emptyModulesPlugin({ config: { appDirectory } }, /\.server(\.[jt]sx?)?$/)],
    });
    const code = result.outputFiles.map((file) => file.text).join("\n");
    expect(code).toContain("page a");
    expect(code).toContain("page b");
    expect(code).not.toContain("never in a browser");
    // The stand-in (`module.exports = {}`) and the shared chunk that held it are gone.
    expect(code).not.toContain("exports");
    expect(result.outputFiles).toHaveLength(2);
  });
});
