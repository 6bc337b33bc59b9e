/** Direct access to the e2e server's database, to age sessions the way time would. */
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import * as schema from "../../drizzle/schema";
import type { Db } from "../../app/db/sqlite-connection.server";
import { sqliteStore } from "../../app/db/sqlite-store.server";
import type { Store } from "../../app/db/store";
import { isPostgresUrl, openPgStore } from "../../app/db/pg-connection.server";
import { pgTestDatabase } from "../setup/pg-sync";

/** The e2e server's database: a SQLite file, or a PostgreSQL URL (`npm run test:e2e:pg`). */
function e2eDatabase(): string {
  const at = process.env.E2E_DATABASE;
  if (!at) throw new Error("E2E_DATABASE is not set (see playwright.config.ts)");
  return at;
}

/**
 * `work` on a connection of its own to the e2e server's database, with better-sqlite3's API (on
 * PostgreSQL through tests/setup/pg-sync.ts, `?` parameters numbered).
 */
export function withE2eDatabase<T>(work: (db: Database.Database) => T): T {
  return withDatabaseAt(e2eDatabase(), work);
}

/** The same on the database at `at` (an own server's: a SQLite file or a PostgreSQL URL). */
export function withDatabaseAt<T>(at: string, work: (db: Database.Database) => T): T {
  if (isPostgresUrl(at)) {
    const db = pgTestDatabase(at);
    try {
      return work(db.$client as unknown as Database.Database);
    } finally {
      db.$client.close();
    }
  }
  const db = new Database(at);
  db.pragma("busy_timeout = 5000");
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** The core's functions on the e2e server's database (seeding as the app itself would). */
export function withCore<T>(work: (db: Db) => T): T {
  const at = e2eDatabase();
  if (isPostgresUrl(at)) {
    const db = pgTestDatabase(at);
    try {
      return work(db);
    } finally {
      db.$client.close();
    }
  }
  return withE2eDatabase((client) => work(drizzle(client, { schema }) as unknown as Db));
}

/**
 * The core's store-based functions on the e2e server's database (ADR 0041): `work` gets a store on
 * its own connection (and the same database as a Db for what has not moved yet), closed once
 * `work` is done and its writes are durable.
 */
export async function withCoreStore<T>(work: (store: Store, db: Db) => Promise<T>): Promise<T> {
  const at = e2eDatabase();
  if (isPostgresUrl(at)) {
    const db = pgTestDatabase(at);
    const store = openPgStore(at, { migrate: false, max: 2 });
    try {
      return await work(store, db);
    } finally {
      await store.close();
      db.$client.close();
    }
  }
  const client = new Database(at);
  client.pragma("busy_timeout = 5000");
  const db = drizzle(client, { schema }) as unknown as Db;
  const store = sqliteStore(db);
  try {
    return await work(store, db);
  } finally {
    await store.close();
  }
}

const ID_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A fresh merchant with a known password, straight into the e2e database: specs that move money use
 * their own merchant, so daily limits and balances never leak between tests or projects.
 */
export async function createTestMerchant(settlementPhone: string | null = "254712345678") {
  const { hashPassword } = await import("../../app/core/passwords.server");
  let code = "";
  for (let i = 0; i < 6; i++) code += ID_ALPHABET[Math.floor(Math.random() * ID_ALPHABET.length)];
  const merchantId = `MRC-${code}`;
  const credentials = { merchantId, username: "owner", password: "e2e merchant password" };
  const passwordHash = await hashPassword(credentials.password);
  withE2eDatabase((db) => {
    const now = Date.now();
    db.prepare(
      "insert into merchants (id, business_name, contact_email, status, created_at) values (?, ?, ?, 'active', ?)",
    ).run(merchantId, `E2E Traders ${code}`, `${code.toLowerCase()}@e2e.example`, now);
    // Paid to this M-Pesa number: a verified default destination (stored as given, as older
    // numbers were).
    if (settlementPhone)
      db.prepare(
        "insert into settlement_destinations (id, merchant_id, rail, phone, status, is_default, created_at, updated_at, verified_at) values (?, ?, 'mpesa', ?, 'verified', 1, ?, ?, ?)",
      ).run(`dst_${code.toLowerCase()}e2e`, merchantId, settlementPhone, now, now, now);
    db.prepare(
      "insert into merchant_users (id, merchant_id, username, role, password_hash, password_set_at, created_at) values (?, ?, 'owner', 'owner', ?, ?, ?)",
    ).run(`usr_${code}`, merchantId, passwordHash, now, now);
  });
  return credentials;
}

/**
 * A sign-in counts as a fresh confirmation for five minutes; a test says so explicitly, so it never
 * depends on how long sign-in took (the confirm page is covered by its own spec).
 */
export function markSteppedUp(merchantId: string) {
  withE2eDatabase((db) =>
    db
      .prepare(
        "update sessions set stepped_up_at = ? where merchant_user_id in (select id from merchant_users where merchant_id = ?)",
      )
      .run(Date.now(), merchantId),
  );
}

/** Another member of a test merchant who can sign in: their credentials. */
export async function addTeamMember(merchantId: string, role: string, username = role) {
  const { hashPassword } = await import("../../app/core/passwords.server");
  const credentials = { merchantId, username, password: `e2e ${role} password 42` };
  const hash = await hashPassword(credentials.password);
  withE2eDatabase((db) => {
    const now = Date.now();
    db.prepare(
      "insert into merchant_users (id, merchant_id, username, role, password_hash, password_set_at, created_at) values (?, ?, ?, ?, ?, ?, ?)",
    ).run(`usr_${username}_${merchantId.slice(4)}`, merchantId, username, role, hash, now, now);
  });
  return credentials;
}

/** An account of a test posting: code, kind, owner (null: the platform's), amount (cents). */
type TestLeg = readonly [code: string, kind: string, ownerId: string | null, amount: number];

/**
 * A balanced KES ledger transaction written straight into the e2e database just now (its accounts
 * made when missing, their cached balances moved), for a spec that needs money in place.
 */
export function postTestTransaction(input: {
  id: string;
  kind: string;
  description: string;
  reference: { type: string; id: string };
  legs: readonly TestLeg[];
}) {
  const at = Date.now();
  withE2eDatabase((db) => {
    const account = (code: string, kind: string, ownerId: string | null) => {
      db.prepare(
        "insert into ledger_accounts (code, currency, kind, owner_id, balance, created_at, updated_at) values (?, 'KES', ?, ?, 0, ?, ?) on conflict (code) do nothing",
      ).run(code, kind, ownerId, at, at);
      return (
        db.prepare("select id from ledger_accounts where code = ?").get(code) as { id: number }
      ).id;
    };
    const { id } = input;
    db.transaction(() => {
      db.prepare(
        "insert into ledger_transactions (id, idempotency_key, kind, description, reference_type, reference_id, fingerprint, created_at) values (?, ?, ?, ?, ?, ?, 'e2e', ?)",
      ).run(
        id,
        `e2e:${id}`,
        input.kind,
        input.description,
        input.reference.type,
        input.reference.id,
        at,
      );
      for (const [code, kind, ownerId, amount] of input.legs) {
        const accountId = account(code, kind, ownerId);
        db.prepare(
          "insert into ledger_entries (transaction_id, account_id, amount, created_at) values (?, ?, ?, ?)",
        ).run(id, accountId, amount, at);
        db.prepare("update ledger_accounts set balance = balance + ? where id = ?").run(
          amount,
          accountId,
        );
      }
    })();
  });
}

/** A collection (KES 2,500 gross, KES 25 fee) posted to the merchant's live ledger just now. */
export function postTestCollection(merchantId: string, paymentId: string) {
  postTestTransaction({
    id: `ltx_e2e${paymentId}`,
    kind: "payment.converted",
    description: `Payment ${paymentId} (INV-7) converted`,
    reference: { type: "payment", id: paymentId },
    legs: [
      ["capital:KES", "equity", null, 250_000],
      // KES 2,500 less the 1% fee and its 10% excise duty (ADR 0059).
      [`merchant:${merchantId}:available:KES`, "liability", merchantId, -247_250],
      ["platform:fee-revenue:KES", "revenue", null, -2_500],
      ["platform:excise-payable:KES", "liability", null, -250],
    ],
  });
}
