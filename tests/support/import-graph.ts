/**
 * The import graph of a set of modules and the cycles in it (tests/core-cycles.test.ts).
 *
 * An edge is an import that runs when the module is evaluated: `import … from`, `import "…"` and
 * `export … from`. Not edges: type-only imports and re-exports (`import type`, `export type`, or
 * `import { type A, type B }` where every name is a type: TypeScript and esbuild erase them, so
 * they cannot make a module see another half-evaluated), and dynamic `import()` (it runs later,
 * when every static import has been evaluated). Specifiers are resolved the way the project's
 * tools do: `~/x` is `app/x`, relative paths from the importing file, with `.ts`, `.tsx` or
 * `/index.ts(x)` appended; anything else (packages, node built-ins) is outside the graph.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export type ImportGraph = Map<string, Set<string>>;

/** The runtime import specifiers of one module's source (see the header for what counts). */
export function runtimeImports(source: string, fileName = "module.ts"): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined &&
        !clause.name &&
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((element) => element.isTypeOnly);
      if (onlyTypes) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier))
        specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      if (
        clause &&
        ts.isNamedExports(clause) &&
        clause.elements.length > 0 &&
        clause.elements.every((element) => element.isTypeOnly)
      )
        continue;
      if (ts.isStringLiteral(statement.moduleSpecifier))
        specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The file a specifier names (relative to `root`), or undefined when it is not one of ours. */
export function resolveSpecifier(
  root: string,
  fromFile: string,
  specifier: string,
): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return undefined;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every `.ts`/`.tsx` file under `dir`, test files excluded. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
  }
  return files.sort();
}

/**
 * The graph of `files` (absolute paths), with edges only between them; node names are paths
 * relative to `root`.
 */
export function importGraph(root: string, files: readonly string[]): ImportGraph {
  const inside = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const edges = new Set<string>();
    for (const specifier of runtimeImports(fs.readFileSync(file, "utf8"), file)) {
      const target = resolveSpecifier(root, file, specifier);
      if (target && inside.has(target)) edges.add(path.relative(root, target));
    }
    graph.set(path.relative(root, file), edges);
  }
  return graph;
}

/**
 * The cycles of a graph: one per strongly connected component with more than one module (or a
 * module importing itself), with its members and a path that starts and ends at the same module
 * (`a -> b -> c -> a`). Tarjan's algorithm finds the components; a breadth-first search inside each
 * gives a shortest cycle through its first module, so the message names real imports.
 */
export interface Cycle {
  /** Every module of the strongly connected component, sorted. */
  members: string[];
  /** One shortest cycle through its first member: `[a, b, c, a]`. */
  path: string[];
}

export function findCycles(graph: ImportGraph): Cycle[] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const nodes = [...graph.keys()].sort();

  const strongConnect = (start: string) => {
    // Iterative (the graph may be deep): each frame is a node and its remaining neighbours.
    const frames: { node: string; next: string[] }[] = [];
    const enter = (node: string) => {
      indices.set(node, index);
      lowlinks.set(node, index);
      index++;
      stack.push(node);
      onStack.add(node);
      frames.push({ node, next: [...(graph.get(node) ?? [])].sort() });
    };
    enter(start);
    while (frames.length > 0) {
      const frame = frames.at(-1)!;
      const neighbour = frame.next.shift();
      if (neighbour !== undefined) {
        if (!indices.has(neighbour)) enter(neighbour);
        else if (onStack.has(neighbour))
          lowlinks.set(frame.node, Math.min(lowlinks.get(frame.node)!, indices.get(neighbour)!));
        continue;
      }
      frames.pop();
      const parent = frames.at(-1);
      if (parent)
        lowlinks.set(parent.node, Math.min(lowlinks.get(parent.node)!, lowlinks.get(frame.node)!));
      if (lowlinks.get(frame.node) === indices.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component.sort());
      }
    }
  };
  for (const node of nodes) if (!indices.has(node)) strongConnect(node);

  const cycles: Cycle[] = [];
  for (const component of components) {
    const first = component[0]!;
    if (component.length === 1 && !graph.get(first)?.has(first)) continue;
    const members = new Set(component);
    // Shortest path from `first` back to itself inside the component.
    const previous = new Map<string, string>();
    const queue = [first];
    let closing: string | undefined;
    while (queue.length > 0 && closing === undefined) {
      const node = queue.shift()!;
      for (const next of [...(graph.get(node) ?? [])].sort()) {
        if (!members.has(next)) continue;
        if (next === first) {
          closing = node;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    const cycle = [first];
    for (let node = closing!; node !== first; node = previous.get(node)!) cycle.splice(1, 0, node);
    cycle.push(first);
    cycles.push({ members: component, path: cycle });
  }
  return cycles.sort((a, b) => a.members[0]!.localeCompare(b.members[0]!));
}

/** A cycle as a test failure names it: the path, then every module of its component. */
export const describeCycle = ({ members, path: cycle }: Cycle) =>
  `${cycle.join(" -> ")} (${members.length} modules: ${members.join(", ")})`;
