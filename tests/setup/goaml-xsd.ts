/**
 * A small XSD validator for the goAML schema, for tests (ADR 0057): no XSD validator is installed
 * here (no xmllint, none in node_modules), so this reads the schema itself and checks a report
 * against it: every element's content model (sequences, choices, minOccurs/maxOccurs, extension)
 * and every simple value (enumerations, lengths, patterns, numeric bounds, fraction digits,
 * xs:int/decimal/boolean/dateTime). It covers what goAML's schema uses (no attributes, no xs:all).
 * As SOURCES.md says, the schema's `^...$` patterns are read without the anchors (the goAML
 * portal's reading; literal in W3C XSD).
 */
import { readFileSync } from "node:fs";
import { SaxesParser } from "saxes";

export interface Tree {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: Tree[];
}

const local = (name: string) => name.slice(name.indexOf(":") + 1);

export function parseXml(text: string): Tree {
  const parser = new SaxesParser();
  const stack: Tree[] = [];
  let root: Tree | undefined;
  parser.on("opentag", (tag) => {
    const node: Tree = {
      name: local(tag.name),
      attributes: Object.fromEntries(
        Object.entries(tag.attributes).map(([key, value]) => [key, String(value)]),
      ),
      text: "",
      children: [],
    };
    if (stack.length > 0) stack[stack.length - 1]!.children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on("text", (text) => {
    if (stack.length > 0) stack[stack.length - 1]!.text += text;
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  parser.write(text).close();
  if (!root) throw new Error("no root element");
  return root;
}

type Occurs = { min: number; max: number };
type Particle =
  | ({ kind: "element"; name: string; decl: Tree } & Occurs)
  | ({ kind: "sequence" | "choice"; items: Particle[] } & Occurs);

const occurs = (node: Tree): Occurs => ({
  min: node.attributes.minOccurs === undefined ? 1 : Number(node.attributes.minOccurs),
  max:
    node.attributes.maxOccurs === "unbounded"
      ? Number.POSITIVE_INFINITY
      : node.attributes.maxOccurs === undefined
        ? 1
        : Number(node.attributes.maxOccurs),
});

export class GoamlSchema {
  private readonly complexTypes = new Map<string, Tree>();
  private readonly simpleTypes = new Map<string, Tree>();
  private readonly root: Tree;

  constructor(xsd: string) {
    const schema = parseXml(xsd);
    for (const child of schema.children) {
      if (child.name === "complexType") this.complexTypes.set(child.attributes.name!, child);
      if (child.name === "simpleType") this.simpleTypes.set(child.attributes.name!, child);
    }
    this.root = schema.children.find((child) => child.name === "element")!;
  }

  static fromFile(path: string): GoamlSchema {
    return new GoamlSchema(readFileSync(path, "utf8"));
  }

  /** The enumeration of a named simple type (e.g. "report_type"). */
  enumeration(type: string): string[] {
    const found = this.simpleTypes.get(type);
    if (!found) throw new Error(`no simple type ${type}`);
    return facetsOf(found)
      .filter((facet) => facet.name === "enumeration")
      .map((facet) => facet.attributes.value!);
  }

  /** Every error in `xml` (empty: valid). */
  validate(xml: string): string[] {
    const document = parseXml(xml);
    const errors: string[] = [];
    if (document.name !== this.root.attributes.name)
      return [`root is <${document.name}>, not <${this.root.attributes.name}>`];
    this.checkElement(document, this.root, "/report", errors);
    return errors;
  }

  private checkElement(node: Tree, decl: Tree, path: string, errors: string[]): void {
    const type = decl.attributes.type;
    const inlineComplex = decl.children.find((child) => child.name === "complexType");
    const inlineSimple = decl.children.find((child) => child.name === "simpleType");
    if (inlineComplex) return this.checkComplex(node, inlineComplex, path, errors);
    if (inlineSimple) return this.checkSimpleElement(node, inlineSimple, path, errors);
    if (type && this.complexTypes.has(type))
      return this.checkComplex(node, this.complexTypes.get(type)!, path, errors);
    if (type) return this.checkSimpleElement(node, type, path, errors);
    errors.push(`${path}: the schema gives no type`);
  }

  private checkSimpleElement(
    node: Tree,
    type: Tree | string,
    path: string,
    errors: string[],
  ): void {
    if (node.children.length > 0) {
      errors.push(`${path}: a simple value may not have child elements`);
      return;
    }
    for (const problem of this.checkValue(node.text, type)) errors.push(`${path}: ${problem}`);
  }

  /** The content particle of a complex type, with an extension's base content first. */
  private particleOf(complex: Tree): Particle {
    const content = complex.children.find((child) => child.name === "complexContent");
    if (content) {
      const extension = content.children.find((child) => child.name === "extension")!;
      const base = this.particleOf(this.complexTypes.get(extension.attributes.base!)!);
      const own = extension.children.find(
        (child) => child.name === "sequence" || child.name === "choice",
      );
      return {
        kind: "sequence",
        min: 1,
        max: 1,
        items: own ? [base, this.particle(own)] : [base],
      };
    }
    const group = complex.children.find(
      (child) => child.name === "sequence" || child.name === "choice",
    );
    return group ? this.particle(group) : { kind: "sequence", min: 1, max: 1, items: [] };
  }

  private particle(node: Tree): Particle {
    if (node.name === "element")
      return { kind: "element", name: node.attributes.name!, decl: node, ...occurs(node) };
    return {
      kind: node.name as "sequence" | "choice",
      items: node.children
        .filter((child) => ["element", "sequence", "choice"].includes(child.name))
        .map((child) => this.particle(child)),
      ...occurs(node),
    };
  }

  private checkComplex(node: Tree, complex: Tree, path: string, errors: string[]): void {
    if (node.text.trim() !== "") errors.push(`${path}: text where only elements may be`);
    const children = node.children;
    const valid = new Map<Tree, { ok: boolean; errors: string[] }>();
    const elementOk = (child: Tree, decl: Tree, index: number) => {
      let found = valid.get(child);
      if (!found) {
        const own: string[] = [];
        this.checkElement(child, decl, `${path}/${child.name}[${index}]`, own);
        found = { ok: own.length === 0, errors: own };
        valid.set(child, found);
      }
      return found.ok;
    };
    let farthest = 0;
    const match = (particle: Particle, from: Set<number>): Set<number> => {
      let current = new Set(from);
      const reached = new Set<number>();
      if (particle.min === 0) for (const at of current) reached.add(at);
      for (let count = 1; count <= particle.max && current.size > 0; count++) {
        const next = new Set<number>();
        for (const at of current) for (const end of once(particle, at)) next.add(end);
        // No progress (an empty match repeated): stop.
        const fresh = [...next].filter((at) => !reached.has(at) || count < particle.min);
        if (count >= particle.min) for (const at of next) reached.add(at);
        current = new Set(fresh);
      }
      return reached;
    };
    const once = (particle: Particle, at: number): Set<number> => {
      if (particle.kind === "element") {
        const child = children[at];
        if (child && child.name === particle.name && elementOk(child, particle.decl, at)) {
          farthest = Math.max(farthest, at + 1);
          return new Set([at + 1]);
        }
        return new Set();
      }
      if (particle.kind === "choice") {
        const ends = new Set<number>();
        for (const item of particle.items)
          for (const end of match(item, new Set([at]))) ends.add(end);
        return ends;
      }
      let positions = new Set([at]);
      for (const item of particle.items) positions = match(item, positions);
      return positions;
    };
    const ends = match(this.particleOf(complex), new Set([0]));
    if (!ends.has(children.length)) {
      const stuck = children[farthest];
      const inner = stuck ? valid.get(stuck)?.errors : undefined;
      if (inner && inner.length > 0) errors.push(...inner);
      else
        errors.push(
          `${path}: content does not match the schema at child ${farthest}` +
            (stuck ? ` <${stuck.name}>` : " (something required is missing at the end)"),
        );
    }
  }

  private checkValue(value: string, type: Tree | string): string[] {
    if (typeof type === "string") {
      if (type.startsWith("xs:")) return builtin(value, type);
      const named = this.simpleTypes.get(type);
      if (!named) return [`unknown type ${type}`];
      return this.checkValue(value, named);
    }
    const restriction = type.children.find((child) => child.name === "restriction");
    if (!restriction) return [];
    const problems = this.checkValue(value, restriction.attributes.base!);
    const facets = facetsOf(type);
    const enumeration = facets.filter((facet) => facet.name === "enumeration");
    if (enumeration.length > 0 && !enumeration.some((facet) => facet.attributes.value === value))
      problems.push(`"${value}" is not in the enumeration`);
    for (const facet of facets) {
      const limit = facet.attributes.value!;
      if (facet.name === "maxLength" && value.length > Number(limit))
        problems.push(`"${value}" is longer than ${limit}`);
      if (facet.name === "minLength" && value.length < Number(limit))
        problems.push(`"${value}" is shorter than ${limit}`);
      if (facet.name === "pattern") {
        const source = limit.replace(/^\^/, "").replace(/\$$/, "");
        if (!new RegExp(`^(?:${source})$`).test(value))
          problems.push(`"${value}" does not match ${limit}`);
      }
      const numeric = /^-?\d+(\.\d+)?$/.test(limit);
      if (facet.name === "minInclusive")
        if (numeric ? Number(value) < Number(limit) : value < limit)
          problems.push(`"${value}" is below ${limit}`);
      if (facet.name === "maxInclusive" && numeric && Number(value) > Number(limit))
        problems.push(`"${value}" is above ${limit}`);
      if (facet.name === "fractionDigits" && (value.split(".")[1] ?? "").length > Number(limit))
        problems.push(`"${value}" has more than ${limit} decimals`);
    }
    return problems;
  }
}

function facetsOf(simple: Tree): Tree[] {
  return simple.children.find((child) => child.name === "restriction")?.children ?? [];
}

function builtin(value: string, type: string): string[] {
  const ok: Record<string, RegExp> = {
    "xs:string": /[\s\S]*/,
    "xs:int": /^-?\d{1,10}$/,
    "xs:integer": /^-?\d+$/,
    "xs:decimal": /^-?(\d+(\.\d*)?|\.\d+)$/,
    "xs:boolean": /^(true|false|1|0)$/,
    "xs:dateTime": /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/,
  };
  const pattern = ok[type];
  if (!pattern) return [`unsupported built-in type ${type}`];
  return pattern.test(value) ? [] : [`"${value}" is not a valid ${type}`];
}
