/**
 * API keys for tests, made directly and synchronously on the test's connection (setup outside any
 * store callback, like addMember): the row `createApiKey` would store, and its secret.
 */
import { apiKeys } from "../../drizzle/schema";
import { newApiKey, type NewApiKey } from "~/core/api/keys.server";
import type { Db } from "~/db/sqlite-connection.server";

export function insertApiKey(db: Db, input: NewApiKey): ReturnType<typeof newApiKey> {
  const made = newApiKey(input);
  db.insert(apiKeys).values(made.key).run();
  return made;
}
