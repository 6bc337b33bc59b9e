/**
 * The double-entry ledger (docs/decisions/0012-ledger.md). Import from here:
 * `import { postTransaction, merchantAvailable, toUnits } from "~/core/ledger/ledger.server"`.
 * `./units` is isomorphic and can be imported by components directly.
 */
export * from "./units";
export * from "./accounts";
export * from "./errors";
export {
  lockAccounts,
  planPosting,
  postTransaction,
  reverseTransaction,
  validatePosting,
  REVERSAL_KIND,
  type LedgerReference,
  type Lock,
  type PostingEntry,
  type PostingInput,
  type PostingResult,
  type ReversalInput,
} from "./post.server";
export * from "./read.server";
