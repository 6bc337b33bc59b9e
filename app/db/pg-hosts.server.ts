/**
 * Several PostgreSQL hosts in one DATABASE_URL, for failover (ADR 0046): libpq's form,
 * `postgres://user:password@host1:5432,host2:5432/onehop?target_session_attrs=read-write`.
 * node-postgres takes one host per connection, so the store keeps the one that is the primary (not
 * in recovery) and, when it is lost, asks each listed host until one answers as the primary.
 */
import pg from "pg";

export interface PgHost {
  host: string;
  port: number;
}

export interface PgHosts {
  hosts: PgHost[];
  /** The URL for one of the hosts (the same user, password, database and parameters). */
  urlFor(host: PgHost): string;
}

const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/;

/** The hosts of a `postgres://` URL (one or several, comma-separated), in the order given. */
export function parsePgHosts(url: string): PgHosts {
  const parts = URL_PARTS.exec(url);
  if (!parts) throw new Error("DATABASE_URL is not a postgres:// URL");
  const [, scheme, auth = "", list = "", rest = ""] = parts;
  // One host (or a socket given as a parameter): the URL as it is.
  if (!list.includes(",")) return { hosts: [{ host: list, port: 0 }], urlFor: () => url };
  // libpq's own parameter: every host is checked for being the primary here anyway.
  const tail = rest.replace(/([?&])target_session_attrs=[^&]*&?/, "$1").replace(/[?&]$/, "");
  const hosts = list.split(",").map((entry) => {
    const match = /^(\[[^\]]+\]|[^:]*)(?::(\d+))?$/.exec(entry);
    if (!match || !match[1]) throw new Error(`DATABASE_URL: cannot read the host "${entry}"`);
    return { host: match[1], port: match[2] ? Number(match[2]) : 5432 };
  });
  return {
    hosts,
    urlFor: ({ host, port }) => `${scheme}${auth}${host}:${port}${tail}`,
  };
}

/**
 * Errors that mean the connection or the server is gone (not the work done on it). A read-only
 * refusal (25006) counts only where several hosts are listed: there it means the host became a
 * standby, elsewhere that the database is read-only, which waiting does not change.
 */
export function isConnectionLoss(
  error: unknown,
  options: { severalHosts?: boolean } = {},
): boolean {
  for (let e = error; typeof e === "object" && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    // Refused, reset, timed out; PostgreSQL's connection exceptions (08…), an administrator's or a
    // crash's shutdown (57P01–57P03), and a read-only server (a standby).
    if (/^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND)$/.test(code))
      return true;
    if (/^(08|57P0[123])/.test(code)) return true;
    if (code === "25006" && options.severalHosts) return true;
  }
  const message = error instanceof Error ? error.message : "";
  return /Connection terminated|connection error|not queryable/i.test(message);
}

/** Whether `url`'s server accepts writes (is a primary): null when it does not answer. */
export async function isPrimary(url: string, timeoutMs: number): Promise<boolean | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on("error", () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ standby: boolean }>(
      "select pg_is_in_recovery() as standby",
    );
    return rows[0]?.standby === false;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}
