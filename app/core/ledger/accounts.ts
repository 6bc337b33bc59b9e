/**
 * The chart of accounts (docs/decisions/0012-ledger.md). Callers never build account codes: they
 * use these constructors, which return a branded `AccountRef` that `postTransaction` accepts.
 * Accounts are created in the database on first use. There is one book per payment mode:
 * `ledgerBook(mode)` gives its constructors; those exported directly are the live book's.
 *
 * Sign convention: an entry's amount is positive for a debit and negative for a credit; an
 * account's balance is the sum of its entries. Asset and expense accounts normally have a debit
 * (positive) balance; liability, revenue and equity accounts a credit (negative) one.
 * `normalBalance` flips the sign of credit-normal accounts, so "what we owe the merchant" is a
 * positive number.
 */
import { MERCHANT_ID_PATTERN } from "~/core/id-formats";
import { InvalidPostingError } from "./errors";
import { type CryptoAsset, type Currency, isCryptoAsset, isCurrency } from "./units";

export const accountKinds = ["asset", "liability", "revenue", "expense", "equity"] as const;
export type AccountKind = (typeof accountKinds)[number];

/**
 * +1 for debit-normal kinds (asset, expense), -1 for credit-normal kinds (liability, revenue,
 * equity).
 */
export const NORMAL_SIGN: Record<AccountKind, 1n | -1n> = {
  asset: 1n,
  expense: 1n,
  liability: -1n,
  revenue: -1n,
  equity: -1n,
};

/** Payout rails: the mobile-money rails of app/content/tariff.ts and PesaLink bank transfers. */
export const rails = ["mpesa", "airtel-money", "t-kash", "pesalink"] as const;
export type Rail = (typeof rails)[number];

declare const accountRefBrand: unique symbol;

/** An account as the constructors below describe it. Only this module makes them. */
export interface AccountRef {
  /** Unique, e.g. `merchant:MRC-7K2Q9D:available:KES`. */
  readonly code: string;
  readonly currency: Currency;
  readonly kind: AccountKind;
  /** The merchant the account belongs to, or null for platform accounts. */
  readonly ownerId: string | null;
  readonly [accountRefBrand]: true;
}

function ref(
  code: string,
  currency: Currency,
  kind: AccountKind,
  ownerId: string | null = null,
): AccountRef {
  return Object.freeze({ code, currency, kind, ownerId }) as AccountRef;
}

function merchantId(id: string): string {
  if (typeof id !== "string" || !MERCHANT_ID_PATTERN.test(id)) {
    throw new InvalidPostingError(`Not a merchant id: ${JSON.stringify(id)}`);
  }
  return id;
}

function asset(value: CryptoAsset): CryptoAsset {
  if (!isCryptoAsset(value))
    throw new InvalidPostingError(`Not a crypto asset: ${JSON.stringify(value)}`);
  return value;
}

function currency(value: Currency): Currency {
  if (!isCurrency(value))
    throw new InvalidPostingError(`Not a ledger currency: ${JSON.stringify(value)}`);
  return value;
}

function rail(value: Rail): Rail {
  if (!(rails as readonly string[]).includes(value))
    throw new InvalidPostingError(`Not a rail: ${JSON.stringify(value)}`);
  return value;
}

/**
 * The ledger's books (docs/decisions/0012-ledger.md, "Books: live and test"): one per payment mode.
 * Live money and test money (payments made with a test API key against the simulators) never share
 * an account: the live book keeps the plain codes, the test book the same codes prefixed `test:`.
 * Each book balances on its own.
 */
export const ledgerBooks = ["live", "test"] as const;
export type LedgerBook = (typeof ledgerBooks)[number];

/** What a test-book account code (and a test-book idempotency key) starts with. */
export const TEST_BOOK_PREFIX = "test:";

const BOOK_PREFIX: Record<LedgerBook, string> = { live: "", test: TEST_BOOK_PREFIX };

function book(value: LedgerBook): LedgerBook {
  if (!(ledgerBooks as readonly string[]).includes(value))
    throw new InvalidPostingError(`Not a ledger book: ${JSON.stringify(value)}`);
  return value;
}

/** The book an account code belongs to. */
export function bookOfCode(code: string): LedgerBook {
  return code.startsWith(TEST_BOOK_PREFIX) ? "test" : "live";
}

/** An account code without its book prefix: `rail:mpesa:float:KES` in either book. */
export function codeWithoutBook(code: string): string {
  return code.startsWith(TEST_BOOK_PREFIX) ? code.slice(TEST_BOOK_PREFIX.length) : code;
}

/**
 * An idempotency key in a book: as given in the live book, prefixed `test:` in the test book. For
 * postings whose key does not already name something of one book (a payment or transfer id).
 */
export function keyInBook(mode: LedgerBook, key: string): string {
  return `${BOOK_PREFIX[book(mode)]}${key}`;
}

/** The account constructors of one book. */
function bookAccounts(mode: LedgerBook) {
  const p = BOOK_PREFIX[book(mode)];

  // Merchant accounts (KES liabilities: money we owe the merchant).

  /** KES we owe the merchant and can pay out now. Credit-normal; guard it on every debit. */
  const merchantAvailable = (id: string) =>
    ref(`${p}merchant:${merchantId(id)}:available:KES`, "KES", "liability", id);

  /**
   * KES credited to the merchant but held (manual review, disputes); released to available by a
   * transfer.
   */
  const merchantPending = (id: string) =>
    ref(`${p}merchant:${merchantId(id)}:pending:KES`, "KES", "liability", id);

  /**
   * KES on its way to the merchant: a payout handed to a rail whose result we do not know yet.
   * Still a liability (we owe it until the rail confirms); cleared on success, reversed back to
   * available on failure.
   */
  const merchantInFlight = (id: string) =>
    ref(`${p}merchant:${merchantId(id)}:in-flight:KES`, "KES", "liability", id);

  /**
   * KES set aside for an approved disbursement batch (ADR 0035): out of available when the batch is
   * approved, into in-flight row by row as rows go to a rail, back to available for a row that
   * fails. Still owed to the merchant. Credit-normal; guard it on every debit.
   */
  const merchantReserved = (id: string) =>
    ref(`${p}merchant:${merchantId(id)}:reserved:KES`, "KES", "liability", id);

  // Platform accounts.

  /** KES fees we earned (C2B 1%, B2C 1.5%, spread). Credit-normal. */
  const feeRevenue = () => ref(`${p}platform:fee-revenue:KES`, "KES", "revenue");

  /**
   * KES excise duty charged on our fees (10%, ADR 0059), owed to the KRA until remitted by the 20th
   * of the following month. Posted in the same transaction as the fee. Credit-normal.
   */
  const excisePayable = () => ref(`${p}platform:excise-payable:KES`, "KES", "liability");

  /** Crypto we hold at the custody provider (per asset). Debit-normal. */
  const custody = (a: CryptoAsset) => ref(`${p}custody:${asset(a)}`, asset(a), "asset");

  /**
   * The conversion (treasury) position in one currency, a trading account: a confirmed payment
   * credits the crypto it brought in (BTC side) and debits the KES we owe for it at the locked
   * rate (KES side). Selling the crypto unwinds both sides; what remains on the KES side is the
   * conversion gain or loss.
   */
  const treasuryConversion = (c: Currency) =>
    ref(`${p}treasury:conversion:${currency(c)}`, currency(c), "equity");

  /** KES of our float at a rail earmarked for payouts sent but not yet confirmed. Debit-normal. */
  const railInFlight = (r: Rail) => ref(`${p}rail:${rail(r)}:in-flight:KES`, "KES", "asset");

  /**
   * KES prefunded at a rail (M-Pesa B2C float, bank account for PesaLink) and free to send.
   * Debit-normal; guard it.
   */
  const railFloat = (r: Rail) => ref(`${p}rail:${rail(r)}:float:KES`, "KES", "asset");

  /** KES the rail charged us (B2C transaction costs). Debit-normal. */
  const railCharges = (r: Rail) => ref(`${p}rail:${rail(r)}:charges:KES`, "KES", "expense");

  /**
   * Money we owe customers back (overpayments, payments we will not accept, M-Pesa money held for
   * a closed payment), per currency. Credit-normal.
   */
  const customerRefundsPayable = (c: Currency) =>
    ref(`${p}customer-refunds-payable:${currency(c)}`, currency(c), "liability");

  /** On-chain network fees paid from custody (refunds, sweeps). Debit-normal. */
  const networkFees = (a: CryptoAsset) => ref(`${p}network-fees:${asset(a)}`, asset(a), "expense");

  /**
   * Money received that is not yet attributed (an unknown deposit, an underpayment awaiting an
   * operator). Credit-normal.
   */
  const suspense = (c: Currency) => ref(`${p}suspense:${currency(c)}`, currency(c), "liability");

  /** Owner funding: what the company put in (e.g. to prefund rail floats). Credit-normal. */
  const capital = (c: Currency) => ref(`${p}capital:${currency(c)}`, currency(c), "equity");

  /** A merchant's KES accounts. */
  const merchantAccounts = (id: string) => ({
    available: merchantAvailable(id),
    pending: merchantPending(id),
    inFlight: merchantInFlight(id),
    reserved: merchantReserved(id),
  });

  return Object.freeze({
    book: mode,
    merchantAvailable,
    merchantPending,
    merchantInFlight,
    merchantReserved,
    feeRevenue,
    excisePayable,
    custody,
    treasuryConversion,
    railInFlight,
    railFloat,
    railCharges,
    customerRefundsPayable,
    networkFees,
    suspense,
    capital,
    merchantAccounts,
  });
}

/** The account constructors of one book (`book` names it). */
export type LedgerBookAccounts = ReturnType<typeof bookAccounts>;

const BOOKS: Record<LedgerBook, LedgerBookAccounts> = {
  live: bookAccounts("live"),
  test: bookAccounts("test"),
};

/**
 * The account constructors of a payment's mode: `ledgerBook(payment.mode).merchantAvailable(id)`.
 * Every posting about a payment (and its transfers) uses its payment's book.
 */
export function ledgerBook(mode: LedgerBook): LedgerBookAccounts {
  return BOOKS[book(mode)];
}

// The live book's constructors (the codes of before the books, unchanged): what code that is only
// ever about live money imports directly.
export const {
  merchantAvailable,
  merchantPending,
  merchantInFlight,
  merchantReserved,
  feeRevenue,
  excisePayable,
  custody,
  treasuryConversion,
  railInFlight,
  railFloat,
  railCharges,
  customerRefundsPayable,
  networkFees,
  suspense,
  capital,
  merchantAccounts,
} = BOOKS.live;

/**
 * The balance seen from the account's normal side: positive when it holds what it is meant to hold.
 */
export function toNormalBalance(kind: AccountKind, balance: bigint): bigint {
  return balance * NORMAL_SIGN[kind];
}

/** An AccountRef for a row read back from the database (its code was made by a constructor). */
export function accountRefFromRow(row: {
  code: string;
  currency: Currency;
  kind: AccountKind;
  ownerId: string | null;
}): AccountRef {
  return ref(row.code, row.currency, row.kind, row.ownerId);
}

/** True for objects made by the constructors above (or read back from the database). */
export function isAccountRef(value: unknown): value is AccountRef {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<Record<keyof AccountRef, unknown>>;
  return (
    typeof candidate.code === "string" &&
    candidate.code.length > 0 &&
    isCurrency(candidate.currency) &&
    typeof candidate.kind === "string" &&
    (accountKinds as readonly string[]).includes(candidate.kind) &&
    (candidate.ownerId === null || typeof candidate.ownerId === "string")
  );
}
