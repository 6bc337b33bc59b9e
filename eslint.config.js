import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/**", "public/build/**", "node_modules/**", "test-results/**", "playwright-report/**", "tests/.tmp/**", ".cache/**"],
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
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration from app/utils/env.server.ts." },
      ],
    },
  },
  {
    files: ["app/utils/env.server.ts", "scripts/**", "tests/**", "*.config.{js,ts}", "playwright.config.ts"],
    rules: { "no-restricted-properties": "off" },
  },
);
