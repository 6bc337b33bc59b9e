/**
 * Does a live process load simulator code at start? Run after `remix build`:
 *   npx tsx scripts/live-bundle-check.ts [build/metafile.server.json]
 *
 * The classic compiler bundles the whole server into one file, build/index.js, dynamic `import()`s
 * included: esbuild inlines a dynamically imported module but wraps it (and everything only it
 * imports) in a lazy initialiser that runs when the `import()` runs. So the simulators are in the
 * file, but their code runs only if something reaches them through static imports from the entry,
 * or when the wiring's `import()` runs in simulator mode. This check follows the static imports
 * from the bundle's entry in esbuild's metafile and fails (exit 1) if any simulator module is among
 * them, printing the import chain that loads it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface Metafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
  outputs: Record<string, { entryPoint?: string }>;
}

/** Simulator code: the simulators themselves and the wiring that starts them. */
export const isSimulatorModule = (input: string) =>
  input.startsWith("app/simulators/") || input.startsWith("app/wiring/simulators/");

/**
 * Simulator modules evaluated when the bundle loads (reached from an entry through static imports
 * only), each with the chain of importers from the entry: empty when none is.
 */
export function simulatorsLoadedAtStart(metafile: Metafile): { module: string; chain: string[] }[] {
  const importedBy = new Map<string, string>();
  const entries = Object.values(metafile.outputs)
    .map((output) => output.entryPoint)
    .filter((entry): entry is string => entry !== undefined);
  const seen = new Set<string>(entries);
  const queue = [...entries];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const edge of metafile.inputs[next]?.imports ?? []) {
      if (edge.external || edge.kind === "dynamic-import" || seen.has(edge.path)) continue;
      seen.add(edge.path);
      importedBy.set(edge.path, next);
      queue.push(edge.path);
    }
  }
  return [...seen].filter(isSimulatorModule).map((module) => {
    const chain = [module];
    for (let parent = importedBy.get(module); parent !== undefined; parent = importedBy.get(parent))
      chain.push(parent);
    return { module, chain };
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? "build/metafile.server.json";
  const metafile = JSON.parse(readFileSync(file, "utf8")) as Metafile;
  const bundled = Object.keys(metafile.inputs).filter(isSimulatorModule);
  const loaded = simulatorsLoadedAtStart(metafile);
  if (loaded.length > 0) {
    for (const { chain } of loaded)
      process.stderr.write(`loaded at start: ${chain.join(" <- ")}\n`);
    process.exit(1);
  }
  process.stdout.write(
    `${bundled.length} simulator modules in the bundle, none loaded at start (each only behind a dynamic import()).\n`,
  );
}
