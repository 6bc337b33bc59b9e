/**
 * ADR 0027, "nothing is acknowledged before it is on disk", with a real `kill -9`: a production
 * server of its own (server.mjs on the build, simulators on, its own DATA_DIR, database and port;
 * the database on PostgreSQL under `npm run test:e2e:pg`, else a SQLite file)
 * with a filled test USDT deposit-address pool takes a burst of concurrent `POST /api/v1/payments`
 * (each its own Idempotency-Key and reference) and is killed with SIGKILL while they are in flight.
 * Started again on the same database, every request is retried with its key and body. An API client
 * must see: every retry 201 (fresh, or replayed with `Idempotent-Replayed: true`), the same payment
 * for a request that had its 201 before the kill, exactly one payment (and one payment.created
 * event) per reference, distinct deposit addresses, no address both pooled and given to a payment,
 * and no daily-limit hold left behind.
 */
import { rmSync } from "node:fs";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { isPostgresUrl } from "../../app/db/pg-connection.server";
import { withDatabaseAt } from "./db";
import {
  freePort,
  killOwnServer,
  ownDatabase,
  ownServerEnv,
  prepareOwnServerDir,
  runOwnScript,
  startOwnServer,
  waitFor,
  type OwnServer,
} from "./own-server";
import { DEMO_MERCHANT } from "./auth";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const BURST = 200;
const POOL = 230;
/** The server is killed once this many payments of the burst are committed. */
const KILL_AFTER_COMMITTED = 20;
/** Retries after the restart, this many at a time. */
const RETRIES_AT_ONCE = 6;

let port = 0;
let dataDir = "";
let appDir = "";
let databaseFile = "";
let server: OwnServer | null = null;

function serverEnv(): NodeJS.ProcessEnv {
  return ownServerEnv(
    { port, dataDir, databaseFile, secretLabel: "api-create-restart" },
    {
      // Only the test USDT pool: every create of the burst (and retry) takes a pooled address.
      DEPOSIT_ADDRESS_POOL: `0,test:USDT=${POOL}`,
      SIMULATOR_AUTO_CONFIRM_MS: "0",
      // The burst is about durability, not fairness between integrations.
      API_RATE_LIMIT_PER_SECOND: "100000",
    },
  );
}

/** A tsx script of ours with the server's environment; its stdout. */
function runScript(script: string, args: string[]): string {
  const run = runOwnScript(script, args, serverEnv());
  expect(run.status, `${script}: ${run.stderr}`).toBe(0);
  return run.stdout;
}

/** Its database (a SQLite file, or PostgreSQL under `npm run test:e2e:pg`). */
const withDb = <T>(work: Parameters<typeof withDatabaseAt<T>>[1]): T =>
  withDatabaseAt(databaseFile, work);

/**
 * A count read again and again while the burst runs, without holding up its requests (on
 * PostgreSQL an async client: the synchronous one of withDb would stop this process for each).
 */
async function rowCounter(
  text: string,
): Promise<{ count(): Promise<number>; close(): Promise<void> }> {
  if (isPostgresUrl(databaseFile)) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseFile });
    await client.connect();
    return {
      count: async () => Number((await client.query<{ n: string }>(text)).rows[0]!.n),
      close: () => client.end(),
    };
  }
  const db = new Database(databaseFile, { readonly: true });
  const statement = db.prepare(text);
  return {
    count: async () => (statement.get() as { n: number }).n,
    close: async () => void db.close(),
  };
}

const pooledTestUsdt = () =>
  withDb(
    (db) =>
      (
        db
          .prepare(
            "select count(*) as n from deposit_address_pool where mode = 'test' and asset = 'USDT'",
          )
          .get() as { n: number }
      ).n,
  );

async function start() {
  server = await startOwnServer(appDir, serverEnv(), port);
}

const url = (pathname: string) => `http://127.0.0.1:${port}/api/v1${pathname}`;

/** Wait (bounded) until the API quotes USDT at a live rate: creates answer 503 before that. */
async function liveUsdtRate(key: string) {
  await waitFor("a live USDT rate", async () => {
    const response = await fetch(url("/rates"), { headers: { Authorization: `Bearer ${key}` } });
    if (response.status !== 200) return false;
    const body = (await response.json()) as { data: { asset: string; kind: string }[] };
    return body.data.some((rate) => rate.asset === "USDT" && rate.kind === "live");
  });
}

interface Created {
  status: number;
  replayed: boolean;
  id?: string;
  address?: string | null;
  reference?: string;
  body: string;
}

const idempotencyKey = (n: number) => `api-create-restart-${n}`;
const reference = (n: number) => `KILL9-BURST-${n}`;

async function createPayment(key: string, n: number): Promise<Created> {
  const response = await fetch(url("/payments"), {
    method: "POST",
    headers: {
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/json",
      "Idempotency-Key": idempotencyKey(n),
    },
    body: JSON.stringify({
      amount: 100_000,
      currency: "KES",
      asset: "USDT",
      reference: reference(n),
    }),
  });
  const body = await response.text();
  const parsed = JSON.parse(body) as {
    id?: string;
    deposit_address?: string | null;
    reference?: string;
  };
  return {
    status: response.status,
    replayed: response.headers.get("idempotent-replayed") === "true",
    id: parsed.id,
    address: parsed.deposit_address,
    reference: parsed.reference,
    body,
  };
}

/** Every item of a test-mode list (`/payments`, `/events?type=…`), through every page. */
async function listAll<T extends { id: string }>(key: string, pathname: string): Promise<T[]> {
  const items: T[] = [];
  const joiner = pathname.includes("?") ? "&" : "?";
  let after: string | null = null;
  for (let page = 0; page < 50; page++) {
    const cursor: string = after ? `&starting_after=${after}` : "";
    const response = await fetch(url(`${pathname}${joiner}limit=100${cursor}`), {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: T[]; has_more: boolean };
    items.push(...body.data);
    if (!body.has_more) return items;
    after = body.data.at(-1)!.id;
  }
  throw new Error(`more than 50 pages of ${pathname}`);
}

test.beforeAll(async () => {
  port = await freePort();
  ({ dataDir, appDir } = prepareOwnServerDir(`api-create-restart-${port}`));
  databaseFile = await ownDatabase(`api_create_restart_${port}`, dataDir);
  runScript("scripts/db-setup.ts", []);
});

test.afterAll(async () => {
  if (server) await killOwnServer(server);
  server = null;
  rmSync(dataDir, { recursive: true, force: true });
});

test("a kill -9 in the middle of a burst of API creates: every retry answers the one payment of its request", async () => {
  await start();
  const key = runScript("scripts/apikey-create.ts", [
    "--merchant",
    DEMO_MERCHANT.merchantId,
    "--mode",
    "test",
    "--scopes",
    "payments:read,payments:write",
  ]);
  expect(key).toMatch(/^oh_test_/);
  await waitFor("the test USDT pool to fill", () => pooledTestUsdt() >= POOL, 45_000);
  await liveUsdtRate(key);

  // The burst: every request at once. The server is killed once KILL_AFTER_COMMITTED of them are
  // committed (its database, read-only), while the others are in flight: committed ones whose
  // answer is cut, and ones not committed yet.
  const answered = new Map<number, Created>();
  const cut = new Set<number>();
  let killed: Promise<void> | null = null;
  const committed = await rowCounter(
    "select count(*) as n from payments where mode = 'test' and reference like 'KILL9-BURST-%'",
  );
  let burstOver = false;
  const killer = waitFor(
    "payments of the burst to be committed",
    async () => burstOver || (await committed.count()) >= KILL_AFTER_COMMITTED,
  )
    .then(() => {
      if (!burstOver) killed = killOwnServer(server!);
      return killed;
    })
    .finally(() => committed.close());
  await Promise.all(
    Array.from({ length: BURST }, async (_, n) => {
      try {
        answered.set(n, await createPayment(key, n));
      } catch (error) {
        // Only the kill may cut a request.
        if (!killed)
          throw new Error(
            `request ${n} failed before the kill (${String((error as Error).cause ?? error)}): ${server?.log.join("").slice(-2000)}`,
          );
        cut.add(n);
      }
    }),
  ).finally(() => {
    burstOver = true;
  });
  await killer;
  if (killed) server = null;
  // Whatever was answered before the kill was a fresh 201; requests in flight got no answer.
  expect(
    [...answered.values()].filter((a) => a.status !== 201 || a.replayed).map((a) => a.body),
  ).toEqual([]);
  expect(answered.size, "the kill came in the middle of the burst").toBeLessThan(BURST);
  expect(cut.size, "requests in flight at the kill").toBeGreaterThan(0);

  // Started again on the same database: every request is retried with its key and body.
  await start();
  await liveUsdtRate(key);
  const retried = new Map<number, Created>();
  for (let next = 0; next < BURST; next += RETRIES_AT_ONCE)
    await Promise.all(
      Array.from({ length: Math.min(RETRIES_AT_ONCE, BURST - next) }, async (_, i) => {
        retried.set(next + i, await createPayment(key, next + i));
      }),
    );

  // Every retry is a 201: the payment made before the kill (replayed) or one made now.
  expect(
    [...retried.entries()].filter(([, r]) => r.status !== 201).map(([n, r]) => `${n}: ${r.body}`),
  ).toEqual([]);
  for (const [n, retry] of retried) expect(retry.reference).toBe(reference(n));
  // A request that had its 201 before the kill gets that same payment back, replayed.
  for (const [n, before] of answered) {
    const retry = retried.get(n)!;
    expect(retry.replayed, `request ${n} answered before the kill is replayed`).toBe(true);
    expect(retry.id, `request ${n} keeps its payment`).toBe(before.id);
    expect(retry.address).toBe(before.address);
  }
  const replayedCut = [...cut].filter((n) => retried.get(n)!.replayed).length;

  // Exactly one payment per reference, the one each retry answered, with distinct addresses.
  const ours = new Set(Array.from({ length: BURST }, (_, n) => reference(n)));
  const listed = (
    await listAll<{ id: string; reference: string; deposit_address: string | null }>(
      key,
      "/payments",
    )
  ).filter((payment) => ours.has(payment.reference));
  expect(listed).toHaveLength(BURST);
  expect(new Set(listed.map((payment) => payment.reference)).size).toBe(BURST);
  const idOf = new Map(listed.map((payment) => [payment.reference, payment.id]));
  for (const [n, retry] of retried) expect(retry.id).toBe(idOf.get(reference(n)));
  const addresses = listed.map((payment) => payment.deposit_address);
  expect(addresses.every((address) => typeof address === "string" && address.length > 0)).toBe(
    true,
  );
  expect(new Set(addresses).size).toBe(BURST);

  // One payment.created event per payment (the outbox row is in the payment's transaction).
  const paymentIds = new Set(listed.map((payment) => payment.id));
  const createdEvents = (
    await listAll<{ id: string; data: { object: { id: string } } }>(
      key,
      "/events?type=payment.created",
    )
  ).filter((event) => paymentIds.has(event.data.object.id));
  expect(createdEvents).toHaveLength(BURST);
  expect(new Set(createdEvents.map((event) => event.data.object.id)).size).toBe(BURST);

  // Internal invariants: no given address is still pooled, and no daily-limit hold is left.
  withDb((db) => {
    const ids = [...paymentIds];
    const marks = ids.map(() => "?").join(",");
    const stillPooled = db
      .prepare(
        `select p.id, p.deposit_address from payments p join deposit_address_pool d on d.address = p.deposit_address where p.id in (${marks})`,
      )
      .all(...ids);
    expect(stillPooled).toEqual([]);
    const holds = db
      .prepare(`select payment_id from payment_reservations where payment_id in (${marks})`)
      .all(...ids);
    expect(holds).toEqual([]);
    const anyHold = db
      .prepare("select count(*) as n from payment_reservations where mode = 'test'")
      .get() as { n: number };
    expect(anyHold.n).toBe(0);
  });

  console.log(
    `api create restart: ${answered.size} answered before the kill, ${cut.size} cut by it (${replayedCut} of them committed before it: replayed; ${cut.size - replayedCut} made on retry)`,
  );
});
