/**
 * The import boundaries of docs/decisions/0020-import-boundaries.md, as `npm run lint` enforces
 * them: ESLint (the project's own eslint.config.js) is handed small modules placed in each area,
 * and each deliberate violation must be reported by `no-restricted-imports`, while the imports each
 * area is meant to use pass.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.js") });
});

/**
 * The boundary messages ESLint reports for `code` saved as `file` (a path inside the repository).
 */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result, `ESLint linted ${file}`).toBeDefined();
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal, `${file} parses`).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

const importing = (specifier: string) =>
  `import { thing } from "${specifier}";\nexport const used = thing;\n`;

async function expectBanned(file: string, specifier: string, reason: string) {
  const errors = await boundaryErrors(file, importing(specifier));
  expect(errors, `${file} importing ${specifier}`).toHaveLength(1);
  expect(errors[0]).toContain(reason);
  expect(errors[0]).toContain("0020-import-boundaries");
}

async function expectAllowed(file: string, ...specifiers: string[]) {
  const code = specifiers
    .map((s, i) => `import { thing${i} } from "${s}";\nexport const used${i} = thing${i};\n`)
    .join("");
  expect(await boundaryErrors(file, code), `${file} importing ${specifiers.join(", ")}`).toEqual(
    [],
  );
}

describe("components", () => {
  const file = "app/components/admin/payments/Probe.tsx";

  it("import no *.server module", async () => {
    await expectBanned(file, "~/core/payments/reads.server", "may not import a *.server module");
    await expectBanned(file, "./helpers.server", "may not import a *.server module");
  });

  it("import nothing from drizzle/ nor the database drivers", async () => {
    await expectBanned(
      file,
      "../../../../drizzle/schema",
      "Only server code in core and utils reads the schema",
    );
    await expectBanned(file, "drizzle-orm", "Database access belongs in a core service");
    await expectBanned(file, "better-sqlite3", "Database access belongs in a core service");
  });

  it("import no node: built-in and no route module", async () => {
    await expectBanned(file, "node:crypto", "no node: built-ins");
    await expectBanned(file, "~/routes/admin.payments._index", "Route modules are entry points");
    await expectBanned(file, "~/root", "Route modules are entry points");
  });

  it("may import core vocabularies, other components and isomorphic utils", async () => {
    await expectAllowed(
      file,
      "~/core/payments/statuses",
      "~/components/ui",
      "~/utils/format",
      "./format",
      "@remix-run/react",
    );
  });
});

describe("routes", () => {
  const file = "app/routes/admin.probe.tsx";

  it("import nothing from drizzle/ nor the database drivers", async () => {
    await expectBanned(
      file,
      "../../drizzle/schema",
      "Only server code in core and utils reads the schema",
    );
    await expectBanned(file, "drizzle-orm", "Database access belongs in a core service");
  });

  it("reach the database through the wiring's services, not the store", async () => {
    await expectBanned(file, "~/db/process.server", "through a service of the wiring");
    await expectBanned(file, "~/db/sqlite-connection.server", "through a service of the wiring");
    await expectBanned(
      "app/components/ui/Probe.tsx",
      "~/db/store",
      "through a service of the wiring",
    );
  });

  it("import no other route, root included", async () => {
    await expectBanned(file, "./admin.applications._index", "A route may not import another route");
    await expectBanned(
      file,
      "~/routes/admin.applications._index",
      "Route modules are entry points",
    );
    await expectBanned(file, "~/root", "Route modules are entry points");
    await expectBanned("app/root.tsx", "./routes/$", "A route may not import another route");
  });

  it("may import core services, components, utils and remix", async () => {
    await expectAllowed(
      file,
      "~/core/payments/service.server",
      "~/core/merchants/application-statuses",
      "~/components/layout/StatusPages",
      "~/utils/format",
      "@remix-run/node",
    );
  });

  it("tests beside the routes may still set up the database", async () => {
    await expectAllowed(
      "app/routes/admin-probe.test.ts",
      "../../drizzle/schema",
      "drizzle-orm",
      "./admin.applications._index",
    );
  });
});

describe("content", () => {
  const file = "app/content/marketing/probe.ts";

  it("imports no *.server module and no core", async () => {
    await expectBanned(file, "~/utils/env.server", "may not import a *.server module");
    await expectBanned(file, "~/core/payments/statuses", "may not import core services");
    await expectBanned(
      file,
      "../../../drizzle/schema",
      "Only server code in core and utils reads the schema",
    );
    await expectBanned(file, "node:fs", "no node: built-ins");
  });

  it("imports isomorphic helpers and other content", async () => {
    await expectAllowed(file, "~/utils/format", "~/content/tariff", "../company");
  });
});

describe("core", () => {
  const service = "app/core/payments/probe.server.ts";

  it("imports no simulator", async () => {
    await expectBanned(
      service,
      "~/simulators/custody/index.server",
      "simulators are started by the wiring",
    );
  });

  it("imports no boot, environment or wiring module", async () => {
    const message = "may not import boot, the environment or the wiring";
    await expectBanned(service, "~/wiring/boot.server", message);
    await expectBanned(service, "~/utils/env.server", message);
    await expectBanned(service, "~/wiring/payments.server", message);
    await expectBanned(service, "~/entry.server", message);
  });

  it("imports no route, component, React or Remix", async () => {
    await expectBanned(service, "~/routes/pay.$id", "Route modules are entry points");
    await expectBanned(service, "~/components/payments/labels", "it may not import components");
    await expectBanned(service, "react", "no React or Remix imports");
    await expectBanned(service, "@remix-run/node", "no React or Remix imports");
  });

  it("services may read the schema and other server modules", async () => {
    await expectAllowed(
      service,
      "../../../drizzle/schema",
      "drizzle-orm",
      "~/db/store",
      "./statuses",
      "node:crypto",
    );
  });

  it("isomorphic modules (no .server) import no server module, node: built-in or database", async () => {
    const isomorphic = "app/core/payments/probe.ts";
    await expectBanned(isomorphic, "~/core/ids.server", "may not import a *.server module");
    await expectBanned(isomorphic, "node:crypto", "no node: built-ins");
    await expectBanned(
      isomorphic,
      "../../../drizzle/schema",
      "Only server code in core and utils reads the schema",
    );
    await expectBanned(isomorphic, "drizzle-orm", "Database access belongs in a core service");
    await expectAllowed(isomorphic, "./quote", "~/content/cryptocurrencies", "zod");
  });
});

describe("the API layer", () => {
  const file = "app/api/probe.server.ts";

  it("imports no page, simulator, wiring or route support", async () => {
    await expectBanned(file, "~/routes/api.v1.$", "Route modules are entry points");
    await expectBanned(file, "~/components/ui", "it may not import components");
    await expectBanned(file, "@remix-run/node", "no React or Remix imports");
    await expectBanned(file, "~/simulators/custody/index.server", "simulators are started");
    await expectBanned(file, "~/wiring/payments.server", "only entry points");
    await expectBanned(file, "~/route-support/kyb.server", "serves route modules only");
  });

  it("may import core, utils and its own modules", async () => {
    await expectAllowed(file, "~/core/payments/service.server", "~/utils/http", "./errors.server");
  });
});

describe("the wiring", () => {
  const file = "app/wiring/probe.server.ts";

  it("imports no page and no route support", async () => {
    await expectBanned(file, "~/routes/readyz", "Route modules are entry points");
    await expectBanned(file, "~/components/ui", "it may not import components");
    await expectBanned(file, "~/route-support/mpesa-callback.server", "serves route modules only");
  });

  it("composes core, the API, the simulators and utils", async () => {
    await expectAllowed(
      file,
      "~/core/payments/service.server",
      "~/api/node.server",
      "~/simulators/custody/index.server",
      "~/utils/env.server",
      "./boot.server",
    );
  });
});

describe("the simulators", () => {
  const file = "app/simulators/custody/probe.server.ts";

  it("know nothing of OneHop's pages, API or composition", async () => {
    await expectBanned(file, "~/routes/simulator.custody.$", "Route modules are entry points");
    await expectBanned(file, "~/components/ui", "it may not import components");
    await expectBanned(file, "react", "no React or Remix imports");
    await expectBanned(file, "~/wiring/payments.server", "only entry points");
    await expectBanned(file, "~/api/handle.server", "may not import OneHop's API layer");
  });

  it("speak core's wire formats", async () => {
    await expectAllowed(file, "~/core/providers/custody/types", "../http-kit.server", "node:http");
  });
});

describe("route support", () => {
  const file = "app/route-support/probe.server.ts";

  it("reads no schema or database and imports no route", async () => {
    await expectBanned(
      file,
      "../../drizzle/schema",
      "Only server code in core and utils reads the schema",
    );
    await expectBanned(file, "drizzle-orm", "Database access belongs in a core service");
    await expectBanned(file, "~/routes/merchant.security", "Route modules are entry points");
  });

  it("may import core, the wiring, utils and other route support", async () => {
    await expectAllowed(
      file,
      "~/core/accounts/two-factor.server",
      "~/wiring/payments.server",
      "~/utils/toast.server",
      "./two-factor-flow.server",
    );
  });

  it("is imported by routes, never by infrastructure", async () => {
    await expectAllowed("app/routes/probe.tsx", "~/route-support/security-page.server");
    await expectBanned(
      "app/utils/probe.server.ts",
      "~/route-support/kyb.server",
      "serves route modules only",
    );
    await expectBanned("app/utils/probe.server.ts", "~/wiring/boot.server", "only entry points");
  });
});

describe("paths inside app/", () => {
  it("go through the ~/ alias, not ../../", async () => {
    await expectBanned("app/content/legal/probe.ts", "../../utils/format", "through the ~/ alias");
    await expectBanned(
      "app/utils/sub/probe.server.ts",
      "../../core/audit.server",
      "through the ~/ alias",
    );
  });

  it("may climb out of app/ to drizzle/, tests/ and scripts/ where those are allowed", async () => {
    await expectAllowed(
      "app/core/news/probe.test.ts",
      "../../../tests/setup/db",
      "../../../scripts/seed-news",
      "../../../drizzle/schema",
      "../company",
    );
  });
});
