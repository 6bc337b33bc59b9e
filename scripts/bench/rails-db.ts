/**
 * The rails row's database work (scripts/bench/rails.ts), run as a child process with the bench
 * server's environment (DATABASE_URL), like seed-articles.ts:
 *
 *   rails-db.ts seed <merchants>   merchants spread over the four rails, each with a verified
 *                                  default destination, a verified second one on another rail,
 *                                  failover allowed, and a test API key; prints them as JSON.
 *   rails-db.ts check <json>       what happened to the row's payments, from the database:
 *                                  statuses, transfers, failovers, the money per merchant, the
 *                                  ledger, the simulators' own records, and the time from each
 *                                  confirmation to the rail request; prints JSON.
 */
import { createKeyFromCommandLine } from "../../app/core/api/key-management.server";
import { insertVerifiedDestination } from "../../app/core/destinations/destinations.server";
import type { DestinationAddress } from "../../app/core/destinations/schema";
import {
  findUnbalancedTransactions,
  merchantBalances,
  trialBalanceByBook,
  verifyBalances,
} from "../../app/core/ledger/ledger.server";
import Database from "better-sqlite3";
import { sqliteStore } from "../../app/db/sqlite-store.server";
import { simulatorDatabaseFile } from "../../app/simulators/store.server";
import { openDatabase, type Db } from "../../app/db/sqlite-connection.server";
import { env } from "../../app/utils/env.server";
import { merchants, merchantUsers } from "../../drizzle/schema";

export const RAIL_IDS = ["mpesa", "airtel-money", "t-kash", "pesalink"] as const;
export type BenchRail = (typeof RAIL_IDS)[number];

/** The row's payments carry this reference prefix; its merchants, this business name prefix. */
export const RAILS_REFERENCE_PREFIX = "bench-rails-";
const BUSINESS_PREFIX = "Bench rails shop ";

export interface SeededMerchant {
  id: string;
  apiKey: string;
  defaultRail: BenchRail;
  fallbackRail: BenchRail;
  /** Account numbers of its PesaLink destinations (default or fallback), for the simulator. */
  pesalinkAccounts: string[];
}

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

/** MRC-R<a><b>RQ5: unique for up to 900 merchants, valid merchant ids. */
const merchantId = (i: number) => `MRC-R${ALPHABET[i % 30]}${ALPHABET[Math.floor(i / 30) % 30]}RQ5`;

function address(rail: BenchRail, i: number, second: boolean): DestinationAddress {
  const n = String(i * 2 + (second ? 1 : 0)).padStart(5, "0");
  switch (rail) {
    case "mpesa":
      return { rail, phone: `+2547122${n}` };
    case "airtel-money":
      // 733000001-733000007 are the Airtel simulator's magic numbers: stay clear of them.
      return { rail, phone: `+2547331${n}` };
    case "t-kash":
      return { rail, phone: `+25477${n}11` };
    case "pesalink":
      return {
        rail,
        bankCode: "01",
        accountNumber: `11002${n}`,
        accountName: `${BUSINESS_PREFIX}${i}`,
      };
  }
}

async function seed(db: Db, count: number): Promise<SeededMerchant[]> {
  const store = sqliteStore(db);
  const now = Date.now();
  const seeded: SeededMerchant[] = [];
  for (let i = 0; i < count; i++) {
    const id = merchantId(i);
    const defaultRail = RAIL_IDS[i % 4]!;
    // Another rail, spread over the other three.
    const fallbackRail = RAIL_IDS[(i + 1 + (Math.floor(i / 4) % 3)) % 4]!;
    db.insert(merchants)
      .values({
        id,
        businessName: `${BUSINESS_PREFIX}${i}`,
        contactEmail: `${id.toLowerCase()}@bench.example`,
        settlementFailover: true,
        createdAt: now,
      })
      .run();
    const first = address(defaultRail, i, false);
    const second = address(fallbackRail, i, true);
    // The first one inserted is the default.
    await insertVerifiedDestination(store, id, first, now, {
      registeredName: `${BUSINESS_PREFIX}${i}`,
    });
    await insertVerifiedDestination(store, id, second, now, {
      registeredName: `${BUSINESS_PREFIX}${i}`,
    });
    // The key is a member's (ADR 0038): the merchant's owner.
    db.insert(merchantUsers)
      .values({
        id: `usr_bench_${i}`,
        merchantId: id,
        username: "owner",
        role: "owner",
        createdAt: now,
      })
      .run();
    const made = await createKeyFromCommandLine(
      store,
      id,
      {
        name: "Bench rails",
        mode: "test",
        scopes: ["payments:read", "payments:write"],
        expiresAt: null,
      },
      now,
    );
    if (!made.ok) throw new Error(`could not make an API key for ${id}: ${made.reason}`);
    seeded.push({
      id,
      apiKey: made.secret,
      defaultRail,
      fallbackRail,
      pesalinkAccounts: [first, second].flatMap((a) =>
        a.rail === "pesalink" ? [a.accountNumber] : [],
      ),
    });
  }
  return seeded;
}

// ---- check ----

export interface CheckArguments {
  /** The rail made to fail, and when (epoch ms); when it was given back (null: not yet). */
  failedRail: BenchRail;
  outageAt: number;
  recoveredAt: number | null;
}

export interface LatencyFigures {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export interface RailLatency {
  /** confirmed_at -> transfers.sent_at, first sends only (attempts = 1, not a retry). */
  sentAt: LatencyFigures | null;
  /** Transfers of this rail left out above: sent on a later attempt (the rail was down). */
  laterAttempts: number;
  /** confirmed_at -> the simulator's own time of receiving the request (not kept by T-Kash). */
  simulatorAt: LatencyFigures | null;
}

export interface CheckFigures {
  payments: number;
  byStatus: Record<string, number>;
  /** Payments of the row not settled, with their transfers (the first 20). */
  unsettled: { id: string; status: string; transfers: string[] }[];
  transfersByRail: Record<string, Record<string, number>>;
  failedOver: number;
  failedOverByRoute: Record<string, number>;
  /** Payments of the failed rail's merchants confirmed after the outage began, by where paid. */
  failedRailShare: {
    confirmedAfterOutage: number;
    paidOnFallback: number;
    onFailedRail: number;
    onFailedRailUnpaid: number;
  };
  /** Merchants whose nets differ from paid + in flight + available (cents; must be none). */
  moneyMismatches: {
    merchant: string;
    nets: string;
    paid: string;
    open: string;
    available: string;
  }[];
  totals: { nets: string; paid: string; open: string; available: string; inFlightLedger: string };
  ledger: {
    trialBalance: Record<string, Record<string, string>>;
    mismatches: number;
    unbalanced: number;
  };
  simulators: Record<
    string,
    {
      records: number;
      paid: number;
      paidButNotOurs: string[];
      oursButNotPaid: string[];
      /** Our transfers the simulator holds more than one paid record of. */
      paidTwice: string[];
    }
  >;
  /** Payments with two succeeded transfers for the same (payment, sequence) or retry chain. */
  paidTwice: string[];
  latencyMs: Record<string, RailLatency>;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] ?? 0;

function figures(values: number[]): LatencyFigures | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1)!,
  };
}

interface TransferRow {
  id: string;
  merchant_id: string;
  payment_id: string | null;
  sequence: number;
  rail: BenchRail;
  status: string;
  attempts: number;
  amount: string;
  charge: string;
  fee: string;
  retry_of: string | null;
  sent_at: number | null;
  confirmed_at: number | null;
}

/** A transfer of ours as the simulators' records are compared with it. */
export interface ComparedTransfer {
  id: string;
  rail: string;
  status: string;
}

export type SimulatorFigures = CheckFigures["simulators"];

/**
 * The simulators' records (`simulator_records`, in their own file beside ours: ADR 0045): what
 * each paid vs `transfers` (records of other transfers are left out). Also each transfer's
 * receipt time at its simulator, where it keeps one. Shared by the rails row and the payouts
 * row (payouts-db.ts).
 */
export function compareWithSimulators(
  db: Db,
  transfers: readonly ComparedTransfer[],
): { simulators: SimulatorFigures; simulatorAt: Map<string, number> } {
  const simulatorsDb = new Database(simulatorDatabaseFile(db.$client.name), {
    readonly: true,
    fileMustExist: true,
  });
  const sqlite = {
    prepare: (text: string) => simulatorsDb.prepare(text).safeIntegers(false),
  };
  const ourTransfers = new Map(transfers.map((t) => [t.id, t]));
  const byPesalinkReference = new Map(transfers.map((t) => [t.id.replace(/[^A-Za-z0-9]/g, ""), t]));
  const simulatorSpecs = {
    daraja: {
      paid: (b: Record<string, unknown>) => b.status === "Completed",
      at: "initiatedAt",
      id: (b: Record<string, unknown>) => ourTransfers.get(String(b.originatorConversationId)),
    },
    "airtel-money": {
      paid: (b: Record<string, unknown>) => b.status === "TS",
      at: "createdAt",
      id: (b: Record<string, unknown>) => ourTransfers.get(String(b.id)),
    },
    pesalink: {
      paid: (b: Record<string, unknown>) => b.state === "SUCCESS",
      at: "at",
      id: (b: Record<string, unknown>) => byPesalinkReference.get(String(b.reference)),
    },
    "t-kash": {
      paid: (b: Record<string, unknown>) => b.status === "COMPLETED",
      at: "created",
      id: (b: Record<string, unknown>) => ourTransfers.get(String(b.payoutId)),
    },
  } as const;
  /** Where each simulator keeps its transactions in `simulator_records` (simulator, kind). */
  const storedAs = {
    daraja: ["daraja", "tx"],
    "airtel-money": ["airtel", "tx"],
    pesalink: ["pesalink", "tx"],
    "t-kash": ["tkash", "payout"],
  } as const;
  const simulators: SimulatorFigures = {};
  const simulatorAt = new Map<string, number>();
  for (const [rail, spec] of Object.entries(simulatorSpecs)) {
    const records = sqlite
      .prepare("select body from simulator_records where simulator = ? and kind = ?")
      .all(...storedAs[rail as keyof typeof storedAs]) as { body: string }[];
    const figures = {
      records: 0,
      paid: 0,
      paidButNotOurs: [] as string[],
      oursButNotPaid: [] as string[],
      paidTwice: [] as string[],
    };
    const paidIds = new Set<string>();
    for (const { body } of records) {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      const transfer = spec.id(parsed);
      if (!transfer) continue; // another row's or a verification payout
      figures.records++;
      const at = parsed[spec.at];
      if (typeof at === "number") simulatorAt.set(transfer.id, at);
      if (spec.paid(parsed)) {
        figures.paid++;
        if (paidIds.has(transfer.id)) figures.paidTwice.push(transfer.id);
        paidIds.add(transfer.id);
        if (transfer.status !== "succeeded")
          figures.paidButNotOurs.push(`${transfer.id} (${transfer.status})`);
      }
    }
    for (const t of transfers)
      if (t.rail === rail && t.status === "succeeded" && !paidIds.has(t.id))
        figures.oursButNotPaid.push(t.id);
    simulators[rail] = figures;
  }
  simulatorsDb.close();
  return { simulators, simulatorAt };
}

async function check(db: Db, args: CheckArguments): Promise<CheckFigures> {
  const store = sqliteStore(db);
  // Plain numbers for ids, counts and times (money is read as text, then BigInt).
  const sqlite = {
    prepare: (text: string) => db.$client.prepare(text).safeIntegers(false),
  };
  const ours = sqlite
    .prepare(
      `select id, merchant_id, status, confirmed_at,
              cast(amount_kes_cents - fee_kes_cents as text) as net
         from payments where reference like ?`,
    )
    .all(`${RAILS_REFERENCE_PREFIX}%`) as {
    id: string;
    merchant_id: string;
    status: string;
    confirmed_at: number | null;
    net: string;
  }[];
  const byStatus: Record<string, number> = {};
  for (const p of ours) byStatus[p.status] = (byStatus[p.status] ?? 0) + 1;
  const merchantIds = [...new Set(ours.map((p) => p.merchant_id))];

  const transfers = sqlite
    .prepare(
      `select t.id, t.merchant_id, t.payment_id, t.sequence, t.rail, t.status, t.attempts,
              cast(t.amount_kes_cents as text) as amount,
              cast(t.rail_charge_kes_cents as text) as charge,
              cast(t.fee_kes_cents as text) as fee,
              t.retry_of, t.sent_at, p.confirmed_at
         from settlement_transfers t join payments p on p.id = t.payment_id
        where p.reference like ? and t.purpose = 'settlement'`,
    )
    .all(`${RAILS_REFERENCE_PREFIX}%`) as TransferRow[];
  const transfersByRail: Record<string, Record<string, number>> = {};
  const byPayment = new Map<string, TransferRow[]>();
  for (const t of transfers) {
    const rail = (transfersByRail[t.rail] ??= {});
    rail[t.status] = (rail[t.status] ?? 0) + 1;
    const list = byPayment.get(t.payment_id!) ?? [];
    list.push(t);
    byPayment.set(t.payment_id!, list);
  }
  const unsettled = ours
    .filter((p) => p.status !== "settled")
    .slice(0, 20)
    .map((p) => ({
      id: p.id,
      status: p.status,
      transfers: (byPayment.get(p.id) ?? []).map(
        (t) => `${t.rail} ${t.status} (attempts ${t.attempts})`,
      ),
    }));

  // Failovers: the events the settlement wrote, and from which rail to which.
  const railOfDestination = new Map(
    (
      sqlite.prepare("select id, rail from settlement_destinations").all() as {
        id: string;
        rail: string;
      }[]
    ).map((d) => [d.id, d.rail]),
  );
  const failoverEvents = sqlite
    .prepare(
      `select e.detail from payment_events e join payments p on p.id = e.payment_id
        where p.reference like ? and e.type = 'settlement_failed_over'`,
    )
    .all(`${RAILS_REFERENCE_PREFIX}%`) as { detail: string }[];
  const failedOverByRoute: Record<string, number> = {};
  for (const event of failoverEvents) {
    const detail = JSON.parse(event.detail) as { from: string; to: string };
    const route = `${railOfDestination.get(detail.from)} -> ${railOfDestination.get(detail.to)}`;
    failedOverByRoute[route] = (failedOverByRoute[route] ?? 0) + 1;
  }

  // The failed rail's merchants: where their payments confirmed after the outage were paid.
  const defaults = new Map(
    (
      sqlite
        .prepare(
          "select merchant_id, rail from settlement_destinations where is_default = 1 and status = 'verified'",
        )
        .all() as { merchant_id: string; rail: string }[]
    ).map((d) => [d.merchant_id, d.rail]),
  );
  const share = {
    confirmedAfterOutage: 0,
    paidOnFallback: 0,
    onFailedRail: 0,
    onFailedRailUnpaid: 0,
  };
  for (const p of ours) {
    if (defaults.get(p.merchant_id) !== args.failedRail) continue;
    if (p.confirmed_at === null || p.confirmed_at < args.outageAt) continue;
    share.confirmedAfterOutage++;
    const list = byPayment.get(p.id) ?? [];
    if (list.some((t) => t.rail === args.failedRail)) {
      share.onFailedRail++;
      if (list.some((t) => t.rail === args.failedRail && t.status !== "succeeded"))
        share.onFailedRailUnpaid++;
    } else if (list.length > 0 && list.every((t) => t.status === "succeeded")) {
      share.paidOnFallback++;
    }
  }

  // The money per merchant (test book): nets of the converted payments = paid + open + available.
  const nets = new Map<string, bigint>();
  for (const p of ours)
    if (p.confirmed_at !== null)
      nets.set(p.merchant_id, (nets.get(p.merchant_id) ?? 0n) + BigInt(p.net));
  const paid = new Map<string, bigint>();
  const open = new Map<string, bigint>();
  let inFlightAmounts = 0n;
  for (const t of transfers) {
    const whole = BigInt(t.amount) + BigInt(t.charge) + BigInt(t.fee);
    if (t.status === "succeeded") paid.set(t.merchant_id, (paid.get(t.merchant_id) ?? 0n) + whole);
    if (t.status === "pending" || t.status === "sent") {
      open.set(t.merchant_id, (open.get(t.merchant_id) ?? 0n) + whole);
      inFlightAmounts += BigInt(t.amount);
    }
  }
  const moneyMismatches: CheckFigures["moneyMismatches"] = [];
  const totals = { nets: 0n, paid: 0n, open: 0n, available: 0n, inFlightLedger: 0n };
  for (const merchant of merchantIds) {
    const balances = await merchantBalances(store, merchant, "test");
    const row = {
      nets: nets.get(merchant) ?? 0n,
      paid: paid.get(merchant) ?? 0n,
      open: open.get(merchant) ?? 0n,
      available: balances.available,
    };
    totals.nets += row.nets;
    totals.paid += row.paid;
    totals.open += row.open;
    totals.available += row.available;
    totals.inFlightLedger += balances.inFlight;
    if (row.nets !== row.paid + row.open + row.available)
      moneyMismatches.push({
        merchant,
        nets: String(row.nets),
        paid: String(row.paid),
        open: String(row.open),
        available: String(row.available),
      });
  }
  if (totals.inFlightLedger !== inFlightAmounts)
    moneyMismatches.push({
      merchant: "(all: merchant in-flight in the ledger vs pending/sent transfer amounts)",
      nets: "",
      paid: "",
      open: String(inFlightAmounts),
      available: String(totals.inFlightLedger),
    });

  const trial = await trialBalanceByBook(store);
  const ledger = {
    trialBalance: Object.fromEntries(
      Object.entries(trial).map(([book, byCurrency]) => [
        book,
        Object.fromEntries(Object.entries(byCurrency).map(([c, v]) => [c, String(v)])),
      ]),
    ),
    mismatches: (await verifyBalances(store)).length,
    unbalanced: (await findUnbalancedTransactions(store)).length,
  };

  const ourTransfers = new Map(transfers.map((t) => [t.id, t]));
  const { simulators, simulatorAt } = compareWithSimulators(db, transfers);

  // Twice paid on our side: more than one succeeded transfer in a retry chain, or a payment whose
  // succeeded transfers exceed what was planned for it (each transfer row is paid at most once by
  // the id the rails dedupe on; the simulators' view is above).
  const paidTwice: string[] = [];
  const succeededRetries = new Map<string, number>();
  for (const t of transfers)
    if (t.status === "succeeded" && t.retry_of)
      succeededRetries.set(t.retry_of, (succeededRetries.get(t.retry_of) ?? 0) + 1);
  for (const [of, count] of succeededRetries)
    if (count > 1 || ourTransfers.get(of)?.status === "succeeded") paidTwice.push(of);

  // Confirmation -> rail request, per rail.
  const latencyMs: Record<string, RailLatency> = {};
  for (const rail of RAIL_IDS) {
    const first: number[] = [];
    const sim: number[] = [];
    let laterAttempts = 0;
    for (const t of transfers) {
      if (t.rail !== rail || t.retry_of || t.confirmed_at === null || t.sent_at === null) continue;
      if (t.attempts > 1) {
        laterAttempts++;
        continue;
      }
      first.push(t.sent_at - t.confirmed_at);
      const at = simulatorAt.get(t.id);
      if (at !== undefined) sim.push(at - t.confirmed_at);
    }
    latencyMs[rail] = { sentAt: figures(first), laterAttempts, simulatorAt: figures(sim) };
  }

  return {
    payments: ours.length,
    byStatus,
    unsettled,
    transfersByRail,
    failedOver: failoverEvents.length,
    failedOverByRoute,
    failedRailShare: share,
    moneyMismatches,
    totals: {
      nets: String(totals.nets),
      paid: String(totals.paid),
      open: String(totals.open),
      available: String(totals.available),
      inFlightLedger: String(totals.inFlightLedger),
    },
    ledger,
    simulators,
    paidTwice,
    latencyMs,
  };
}

// Run only as a script (rails.ts imports the types and constants above).
if (process.argv[1]?.endsWith("rails-db.ts")) {
  const [command, argument] = process.argv.slice(2);
  const db = openDatabase(env.DATABASE_URL);
  try {
    const output =
      command === "seed"
        ? await seed(db, Number(argument))
        : command === "check"
          ? await check(db, JSON.parse(argument ?? "{}") as CheckArguments)
          : undefined;
    if (output === undefined) throw new Error(`rails-db.ts: unknown command ${command}`);
    process.stdout.write(JSON.stringify(output) + "\n");
  } finally {
    db.$client.close();
  }
}
