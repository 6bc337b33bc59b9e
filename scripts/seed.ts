/** Demo data for a fresh machine. Each step is idempotent and says what it did. */
import type { Db } from "../app/utils/db.server";

export async function seed(_db: Db): Promise<string[]> {
  const report: string[] = [];
  return report;
}
