/**
 * A big database for the bench's big-database row (issue 28, part 5): ten times the largest the
 * bench makes otherwise. Made once and kept (`<BENCH_DATA_DIR>/big-<version>.sqlite`, by default
 * `tests/.bench-data/`); each run copies it, so the server's writes never change the kept file.
 *
 * What it holds (`BIG_DB` below): the demo merchant and three more, 1,000,000 payments over the
 * last year across them (settled; one in 500 expired), each settled one with its ledger postings:
 * `payment.converted` (treasury conversion +gross, merchant available -net, fee revenue -fee) and
 * `payout.sent` (merchant available +net, merchant in flight -net): 2,000,000 transactions and
 * 5,000,000 entries, less those of the expired ones (4,990,000), every one balanced, the cached
 * balances the sums of their entries. 100,000 test USDT deposit
 * addresses in the pool. The custody simulator's state as it would be after all that: per payment
 * one vault, one deposit address and one COMPLETED deposit (3,000,000 records), plus a vault and
 * an address per pool address (200,000), in the simulators' own file beside the database
 * (`big-<version>-simulators.sqlite`, ADR 0045), the file the server opens for them.
 *
 * SQLite-only tooling: rows are made by SQL (`insert ... select` over a counter) in a few big
 * transactions, not through the app's code, so it takes about a minute or two.
 *
 * Usage: `tsx scripts/bench/big-database.ts <file>` with the server's environment (the bench calls
 * `ensureBigDatabase`). Prints progress on stderr.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createHash, generateKeyPairSync, randomUUID } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { openSimulatorDatabase, simulatorDatabaseFile } from "../../app/simulators/store.server";

export const BIG_DB = {
  payments: 1_000_000,
  poolAddresses: 100_000,
  merchants: ["MRC-K3NYA2", "MRC-B1GDB2", "MRC-B1GDB3", "MRC-B1GDB4"],
} as const;

/** Bump when what the generator writes changes (the kept file's name carries it). */
const GENERATOR_VERSION = 2; // 2: the simulator records in their own file (ADR 0045)

const DAY_MS = 86_400_000;

function log(line: string) {
  process.stderr.write(`[big-db] ${line}\n`);
}

/**
 * The kept big database's path for this schema (made first if missing). `env` is the bench
 * server's environment (operator bootstrap, simulator mode); `dataDir` where files are kept.
 */
export function ensureBigDatabase(root: string, env: NodeJS.ProcessEnv, dataDir: string): string {
  const journal = readFileSync(path.join(root, "drizzle/meta/_journal.json"));
  const stamp = createHash("sha256")
    .update(journal)
    .update(String(GENERATOR_VERSION))
    .update(JSON.stringify(BIG_DB))
    .digest("hex")
    .slice(0, 12);
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, `big-${stamp}.sqlite`);
  if (existsSync(file) && existsSync(simulatorDatabaseFile(file))) {
    log(`using the kept ${file}`);
    ensureCustodyKeys(file);
    return file;
  }
  const partial = `${file}.partial`;
  for (const each of [partial, simulatorDatabaseFile(partial)])
    for (const suffix of ["", "-wal", "-shm"]) rmSync(each + suffix, { force: true });
  const started = Date.now();
  const made = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts/bench/big-database.ts"), partial],
    { cwd: root, env: { ...env, DATABASE_URL: partial }, stdio: ["ignore", 2, 2] },
  );
  if (made.status !== 0) throw new Error(`making the big database failed (${made.status})`);
  ensureCustodyKeys(partial);
  renameSync(simulatorDatabaseFile(partial), simulatorDatabaseFile(file));
  renameSync(partial, file);
  log(`made ${file} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return file;
}

/**
 * The custody simulator's keys record (tenant, webhook signing key, API key pair), as a simulator
 * that has run keeps it: without it every start would make two RSA keys first.
 */
function ensureCustodyKeys(file: string): void {
  const simulators = simulatorDatabaseFile(file);
  openSimulatorDatabase(simulators).close(); // made with its schema if missing
  const db = new Database(simulators);
  try {
    const found = db
      .prepare("select 1 from simulator_records where simulator = 'custody' and kind = 'keys'")
      .get();
    if (found) return;
    const rsa = () => {
      const pair = generateKeyPairSync("rsa", {
        modulusLength: 2048,
        publicKeyEncoding: { type: "spki", format: "pem" },
        privateKeyEncoding: { type: "pkcs8", format: "pem" },
      });
      return { privateKeyPem: pair.privateKey, publicKeyPem: pair.publicKey };
    };
    const keys = {
      tenantId: randomUUID(),
      signingKeyPem: rsa().privateKeyPem,
      apiKeyPair: { apiKey: randomUUID(), ...rsa() },
    };
    db.prepare(
      "insert into simulator_records (simulator, kind, id, body, updated_at) values ('custody', 'keys', 'keys', ?, ?)",
    ).run(JSON.stringify(keys), Date.now());
    log("custody simulator keys written");
  } finally {
    db.close();
  }
}

/** Copy the kept database and its simulators' file to `target` (the run's own) and beside it. */
export function copyBigDatabase(source: string, target: string): void {
  copyFileSync(source, target);
  copyFileSync(simulatorDatabaseFile(source), simulatorDatabaseFile(target));
}

function generate(file: string) {
  const root = process.cwd();
  const setup = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-setup.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: file },
    stdio: ["ignore", 2, 2],
  });
  if (setup.status !== 0) throw new Error(`db setup failed (${setup.status})`);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -262144");
  db.pragma("temp_store = MEMORY");
  // The custody simulator's records go to the simulators' own file (ADR 0045), attached here so
  // they are made by SQL from the payments and the pool like the rest.
  const simulators = simulatorDatabaseFile(file);
  openSimulatorDatabase(simulators).close(); // its schema (table and 0024's indexes)
  db.prepare("attach database ? as sim").run(simulators);
  db.pragma("sim.synchronous = OFF");
  const now = Date.now();
  const yearAgo = now - 365 * DAY_MS;
  const n = BIG_DB.payments;
  const step = Math.floor((now - DAY_MS - yearAgo) / n);
  const merchants = BIG_DB.merchants;
  const timed = (what: string, run: () => void) => {
    const at = Date.now();
    run();
    log(`${what}: ${((Date.now() - at) / 1000).toFixed(1)} s`);
  };

  timed("merchants", () => {
    const demo = db.prepare("select * from merchants where id = ?").get(merchants[0]) as
      Record<string, unknown> | undefined;
    if (!demo) throw new Error(`no demo merchant ${merchants[0]} after db setup`);
    const insert = db.prepare(
      "insert or ignore into merchants (id, business_name, contact_email, status, settlement_rail, created_at) values (?, ?, ?, 'active', 'mpesa', ?)",
    );
    for (const id of merchants.slice(1))
      insert.run(id, `Big Shop ${id.slice(-1)}`, `${id.toLowerCase()}@shop.example`, yearAgo);
  });

  // A counter table 0..n-1, used by every insert ... select below.
  timed("counter", () => {
    db.exec("create temp table counter (i integer primary key)");
    db.exec(
      `insert into counter (i) with recursive c(i) as (select 0 union all select i + 1 from c where i < ${n - 1}) select i from c`,
    );
  });
  // i -> merchant (the demo merchant has half), amounts, times.
  const merchantOf = `case when i % 2 = 0 then '${merchants[0]}' when i % 6 = 1 then '${merchants[1]}' when i % 6 = 3 then '${merchants[2]}' else '${merchants[3]}' end`;
  const createdAt = `(${yearAgo} + i * ${step})`;
  const grossCents = `(100000 + (i % 997) * 1000)`; // KES 1,000 to KES 10,960
  const feeCents = `(${grossCents} / 100)`;
  const payId = `('pay_big' || substr('0000000' || i, -7))`;
  const address = `('0x' || lower(hex(randomblob(4))) || substr('000000000000000000000000000000000000' || i, -36))`;
  const status = `(case when i % 500 = 7 then 'expired' else 'settled' end)`;

  timed(`${n.toLocaleString("en-KE")} payments`, () => {
    db.transaction(() => {
      db.exec(`insert into payments (id, merchant_id, mode, reference, asset, network, amount_kes_cents,
          fee_kes_cents, quote_rate, market_rate, spread_bps, rate_source, rate_fetched_at,
          crypto_amount_units, quoted_at, expires_at, status, deposit_address, custody_asset_id,
          custody_tx_id, custody_vault_account_id, received_units, confirmations, created_at,
          updated_at, confirmed_at, settled_at, paid_with)
        select ${payId}, ${merchantOf}, 'live', 'ORDER-' || i, 'USDT', 'ethereum', ${grossCents},
          ${feeCents}, '129.50', '130.15', 50, 'coingecko', ${createdAt},
          ${grossCents} * 10000 / 12950, ${createdAt}, ${createdAt} + 900000, ${status},
          ${address}, 'USDT_ERC20',
          case when ${status} = 'settled' then 'simtx-' || i end, cast(i + 1000 as text),
          case when ${status} = 'settled' then ${grossCents} * 10000 / 12950 else 0 end,
          case when ${status} = 'settled' then 12 else 0 end,
          ${createdAt}, ${createdAt} + 120000,
          case when ${status} = 'settled' then ${createdAt} + 60000 end,
          case when ${status} = 'settled' then ${createdAt} + 120000 end, 'crypto'
        from counter`);
    })();
  });

  // Ledger accounts: the platform's and each merchant's (live book).
  const accounts: { code: string; currency: string; kind: string; owner: string | null }[] = [
    { code: "treasury:conversion:KES", currency: "KES", kind: "equity", owner: null },
    { code: "platform:fee-revenue:KES", currency: "KES", kind: "revenue", owner: null },
  ];
  for (const id of merchants) {
    accounts.push({
      code: `merchant:${id}:available:KES`,
      currency: "KES",
      kind: "liability",
      owner: id,
    });
    accounts.push({
      code: `merchant:${id}:in-flight:KES`,
      currency: "KES",
      kind: "liability",
      owner: id,
    });
  }
  const accountId = new Map<string, number>();
  timed("ledger accounts", () => {
    const find = db.prepare("select id from ledger_accounts where code = ?");
    const insert = db.prepare(
      "insert into ledger_accounts (code, currency, kind, owner_id, balance, created_at, updated_at) values (?, ?, ?, ?, 0, ?, ?)",
    );
    for (const account of accounts) {
      const found = find.get(account.code) as { id: number } | undefined;
      const id = found
        ? found.id
        : Number(
            insert.run(
              account.code,
              account.currency,
              account.kind,
              account.owner,
              yearAgo,
              yearAgo,
            ).lastInsertRowid,
          );
      accountId.set(account.code, id);
    }
  });
  const merchantAccount = (which: "available" | "in-flight") =>
    `case ${merchants.map((id) => `when ${merchantOf} = '${id}' then ${accountId.get(`merchant:${id}:${which}:KES`)}`).join(" ")} end`;

  const settled = `from counter where i % 500 <> 7`;
  timed("2,000,000 ledger transactions", () => {
    db.transaction(() => {
      db.exec(`insert into ledger_transactions (id, idempotency_key, kind, description, reference_type,
          reference_id, fingerprint, created_at)
        select 'ltx_big' || i || 'c', ${payId} || ':converted', 'payment.converted',
          'Payment ' || ${payId} || ' collected', 'payment', ${payId}, 'big:' || i || ':c',
          ${createdAt} + 60000 ${settled}`);
      db.exec(`insert into ledger_transactions (id, idempotency_key, kind, description, reference_type,
          reference_id, fingerprint, created_at)
        select 'ltx_big' || i || 's', ${payId} || ':sent', 'payout.sent', null, 'payment', ${payId},
          'big:' || i || ':s', ${createdAt} + 120000 ${settled}`);
    })();
  });
  const net = `(${grossCents} - ${feeCents})`;
  timed("5,000,000 ledger entries", () => {
    db.transaction(() => {
      // In time order, as postings would have written them.
      db.exec(`insert into ledger_entries (transaction_id, account_id, amount, created_at)
        select t, a, amount, at from (
          select i, 0 as k, 'ltx_big' || i || 'c' as t, ${accountId.get("treasury:conversion:KES")} as a, ${grossCents} as amount, ${createdAt} + 60000 as at ${settled}
          union all select i, 1, 'ltx_big' || i || 'c', ${merchantAccount("available")}, -${net}, ${createdAt} + 60000 ${settled}
          union all select i, 2, 'ltx_big' || i || 'c', ${accountId.get("platform:fee-revenue:KES")}, -${feeCents}, ${createdAt} + 60000 ${settled}
          union all select i, 3, 'ltx_big' || i || 's', ${merchantAccount("available")}, ${net}, ${createdAt} + 120000 ${settled}
          union all select i, 4, 'ltx_big' || i || 's', ${merchantAccount("in-flight")}, -${net}, ${createdAt} + 120000 ${settled}
        ) order by i, k`);
      db.exec(`update ledger_accounts set
          balance = balance + coalesce((select sum(amount) from ledger_entries e where e.account_id = ledger_accounts.id and e.transaction_id like 'ltx_big%'), 0),
          updated_at = ${now}
        where id in (${[...accountId.values()].join(", ")})`);
    })();
  });

  const pool = BIG_DB.poolAddresses;
  timed(`${pool.toLocaleString("en-KE")} pool addresses`, () => {
    db.transaction(() => {
      db.exec(`insert into deposit_address_pool (id, mode, asset, network, address, custody_asset_id,
          custody_vault_account_id, created_at)
        select 'dap_big' || i, 'test', 'USDT', 'ethereum',
          '0xbb' || lower(hex(randomblob(3))) || substr('0000000000000000000000000000000000' || i, -34),
          'USDT_ERC20', cast(i + ${n + 1000} as text), ${now} - 1000 + i % 1000
        from counter where i < ${pool}`);
    })();
  });

  timed("custody simulator state (3,200,000 records)", () => {
    db.transaction(() => {
      const vault = (idExpr: string, nameExpr: string, addressExpr: string) =>
        `json_object('id', ${idExpr}, 'name', ${nameExpr}, 'hiddenOnUI', json('true'),
          'customerRefId', null, 'autoFuel', json('false'),
          'wallets', json_array(json_array('USDT_ERC20', json_array(${addressExpr}))),
          'evmAddress', ${addressExpr}, 'nextAddressIndex', 0)`;
      const addressRecord = (idExpr: string, addressExpr: string, nameExpr: string, at: string) =>
        `json_object('address', ${addressExpr}, 'vaultAccountId', ${idExpr},
          'assetIds', json_array('USDT_ERC20'), 'description', ${nameExpr}, 'customerRefId', null,
          'createdAt', ${at})`;
      // Payments' vaults, addresses and deposits, in the order they happened.
      db.exec(`insert into sim.simulator_records (simulator, kind, id, body, updated_at)
        select 'custody', kind, id, body, at from (
          select i, 0 as k, 'vault' as kind, cast(i + 1000 as text) as id,
            ${vault("cast(i + 1000 as text)", `'payment ' || ${payId}`, "p.deposit_address")} as body, ${createdAt} as at
            from counter join payments p on p.id = ${payId}
          union all select i, 1, 'address', p.deposit_address,
            ${addressRecord("cast(i + 1000 as text)", "p.deposit_address", `'payment ' || ${payId}`, createdAt)}, ${createdAt}
            from counter join payments p on p.id = ${payId}
          union all select i, 2, 'tx', 'simtx-' || i,
            json_object('id', 'simtx-' || i, 'asset', 'USDT', 'assetId', 'USDT_ERC20',
              'amount', printf('%.6f', p.crypto_amount_units / 1000000.0), 'amountUSD', printf('%.2f', p.crypto_amount_units / 1000000.0),
              'txHash', '0x' || lower(hex(randomblob(32))), 'sourceAddress', '0x' || lower(hex(randomblob(20))),
              'destinationAddress', p.deposit_address, 'vaultAccountId', cast(i + 1000 as text),
              'vaultName', 'payment ' || ${payId}, 'status', 'COMPLETED', 'subStatus', 'CONFIRMED',
              'numOfConfirmations', 12, 'blockHeight', 21500000 + i, 'blockHash', '0x' || lower(hex(randomblob(32))),
              'createdAt', ${createdAt} + 30000, 'lastUpdated', ${createdAt} + 60000),
            ${createdAt} + 60000
            from counter join payments p on p.id = ${payId} where p.status = 'settled'
        ) order by i, k`);
      db.exec(`insert into sim.simulator_records (simulator, kind, id, body, updated_at)
        select 'custody', kind, id, body, at from (
          select p.created_at as at, p.id as pid, 0 as k, 'vault' as kind, p.custody_vault_account_id as id,
            ${vault("p.custody_vault_account_id", "'pool ' || p.id", "p.address")} as body from deposit_address_pool p
          union all select p.created_at, p.id, 1, 'address', p.address,
            ${addressRecord("p.custody_vault_account_id", "p.address", "'pool ' || p.id", "p.created_at")}
            from deposit_address_pool p
        ) order by at, pid, k`);
      // Vault 0, "Default", with the BTC deposit address (what a fresh simulator makes first).
      const btc = "bc1qbigdb0000000000000000000000000000000000";
      const record = db.prepare(
        "insert into sim.simulator_records (simulator, kind, id, body, updated_at) values ('custody', ?, ?, ?, ?) on conflict do update set body = excluded.body",
      );
      record.run(
        "vault",
        "0",
        JSON.stringify({
          id: "0",
          name: "Default",
          hiddenOnUI: false,
          customerRefId: null,
          autoFuel: false,
          wallets: [["BTC", [btc]]],
          evmAddress: null,
          nextAddressIndex: 1,
        }),
        yearAgo,
      );
      record.run(
        "address",
        btc,
        JSON.stringify({
          address: btc,
          vaultAccountId: "0",
          assetIds: ["BTC"],
          description: null,
          customerRefId: null,
          createdAt: yearAgo,
        }),
        yearAgo,
      );
      record.run(
        "meta",
        "chain",
        JSON.stringify({
          nextVaultId: n + 1000 + pool,
          blockHeights: { BTC: 880_000, ETH: 21_500_000 + n, tron: 68_000_000, base: 23_000_000 },
        }),
        now,
      );
    })();
  });
  timed("analyze", () => db.exec("analyze"));
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.pragma("sim.wal_checkpoint(TRUNCATE)");
  db.exec("detach database sim");
  db.close();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? "")) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: big-database.ts <file>");
  generate(file);
}
