/** Direct access to the e2e server's database, to age sessions the way time would. */
import Database from "better-sqlite3";

export function withE2eDatabase<T>(work: (db: Database.Database) => T): T {
  const file = process.env.E2E_DATABASE;
  if (!file) throw new Error("E2E_DATABASE is not set (see playwright.config.ts)");
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  try {
    return work(db);
  } finally {
    db.close();
  }
}
