/**
 * The payouts run row's database work (scripts/bench/payouts-run.ts), run as a child process with
 * the bench server's environment (DATABASE_URL), like rails-db.ts:
 *
 *   payouts-db.ts seed <rows>   one merchant with a live available balance (a balanced
 *                               `bench.funded` posting, capital -> available) and one approved
 *                               batch of <rows> payouts spread over M-Pesa, Airtel Money, T-Kash
 *                               and PesaLink, made by usr_bench_maker and approved by
 *                               usr_bench_checker (its rows queued as pending transfers); prints
 *                               JSON (SeededBatch).
 *   payouts-db.ts check <json>  what became of the batch, from the database: rows per status,
 *                               transfers per row, each simulator's records vs our transfers, the
 *                               merchant's money, the ledger and the rate each rail was sent at;
 *                               prints JSON (PayoutsCheck).
 */
import {
  createBulkBatch,
  submitBatch,
  approveBatch,
} from "../../app/core/disbursements/batches.server";
import {
  findUnbalancedTransactions,
  ledgerBook,
  merchantBalances,
  postTransaction,
  trialBalanceByBook,
  verifyBalances,
} from "../../app/core/ledger/ledger.server";
import { profileOf } from "../../app/core/rails/charges";
import { sqliteStore } from "../../app/db/sqlite-store.server";
import { openDatabase, type Db } from "../../app/db/sqlite-connection.server";
import { env } from "../../app/utils/env.server";
import { merchants } from "../../drizzle/schema";
import { compareWithSimulators, RAIL_IDS, type BenchRail, type SimulatorFigures } from "./rails-db";

/** A valid merchant id (/^MRC-[2-9A-HJKMNP-TV-Z]{6}$/) of this row only. */
export const PAYOUTS_MERCHANT_ID = "MRC-PAYR2N";
const MAKER = "usr_bench_maker";
const CHECKER = "usr_bench_checker";
/** What the merchant is funded with: far more than the rows cost (KES 100,000,000). */
const FUNDED_KES_CENTS = 100_000_000n * 100n;

export interface SeededBatch {
  batchId: string;
  merchantId: string;
  rows: number;
  rowsByRail: Record<BenchRail, number>;
  /** What the approval reserved (amounts, fees and charges), and what the merchant was funded. */
  reservedKesCents: string;
  fundedKesCents: string;
}

/**
 * Line i of the file: the rails in turn, each recipient once (no duplicates to flag), numbers the
 * simulators pay (clear of their magic numbers: Daraja 2547000000xx, Airtel 733000001-7), KES 100
 * to 599 (whole shillings).
 */
function payoutLine(i: number): string {
  const n = Math.floor(i / 4);
  const amount = 100 + ((i * 37) % 500);
  const reference = `PAYRUN-${i}`;
  switch (RAIL_IDS[i % 4]!) {
    case "mpesa":
      return `0712${String(n).padStart(6, "0")},mpesa,${amount},${reference},Recipient ${i},`;
    case "airtel-money":
      return `07331${String(n).padStart(5, "0")},airtel-money,${amount},${reference},Recipient ${i},`;
    case "t-kash":
      return `0777${String(n).padStart(6, "0")},t-kash,${amount},${reference},Recipient ${i},`;
    case "pesalink":
      // Equity Bank Kenya (68): 13-digit account numbers.
      return `1450${String(n).padStart(8, "0")}0,bank,${amount},${reference},Recipient ${i},68`;
  }
}

async function seed(db: Db, rows: number): Promise<SeededBatch> {
  const store = sqliteStore(db);
  if (rows > 400_000) throw new Error("at most 400,000 rows (unique numbers per rail)");
  const now = Date.now();
  const merchantId = PAYOUTS_MERCHANT_ID;
  db.insert(merchants)
    .values({
      id: merchantId,
      businessName: "Bench payouts run",
      contactEmail: "payouts-run@bench.example",
      createdAt: now,
    })
    .run();
  const book = ledgerBook("live");
  await postTransaction(store, {
    idempotencyKey: `bench:payouts-run:${merchantId}:funded`,
    kind: "bench.funded",
    description: "Bench: the payouts run's balance",
    entries: [
      { account: book.capital("KES"), amount: FUNDED_KES_CENTS },
      { account: book.merchantAvailable(merchantId), amount: -FUNDED_KES_CENTS },
    ],
    now,
  });
  const lines = ["recipient,rail,amount,reference,name,bank_code"];
  const rowsByRail = Object.fromEntries(RAIL_IDS.map((rail) => [rail, 0])) as Record<
    BenchRail,
    number
  >;
  for (let i = 0; i < rows; i++) {
    lines.push(payoutLine(i));
    rowsByRail[RAIL_IDS[i % 4]!]++;
  }
  const maker = { merchantId, memberId: MAKER, mode: "live" as const };
  const batch = await createBulkBatch(
    store,
    maker,
    {
      title: "Bench payouts run",
      fileName: "payouts-run.csv",
      text: lines.join("\r\n") + "\r\n",
      smsReceipts: false,
    },
    now,
  );
  await submitBatch(store, { merchantId, memberId: MAKER }, batch.id, now);
  const approved = await approveBatch(store, { merchantId, memberId: CHECKER }, batch.id, now);
  if (approved.rows !== rows)
    throw new Error(`the approval queued ${approved.rows} rows of ${rows}: some rows were invalid`);
  return {
    batchId: batch.id,
    merchantId,
    rows,
    rowsByRail,
    reservedKesCents: String(approved.reservedKesCents),
    fundedKesCents: String(FUNDED_KES_CENTS),
  };
}

// ---- check ----

export interface PayoutsCheckArguments {
  batchId: string;
  merchantId: string;
  fundedKesCents: string;
  /** When the server was killed and started again (epoch ms): the rates of each server apart. */
  killedAt: number;
  restartedAt: number;
}

/** Sends from the first to the last sent_at: how many, over how long, so how many a second. */
export interface SendSpan {
  sent: number;
  spanSeconds: number;
  perSecond: number;
}

export interface RailRate extends SendSpan {
  /** The same, sent by the first server (before the kill) and by the restarted one. */
  beforeKill: SendSpan | null;
  afterRestart: SendSpan | null;
  /** The most sent_at values in any one second (a sliding window). */
  peakInOneSecond: number;
  /** The same by the simulator's own receipt times (null: it keeps none). */
  peakInOneSecondAtSimulator: number | null;
  /** The rail's allowed rate (its profile's sendsPerSecond). */
  allowed: number;
}

export interface PayoutsCheck {
  batchStatus: string;
  rows: number;
  rowsByStatus: Record<string, number>;
  rowsByRail: Record<string, Record<string, number>>;
  transfersByStatus: Record<string, number>;
  /** Paid rows without exactly one succeeded transfer (0: none; 2+: paid twice by us). */
  paidNotOnce: { row: string; succeeded: number }[];
  /** Rows not paid that have a succeeded transfer. */
  succeededButNotPaid: string[];
  /** Rows whose transfer_id is not their succeeded transfer. */
  wrongTransfer: string[];
  /** Rows paid more than once by the rails (paid records of two of the row's transfers). */
  railPaidTwice: string[];
  /** Rows still queued or sent, with their transfers (the first 20). */
  open: { row: string; status: string; transfers: string[] }[];
  simulators: SimulatorFigures;
  money: {
    funded: string;
    available: string;
    reserved: string;
    inFlight: string;
    paid: string;
    /** Fees and charges of rows still sent (their amounts are in flight). */
    sentCosts: string;
    /** funded - (available + reserved + in flight + paid + sentCosts): 0 when the money holds. */
    difference: string;
  };
  ledger: {
    trialBalance: Record<string, Record<string, string>>;
    mismatches: number;
    unbalanced: number;
  };
  rates: Record<string, RailRate>;
  /** The first send and the last row paid (epoch ms). */
  firstSentAt: number | null;
  lastPaidAt: number | null;
}

function sendSpan(times: number[]): SendSpan | null {
  if (times.length === 0) return null;
  const spanSeconds = (Math.max(...times) - Math.min(...times)) / 1000;
  return {
    sent: times.length,
    spanSeconds,
    perSecond: spanSeconds > 0 ? times.length / spanSeconds : times.length,
  };
}

/** The most of `times` inside any window of `windowMs` (inclusive of its start). */
function peakInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let peak = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}

interface RowRecord {
  id: string;
  status: string;
  rail: string;
  transfer_id: string | null;
  completed_at: number | null;
  whole: string;
  /** Our fee and the rail's charge: gone from the merchant's money once the row is sent. */
  costs: string;
}

interface TransferRecord {
  id: string;
  row_id: string;
  rail: string;
  status: string;
  attempts: number;
  sent_at: number | null;
}

async function check(db: Db, args: PayoutsCheckArguments): Promise<PayoutsCheck> {
  const store = sqliteStore(db);
  const sqlite = {
    prepare: (text: string) => db.$client.prepare(text).safeIntegers(false),
  };
  const batch = sqlite
    .prepare("select status from disbursement_batches where id = ?")
    .get(args.batchId) as { status: string } | undefined;
  if (!batch) throw new Error(`no batch ${args.batchId}`);
  const rows = sqlite
    .prepare(
      `select id, status, rail, transfer_id, completed_at,
              cast(amount_kes_cents + fee_kes_cents + rail_charge_kes_cents as text) as whole,
              cast(fee_kes_cents + rail_charge_kes_cents as text) as costs
         from disbursement_rows where batch_id = ?`,
    )
    .all(args.batchId) as RowRecord[];
  const transfers = sqlite
    .prepare(
      `select t.id, t.disbursement_row_id as row_id, t.rail, t.status, t.attempts, t.sent_at
         from settlement_transfers t join disbursement_rows r on r.id = t.disbursement_row_id
        where r.batch_id = ? and t.purpose = 'disbursement'`,
    )
    .all(args.batchId) as TransferRecord[];

  const rowsByStatus: Record<string, number> = {};
  const rowsByRail: Record<string, Record<string, number>> = {};
  for (const row of rows) {
    rowsByStatus[row.status] = (rowsByStatus[row.status] ?? 0) + 1;
    const rail = (rowsByRail[row.rail] ??= {});
    rail[row.status] = (rail[row.status] ?? 0) + 1;
  }
  const transfersByStatus: Record<string, number> = {};
  const byRow = new Map<string, TransferRecord[]>();
  for (const t of transfers) {
    transfersByStatus[t.status] = (transfersByStatus[t.status] ?? 0) + 1;
    const list = byRow.get(t.row_id) ?? [];
    list.push(t);
    byRow.set(t.row_id, list);
  }

  // Each paid row: exactly one succeeded transfer, the row's own; no other row has one.
  const paidNotOnce: PayoutsCheck["paidNotOnce"] = [];
  const succeededButNotPaid: string[] = [];
  const wrongTransfer: string[] = [];
  const open: PayoutsCheck["open"] = [];
  for (const row of rows) {
    const list = byRow.get(row.id) ?? [];
    const succeeded = list.filter((t) => t.status === "succeeded");
    if (row.status === "paid") {
      if (succeeded.length !== 1) paidNotOnce.push({ row: row.id, succeeded: succeeded.length });
      else if (succeeded[0]!.id !== row.transfer_id) wrongTransfer.push(row.id);
    } else if (succeeded.length > 0) succeededButNotPaid.push(`${row.id} (${row.status})`);
    if ((row.status === "queued" || row.status === "sent") && open.length < 20)
      open.push({
        row: row.id,
        status: row.status,
        transfers: list.map((t) => `${t.id} ${t.rail} ${t.status} (attempts ${t.attempts})`),
      });
  }

  // The rails' view: each simulator's paid records vs our transfers; a row paid by two of them.
  const { simulators, simulatorAt } = compareWithSimulators(db, transfers);
  const railPaidTwice = new Set<string>();
  for (const figures of Object.values(simulators))
    for (const id of figures.paidTwice) {
      const t = transfers.find((each) => each.id === id);
      if (t) railPaidTwice.add(t.row_id);
    }
  const succeededRows = new Map<string, number>();
  for (const t of transfers)
    if (t.status === "succeeded")
      succeededRows.set(t.row_id, (succeededRows.get(t.row_id) ?? 0) + 1);
  for (const [row, count] of succeededRows) if (count > 1) railPaidTwice.add(row);

  // The merchant's money: funded = available + reserved + in flight + what the paid rows cost.
  const balances = await merchantBalances(store, args.merchantId, "live");
  let paid = 0n;
  let sentCosts = 0n;
  for (const row of rows) {
    if (row.status === "paid") paid += BigInt(row.whole);
    if (row.status === "sent") sentCosts += BigInt(row.costs);
  }
  const funded = BigInt(args.fundedKesCents);
  const difference =
    funded - (balances.available + balances.reserved + balances.inFlight + paid + sentCosts);

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

  // The rate each rail was sent at: sent_at is written when the rail has answered the request.
  const rates: Record<string, RailRate> = {};
  for (const rail of RAIL_IDS) {
    const sentAt = transfers
      .filter((t) => t.rail === rail && t.sent_at !== null)
      .map((t) => t.sent_at!);
    const atSimulator = transfers
      .filter((t) => t.rail === rail)
      .flatMap((t) => {
        const at = simulatorAt.get(t.id);
        return at === undefined ? [] : [at];
      });
    const whole = sendSpan(sentAt);
    if (!whole) continue;
    rates[rail] = {
      ...whole,
      beforeKill: sendSpan(sentAt.filter((at) => at < args.killedAt)),
      afterRestart: sendSpan(sentAt.filter((at) => at >= args.restartedAt)),
      peakInOneSecond: peakInWindow(sentAt, 1000),
      peakInOneSecondAtSimulator: atSimulator.length > 0 ? peakInWindow(atSimulator, 1000) : null,
      allowed: profileOf(rail).sendsPerSecond,
    };
  }
  const sentTimes = transfers.flatMap((t) => (t.sent_at === null ? [] : [t.sent_at]));
  const paidTimes = rows.flatMap((r) =>
    r.status === "paid" && r.completed_at !== null ? [r.completed_at] : [],
  );

  return {
    batchStatus: batch.status,
    rows: rows.length,
    rowsByStatus,
    rowsByRail,
    transfersByStatus,
    paidNotOnce: paidNotOnce.slice(0, 20),
    succeededButNotPaid: succeededButNotPaid.slice(0, 20),
    wrongTransfer: wrongTransfer.slice(0, 20),
    railPaidTwice: [...railPaidTwice].slice(0, 20),
    open,
    simulators,
    money: {
      funded: String(funded),
      available: String(balances.available),
      reserved: String(balances.reserved),
      inFlight: String(balances.inFlight),
      paid: String(paid),
      sentCosts: String(sentCosts),
      difference: String(difference),
    },
    ledger,
    rates,
    firstSentAt: sentTimes.length ? Math.min(...sentTimes) : null,
    lastPaidAt: paidTimes.length ? Math.max(...paidTimes) : null,
  };
}

// Run only as a script (payouts-run.ts imports the types above).
if (process.argv[1]?.endsWith("payouts-db.ts")) {
  const [command, argument] = process.argv.slice(2);
  const db = openDatabase(env.DATABASE_URL);
  try {
    const output =
      command === "seed"
        ? await seed(db, Number(argument))
        : command === "check"
          ? await check(db, JSON.parse(argument ?? "{}") as PayoutsCheckArguments)
          : undefined;
    if (output === undefined) throw new Error(`payouts-db.ts: unknown command ${command}`);
    process.stdout.write(JSON.stringify(output) + "\n");
  } finally {
    db.$client.close();
  }
}
