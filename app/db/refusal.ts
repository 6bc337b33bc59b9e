/**
 * A refusal raised by a statement (ADR 0049): `onehop_refuse('reason')` in SQL makes the statement
 * fail, and with it the write, with `reason`. A check written this way needs no answer back before
 * the COMMIT: on PostgreSQL it can go out with it (`atCommit`, store.ts), so the row it locks is
 * held for no round trip. PostgreSQL's function is in drizzle/pg (SQLSTATE OH001, the reason as its
 * message); SQLite's is registered on each connection (sqlite-connection.server.ts) and throws a
 * `Refusal`.
 */
/** The SQLSTATE PostgreSQL's `onehop_refuse` raises. */
export const REFUSAL_STATE = "OH001";

/** What SQLite's `onehop_refuse` throws. */
export class Refusal extends Error {
  constructor(readonly reason: string) {
    super(`refused: ${reason}`);
  }
}

/** SQLite's `onehop_refuse(reason)`: always throws. */
export function refuse(reason: unknown): never {
  throw new Refusal(String(reason));
}

/** The reason of a refusal raised by a statement, from whatever the write threw. */
export function refusalOf(error: unknown): string | undefined {
  for (let e = error; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause) {
    if (e instanceof Refusal) return e.reason;
    if ("code" in e && e.code === REFUSAL_STATE && "message" in e) return String(e.message);
  }
  return undefined;
}
