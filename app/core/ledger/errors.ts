/**
 * Typed ledger errors. Every rejected posting throws one of these before or inside its database
 * transaction, and nothing of it is written. `code` is stable for callers and logs.
 */

export abstract class LedgerError extends Error {
  abstract readonly code: string;
}

/**
 * Malformed input: fewer than two entries, a zero or non-bigint amount, a bad key, an account
 * twice.
 */
export class InvalidPostingError extends LedgerError {
  override readonly name = "InvalidPostingError";
  readonly code = "invalid_posting";
}

/** The entries do not sum to zero in at least one currency. */
export class UnbalancedTransactionError extends LedgerError {
  override readonly name = "UnbalancedTransactionError";
  readonly code = "unbalanced";
  /** Currency -> the non-zero sum of its entries. */
  readonly imbalances: Readonly<Record<string, bigint>>;

  constructor(imbalances: Record<string, bigint>) {
    const detail = Object.entries(imbalances)
      .map(([currency, sum]) => `${currency} ${sum}`)
      .join(", ");
    super(`Entries do not sum to zero per currency: ${detail}`);
    this.imbalances = imbalances;
  }
}

/**
 * The idempotency key was used before for a different transaction (other kind, reference or
 * entries).
 */
export class IdempotencyConflictError extends LedgerError {
  override readonly name = "IdempotencyConflictError";
  readonly code = "idempotency_conflict";

  constructor(
    readonly idempotencyKey: string,
    readonly existingTransactionId: string,
  ) {
    super(
      `Idempotency key "${idempotencyKey}" was already used by ${existingTransactionId} with different entries`,
    );
  }
}

/** A guarded account would go below zero (on its normal side); the posting was rolled back. */
export class InsufficientBalanceError extends LedgerError {
  override readonly name = "InsufficientBalanceError";
  readonly code = "insufficient_balance";

  constructor(
    readonly accountCode: string,
    readonly currency: string,
    /** The normal-side balance the posting would have left (negative). */
    readonly balanceAfter: bigint,
    /** How much is missing: -balanceAfter, in ledger units. */
    readonly shortfall: bigint,
  ) {
    super(`Insufficient balance on ${accountCode}: short by ${shortfall} ${currency} units`);
  }
}

/** An account code exists with another currency, kind or owner than the reference says. */
export class AccountMismatchError extends LedgerError {
  override readonly name = "AccountMismatchError";
  readonly code = "account_mismatch";
}

/** A balance would leave the signed 64-bit range. */
export class BalanceOverflowError extends LedgerError {
  override readonly name = "BalanceOverflowError";
  readonly code = "balance_overflow";

  constructor(readonly accountCode: string) {
    super(`Balance of ${accountCode} would leave the 64-bit range`);
  }
}

export class TransactionNotFoundError extends LedgerError {
  override readonly name = "TransactionNotFoundError";
  readonly code = "transaction_not_found";

  constructor(readonly transactionId: string) {
    super(`No ledger transaction ${transactionId}`);
  }
}

/** The transaction was already reversed (by another idempotency key). */
export class AlreadyReversedError extends LedgerError {
  override readonly name = "AlreadyReversedError";
  readonly code = "already_reversed";

  constructor(
    readonly transactionId: string,
    readonly reversalTransactionId: string,
  ) {
    super(`Ledger transaction ${transactionId} was already reversed by ${reversalTransactionId}`);
  }
}
