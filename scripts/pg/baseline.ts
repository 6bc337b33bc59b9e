/**
 * `npm run db:generate:pg`: print PostgreSQL's DDL for the schema as it stands (app/db/pg-ddl.ts).
 * The baseline migration drizzle/pg/0000_baseline.sql was written by it; for a later schema change,
 * write the SQLite migration (`npm run db:generate`) and its PostgreSQL twin in drizzle/pg from the
 * lines this prints for the changed tables. The catalog test proves the two engines agree.
 */
import { schemaDdl } from "../../app/db/pg-ddl";

console.log(schemaDdl().join("\n"));
