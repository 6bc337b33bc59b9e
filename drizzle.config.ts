import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./drizzle/schema.ts",
  out: "./drizzle",
  dbCredentials: { url: "data/drizzle-kit.sqlite" },
  strict: true,
  verbose: true,
});
