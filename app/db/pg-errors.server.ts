/**
 * One line for a PostgreSQL database a process cannot use (ADR 0046), as describeDatabaseError
 * (sqlite-connection.server.ts) gives one for a SQLite file: what failed, where
 * (host:port/database, never the password) and what to check. The scripts print it as `[db] …`,
 * without a stack trace.
 */
import pg from "pg";
import { DatabaseStartError } from "./sqlite-connection.server";
import { isPostgresUrl } from "./pg-connection.server";

/** Network errors of a connection attempt, in words. */
const NETWORK: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  ENOENT: "no such socket",
  EACCES: "permission denied on the socket",
};

/** SQLSTATEs that mean the database could not be reached or entered (a start-up problem). */
const START_STATES = new Set(["3D000", "28P01", "28000", "57P03", "53300", "42501"]);

const MIGRATION_FAILED = /^PostgreSQL migration \S+ failed/;

/** The errors under `error`: itself, its causes, and an AggregateError's first error. */
function chain(error: unknown): object[] {
  const errors: object[] = [];
  for (let e = error; typeof e === "object" && e !== null && errors.length < 8;) {
    errors.push(e);
    const next: unknown = (e as { cause?: unknown }).cause;
    e = next ?? (e instanceof AggregateError ? (e.errors[0] as unknown) : undefined);
  }
  return errors;
}

function codeOf(error: unknown, wanted: (code: string) => boolean): string | undefined {
  for (const e of chain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && wanted(code)) return code;
  }
  return undefined;
}

const sqlStateOf = (error: unknown) => codeOf(error, (code) => /^[0-9A-Z]{5}$/.test(code));
/** A network code of a connection attempt (a file's ENOENT or EACCES is not one). */
function networkCodeOf(error: unknown): string | undefined {
  for (const e of chain(error)) {
    const { code, syscall } = e as { code?: unknown; syscall?: unknown };
    if (typeof code !== "string" || !Object.hasOwn(NETWORK, code)) continue;
    if ((code === "ENOENT" || code === "EACCES") && syscall !== "connect") continue;
    return code;
  }
  return undefined;
}

/** The first non-empty message under `error`, first line only. */
function messageOf(error: unknown): string {
  for (const e of chain(error)) {
    const message = e instanceof Error ? e.message : "";
    if (message.trim()) return message.split("\n")[0]!.trim();
  }
  return String(error).split("\n")[0]!.trim();
}

/** `url` with any password taken out, for a message. */
function withoutPassword(text: string, url: string): string {
  let password = "";
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    // Not a URL the WHATWG parser takes: the pattern below still removes user:password@.
  }
  const scrubbed = text.replace(/(postgres(?:ql)?:\/\/[^:@/\s]*):[^@\s]*@/g, "$1@");
  // A password of a few characters would blank out ordinary words; none is in a driver's message.
  return password.length >= 4 ? scrubbed.split(password).join("***") : scrubbed;
}

/** The server as node-postgres reads `url` (its defaults and PG* variables included). */
function target(url: string): { host: string; port: number; database: string; user: string } {
  // A client is only a configuration until connect() is called.
  const client = new pg.Client({ connectionString: url });
  return {
    host: client.host,
    port: client.port,
    database: client.database ?? "",
    user: client.user ?? "",
  };
}

/** Where `url` points, `host:port/database`, without user or password. */
export function pgWhere(url: string): string {
  try {
    const { host, port, database } = target(url);
    return `${host}:${port}/${database}`;
  } catch {
    return withoutPassword(url, url);
  }
}

/** How a script names the database of DATABASE_URL `url` in a message (never its password). */
export function databaseLabel(url: string): string {
  return isPostgresUrl(url) ? `PostgreSQL ${pgWhere(url)}` : url;
}

/**
 * Whether `error` means the PostgreSQL database cannot be used at all (not a bug in the work done
 * on it): the server unreachable, the database missing, a login or privilege refused, a failed
 * migration, a connection lost.
 */
export function isPgStartError(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state && (START_STATES.has(state) || state.startsWith("08"))) return true;
  if (networkCodeOf(error)) return true;
  const message = messageOf(error);
  return (
    /^Connection terminated|^timeout expired/i.test(message) ||
    /\bSSL\b/.test(message) ||
    chain(error).some((e) => e instanceof Error && MIGRATION_FAILED.test(e.message))
  );
}

/** One line saying what went wrong with the PostgreSQL database at `url`, and what to check. */
export function describePgError(error: unknown, url: string): string {
  const where = pgWhere(url);
  let server = where;
  let database = "";
  let user = "";
  try {
    const parsed = target(url);
    server = `${parsed.host}:${parsed.port}`;
    database = parsed.database;
    user = parsed.user;
  } catch {
    // pgWhere has already fallen back to the URL without its password.
  }
  const reason = withoutPassword(messageOf(error), url);
  const state = sqlStateOf(error);
  const network = networkCodeOf(error);
  const migration = chain(error).find(
    (e): e is Error => e instanceof Error && MIGRATION_FAILED.test(e.message),
  );

  if (migration)
    return `Migrating the PostgreSQL database ${where} failed (${withoutPassword(migration.message.split("\n")[0]!, url)}). Check that the migrations in drizzle/pg match this database and that ${user || "the user"} may create tables in it.`;
  if (state === "3D000")
    return `The PostgreSQL database ${database} does not exist on ${server} (${reason}). Create it (createdb ${database}, or CREATE DATABASE ${database}) or fix the database name in DATABASE_URL.`;
  if (state === "28P01")
    return `PostgreSQL at ${where} refused the password of user ${user} (${reason}). Check the user and password in DATABASE_URL.`;
  if (state === "28000")
    return `PostgreSQL at ${where} refused the login (${reason}). Check the user in DATABASE_URL and the server's pg_hba.conf.`;
  if (state === "42501")
    return `The user ${user} lacks a privilege on the PostgreSQL database ${where} (${reason}). Check that it may connect to the database and create tables in it.`;
  if (state === "57P03")
    return `PostgreSQL at ${where} is not accepting connections (${reason}). Wait for it to finish starting or recovering, then try again.`;
  if (state === "53300")
    return `PostgreSQL at ${where} has no free connection (${reason}). Check the server's max_connections and what else is connected.`;
  if (network)
    return `Cannot connect to PostgreSQL at ${where} (${network}: ${NETWORK[network] ?? reason}). Check that the server is running and listening there, and the host and port in DATABASE_URL.`;
  if (/\bSSL\b/.test(reason))
    return `Cannot connect to PostgreSQL at ${where} (${reason}). Check the sslmode in DATABASE_URL against the server's SSL settings.`;
  if (/^Connection terminated|^timeout expired/i.test(reason))
    return `The connection to PostgreSQL at ${where} ended (${reason}). Check that the server is running and reachable, then try again.`;
  return `Cannot use the PostgreSQL database ${where} (${state ? `${state}: ` : ""}${reason}). Check DATABASE_URL.`;
}

/**
 * The one line a script prints (after `[db] `) when the database at `url` cannot be used: a SQLite
 * file that cannot be opened or migrated, or a PostgreSQL server or database that cannot be
 * reached, entered or migrated. Null for any other error (a bug: let it throw with its stack).
 */
export function describeStartError(error: unknown, url: string): string | null {
  if (error instanceof DatabaseStartError) return error.message;
  if (isPostgresUrl(url) && isPgStartError(error)) return describePgError(error, url);
  return null;
}
