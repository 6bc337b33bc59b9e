import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * Import boundaries (docs/decisions/0020-import-boundaries.md). Each area gets exactly ONE
 * `no-restricted-imports` entry, because a later flat-config object replaces a rule's options for
 * the
 * files it matches instead of merging them; so every area lists all the bans that apply to it.
 * tests/lint-boundaries.test.ts proves each ban fires on a deliberate violation.
 */
const ADR = "See docs/decisions/0020-import-boundaries.md.";
const ban = (regex, message) => ({ regex, message: `${message} ${ADR}`, caseSensitive: true });
const bans = {
  deepRelative: ban(
    String.raw`^(\.\./){2,}(?!\.\./|drizzle(/|$)|tests/|scripts/)`,
    "Import app modules through the ~/ alias, not ../../ paths.",
  ),
  serverModule: ban(
    String.raw`\.server(\.[cm]?[jt]sx?)?$`,
    "This module runs in the browser too: it may not import a *.server module.",
  ),
  nodeBuiltin: ban(
    String.raw`^node:`,
    "This module runs in the browser too: no node: built-ins (name it *.server.ts if it needs them).",
  ),
  drizzleDir: ban(
    String.raw`(^|/)drizzle(/|$)`,
    "Only server code in core and utils reads the schema; import vocabularies from ~/core.",
  ),
  database: ban(
    String.raw`^(drizzle-orm|better-sqlite3)(/|$)`,
    "Database access belongs in a core service (app/core/**/*.server.ts).",
  ),
  route: ban(
    String.raw`^(~/|(\.\./)+)(routes/|root$)`,
    "Route modules are entry points: move what they share to a component or a core module.",
  ),
  siblingRoute: ban(
    String.raw`^\./(?!.*\.css$)`,
    "A route may not import another route: move what they share to a component or a core module.",
  ),
  component: ban(
    String.raw`^(~/|(\.\./)+)components(/|$)`,
    "Core is UI-free: it may not import components.",
  ),
  uiFramework: ban(
    String.raw`^(react|react-dom)(/|$)|^@remix-run/`,
    "Core is UI-free: no React or Remix imports.",
  ),
  boot: ban(
    String.raw`(^|/)(boot\.server|env\.server|entry\.server|entry\.client)$|^(~/|(\.\./)+)wiring(/|$)`,
    "Core receives its configuration and clients as parameters: it may not import boot, the environment or the wiring.",
  ),
  simulators: ban(
    String.raw`^(~/|(\.\./)+)simulators(/|$)`,
    "Core talks to providers through their clients; the simulators are started by the wiring in simulator mode only (ADR 0022).",
  ),
  core: ban(
    String.raw`^(~/|(\.\./)+)core(/|$)`,
    "Content is static and isomorphic: it may not import core services.",
  ),
  store: ban(
    String.raw`^(~/|(\.\./)+)db(/|$)`,
    "Routes and components reach the database through a service of the wiring (ADR 0041).",
  ),
  wiring: ban(
    String.raw`^(~/|(\.\./)+)wiring(/|$)`,
    "The wiring composes the app: only entry points (routes, the server entry) import it.",
  ),
  routeSupport: ban(
    String.raw`^(~/|(\.\./)+)route-support(/|$)`,
    "Route support serves route modules only: move what others need to core or utils.",
  ),
};
const restrict = (...patterns) => ["error", { patterns }];

/*
 * The store (docs/decisions/0041-store.md): queries are Drizzle builders, awaited, inside
 * `store.read`/`store.write`; the driver, its synchronous calls, prepared statements and
 * transactions belong to the store's SQLite adapter (app/db/sqlite-*.server.ts) only, and hot
 * queries are prepared through the store's app/db/prepared.ts (tests/lint-store.test.ts proves
 * each rule fires).
 */
const STORE_ADR = "See docs/decisions/0041-store.md.";
const storeRule = (selector, message) => ({ selector, message: `${message} ${STORE_ADR}` });
export const storeRules = [
  storeRule(
    "CallExpression[arguments.length=0] > MemberExpression.callee[property.name=/^(get|all|run)$/]",
    "Await the query builder instead of calling a synchronous .get()/.all()/.run() (SQLite only).",
  ),
  storeRule(
    "CallExpression[arguments.length=0] > MemberExpression.callee[property.name='values'][object.type='CallExpression']",
    "Await the query builder instead of calling a synchronous .values() (SQLite only).",
  ),
  storeRule(
    "MemberExpression[property.name='$client']",
    "The database driver ($client) belongs to the store's SQLite adapter.",
  ),
  storeRule(
    "CallExpression > MemberExpression.callee[property.name=/^(prepare|transaction)$/]",
    "Transactions and prepared statements belong to the store: use store.read/store.write.",
  ),
  storeRule(
    "ImportDeclaration[source.value=/^(better-sqlite3|drizzle-orm\\/better-sqlite3)/]",
    "Only the store's SQLite adapter talks to better-sqlite3.",
  ),
  storeRule(
    "ImportSpecifier[imported.name='getDb']",
    "Take the store from the wiring (core receives it as a parameter), not getDb().",
  ),
];
const testFiles = ["**/*.test.{ts,tsx}"];
const coreBans = [
  bans.deepRelative,
  bans.route,
  bans.component,
  bans.uiFramework,
  bans.boot,
  bans.simulators,
];

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "tests/.tmp/**",
      ".cache/**",
      "packages/*/dist/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Prettier (.prettierrc.json) wraps code at 100 columns; this catches what it cannot wrap.
      // Long strings, URLs and regular expressions are allowed: breaking them hurts grep and
      // reading.
      "max-len": [
        "error",
        {
          code: 100,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
        },
      ],
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read configuration from app/utils/env.server.ts.",
        },
      ],
    },
  },
  {
    files: [
      "app/utils/env.server.ts",
      "scripts/**",
      "tests/**",
      "*.config.{js,ts}",
      "playwright.config.ts",
    ],
    rules: { "no-restricted-properties": "off" },
  },
  // Import boundaries, from the widest area to the narrowest (the last match wins for a file).
  { files: ["app/**/*.{ts,tsx}"], rules: { "no-restricted-imports": restrict(bans.deepRelative) } },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": restrict(
        bans.deepRelative,
        bans.serverModule,
        bans.nodeBuiltin,
        bans.drizzleDir,
        bans.database,
        bans.route,
        bans.store,
      ),
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": restrict(
        bans.deepRelative,
        bans.drizzleDir,
        bans.database,
        bans.route,
        bans.siblingRoute,
        bans.store,
      ),
    },
  },
  {
    files: ["app/content/**/*.{ts,tsx}"],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": restrict(
        bans.deepRelative,
        bans.serverModule,
        bans.nodeBuiltin,
        bans.drizzleDir,
        bans.database,
        bans.core,
        bans.route,
      ),
    },
  },
  {
    // Infrastructure: no composition and no route support (those depend on it, not it on them).
    files: ["app/utils/**/*.server.{ts,tsx}"],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": restrict(bans.deepRelative, bans.wiring, bans.routeSupport),
    },
  },
  {
    files: ["app/utils/**/*.{ts,tsx}"],
    ignores: [...testFiles, "app/utils/**/*.server.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrict(
        bans.deepRelative,
        bans.serverModule,
        bans.nodeBuiltin,
        bans.drizzleDir,
        bans.database,
      ),
    },
  },
  {
    files: ["app/core/**/*.{ts,tsx}"],
    ignores: testFiles,
    rules: { "no-restricted-imports": restrict(...coreBans) },
  },
  {
    // Isomorphic core (no .server suffix): also no server modules, no node: built-ins, no database.
    files: ["app/core/**/*.{ts,tsx}"],
    ignores: [...testFiles, "app/core/**/*.server.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrict(
        ...coreBans,
        bans.serverModule,
        bans.nodeBuiltin,
        bans.drizzleDir,
        bans.database,
      ),
    },
  },
  {
    // The API layer: HTTP in, core services out; no pages, no simulators, no composition.
    files: ["app/api/**/*.{ts,tsx}"],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": restrict(
        bans.deepRelative,
        bans.route,
        bans.component,
        bans.uiFramework,
        bans.simulators,
        bans.wiring,
        bans.routeSupport,
      ),
    },
  },
  {
    // The composition root: it may import every layer it composes, but no page.
    files: ["app/wiring/**/*.{ts,tsx}"],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": restrict(
        bans.deepRelative,
        bans.route,
        bans.component,
        bans.routeSupport,
      ),
    },
  },
  {
    // The simulators stand in for outside providers: they speak the wire formats of core's
    // clients, and know nothing of OneHop's pages, API or composition.
    files: ["app/simulators/**/*.{ts,tsx}"],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": restrict(
        bans.deepRelative,
        bans.route,
        bans.component,
        bans.uiFramework,
        bans.wiring,
        bans.routeSupport,
        ban(String.raw`^(~/|(\.\./)+)api(/|$)`, "A simulator may not import OneHop's API layer."),
      ),
    },
  },
  {
    // Route support: the actions and loaders several routes share; server side, through core.
    files: ["app/route-support/**/*.{ts,tsx}"],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": restrict(
        bans.deepRelative,
        bans.drizzleDir,
        bans.database,
        bans.route,
      ),
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      ...testFiles,
      "app/db/sqlite-*.server.ts",
      // The PostgreSQL adapter: its pool's transactions and migrations (ADR 0046).
      "app/db/pg-*.ts",
      // Opens this process's store on the configured engine (the one place that picks an adapter).
      "app/db/process.server.ts",
      // Hot queries built once per handle, from query builders (ADR 0041, "What the move cost").
      "app/db/prepared.ts",
      // The provider simulators' own SQLite file (synchronous, never the app's database, which may
      // be PostgreSQL): docs/decisions/0045-simulator-state.md.
      "app/simulators/store.server.ts",
    ],
    rules: { "no-restricted-syntax": ["error", ...storeRules] },
  },
  {
    // The SDK's examples are a merchant's own code (their configuration is theirs to read).
    files: ["packages/*/examples/**/*.ts"],
    rules: { "no-restricted-properties": "off" },
  },
);
