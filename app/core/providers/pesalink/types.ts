/**
 * PesaLink through a bank's API, modelled on Equity's Jenga v3 (../shared/reference/protocols.md
 * §2.3): paths, codes and wire schemas shared by the client and the simulator, and the typed
 * outcomes the client returns. Sources: Jenga developer docs as quoted in public SDKs
 * (otikojairus1/JENGA-API-PHP-SDK remittancePesaLink.php and JengaAccessToken.php; Jenga paths in
 * several SDKs). Marked [?] where we chose because no source says.
 */
import { z } from "zod";

export const TOKEN_PATH = "/authentication/api/v3/authenticate/merchant";
export const PESALINK_PATH = "/v3-apis/transaction-api/v3.0/remittance/pesalinkacc";
/** GET `${STATUS_PATH}/{reference}`: Jenga's "query transaction details"; signature = reference. */
export const STATUS_PATH = "/v3-apis/transaction-api/v3.0/transactions/details";
/**
 * [?] No public Jenga call resolves an account at another bank (Jenga's `account/validate` is
 * Equity-only: signature countryCode + accountNumber + accountFullName). Ours is modelled on it:
 * POST {countryCode, bankCode, accountNumber}, signature countryCode + bankCode + accountNumber.
 */
export const LOOKUP_PATH = "/v3-apis/account-api/v3.0/accounts/pesalink/inquiry";
/**
 * GET `${BALANCE_PATH}/{countryCode}/{accountId}`: Jenga's "Account Balance" (developer.jengahq.io,
 * Account Services), signature countryCode + accountId; answers `{status, code, message,
 * data:{currency, balances:[{amount:"5655.58", type:"Available"}, {amount, type:"Current"}]}}`.
 * Jenga documents it for Equity accounts; we assume the bank we pay PesaLink through offers it for
 * our source account [?].
 */
export const BALANCE_PATH = "/v3-apis/account-api/v3.0/accounts/balances";

/**
 * [?] Callback authenticity: Jenga IPNs use Basic auth on the receiving URL. We ask for more: the
 * bank signs the raw callback body (RSA-SHA256, base64) with its key and sends it in this header.
 */
export const CALLBACK_SIGNATURE_HEADER = "x-jenga-signature";

export const MIN_AMOUNT_KES = 10;
/** IPSL's per-transaction cap; banks may set lower ones. */
export const MAX_AMOUNT_KES = 999_999;

/** Jenga `code` values. 0, -1, 104101, 900100, 401101 are Jenga's; the rest are ours [?]. */
export const CODES = {
  success: 0,
  pending: -1,
  unknownAccount: 104101,
  nameMismatch: 104102,
  limitExceeded: 104103,
  badRequest: 400100,
  unauthorized: 401101,
  notFound: 404100,
  duplicate: 409100,
  unavailable: 503100,
  invalidSignature: 900100,
} as const;

const code = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** `{accessToken, refreshToken, expiresIn: ISO time, issuedAt: ISO time, tokenType}`. */
export const tokenResponseSchema = z.object({
  accessToken: z.string().min(1),
  expiresIn: z.string().refine((v) => Number.isFinite(Date.parse(v))),
  issuedAt: z.string().refine((v) => Number.isFinite(Date.parse(v))),
});

/** Every Jenga v3 answer, success or error. */
export const envelopeSchema = z.object({
  status: z.boolean(),
  code,
  message: z.string(),
  reference: z.string().optional(),
  data: z.unknown().optional(),
});

export const sendDataSchema = z.object({
  transactionId: z.string().min(1),
  status: z.enum(["SUCCESS", "PENDING", "FAILED"]),
  /** [?] The account name the destination bank holds. */
  destinationName: z.string().optional(),
});

/** stateCode 2 = success, 1 = failed, -1 = awaiting the result (Jenga's transaction details). */
export const statusDataSchema = z.object({
  transactionReference: z.string(),
  transactionId: z.string(),
  state: z.string(),
  stateCode: code.pipe(z.union([z.literal(2), z.literal(1), z.literal(-1)])),
  destinationName: z.string().optional(),
  /** [?] Why it failed: a CODES value and its text. */
  reasonCode: code.optional(),
  reasonMessage: z.string().optional(),
});

export const balanceDataSchema = z.object({
  currency: z.string(),
  balances: z.array(z.object({ amount: z.union([z.string(), z.number()]), type: z.string() })),
});

export const lookupDataSchema = z.object({
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string().min(1),
});

/**
 * [?] Callback body, after the Jenga IPN fields (callbackType, customer, transaction, bank): the
 * customer is the beneficiary, transaction.reference our reference, bank.reference the bank's id.
 */
export const callbackSchema = z.object({
  callbackType: z.literal("PesaLink"),
  customer: z.object({ name: z.string(), reference: z.string(), bankCode: z.string() }),
  transaction: z.object({
    date: z.string(),
    reference: z.string().min(1),
    paymentMode: z.literal("PESALINK"),
    amount: z.union([z.string(), z.number()]).transform(Number),
    currency: z.literal("KES"),
    status: z.enum(["SUCCESS", "FAILED"]),
    code,
    remarks: z.string(),
  }),
  bank: z.object({ reference: z.string(), transactionType: z.string(), account: z.string() }),
});
export type PesalinkCallbackBody = z.input<typeof callbackSchema>;

export interface PesalinkRequestBody {
  source: { countryCode: "KE"; name: string; accountNumber: string };
  destination: {
    type: "bank";
    countryCode: "KE";
    name: string;
    mobileNumber?: string;
    bankCode: string;
    accountNumber: string;
  };
  transfer: {
    type: "PesaLink";
    /** Whole shillings as a string, as in Jenga's samples ("2000"). */
    amount: string;
    currencyCode: "KES";
    reference: string;
    /** YYYY-MM-DD */
    date: string;
    description: string;
  };
}

// --- What the client returns --------------------------------------------------------------------

export interface PesalinkSendInput {
  /** Our idempotent transfer id: 6-32 letters and digits [?]. Re-sending it never pays twice. */
  reference: string;
  bankCode: string;
  accountNumber: string;
  /** The name the merchant entered; signed and sent as destination.name. */
  accountName: string;
  /** Whole shillings, 10..999,999. */
  amountKes: number;
  description: string;
  /** YYYY-MM-DD; default today in Nairobi. */
  date?: string;
  mobileNumber?: string;
}

export type PesalinkFailureReason =
  "unknown_account" | "name_mismatch" | "limit_exceeded" | "rejected";

export type PesalinkOutcome =
  | { status: "pending"; reference: string; transactionId?: string }
  | { status: "success"; reference: string; transactionId: string; accountName?: string }
  | {
      status: "failed";
      reference: string;
      transactionId?: string;
      code: number;
      reason: PesalinkFailureReason;
      message: string;
    };

export type PesalinkStatus = PesalinkOutcome | { status: "not_found"; reference: string };

export type PesalinkLookup =
  { found: true; accountName: string; bankCode: string; accountNumber: string } | { found: false };

export interface PesalinkBalance {
  /** Our source account. */
  accountNumber: string;
  currency: string;
  /** The "Available" balance, in cents (KES x 100). */
  availableCents: bigint;
  /** The "Current" (ledger) balance, in cents; the available one when the bank sends none. */
  currentCents: bigint;
}

/** Apart from `PesalinkClient`, so that fakes of the payout rail need not implement it. */
export interface PesalinkBalanceEnquiry {
  /** The balance of the source account we pay PesaLink transfers from. */
  balance(): Promise<PesalinkBalance>;
}

export interface PesalinkClient {
  /** Never throws for a business outcome; see errors.ts for what it throws. */
  send(input: PesalinkSendInput): Promise<PesalinkOutcome & { duplicate?: true }>;
  status(reference: string): Promise<PesalinkStatus>;
  accountLookup(bankCode: string, accountNumber: string): Promise<PesalinkLookup>;
}

export function failureReason(code: number): PesalinkFailureReason {
  if (code === CODES.unknownAccount) return "unknown_account";
  if (code === CODES.nameMismatch) return "name_mismatch";
  if (code === CODES.limitExceeded) return "limit_exceeded";
  return "rejected";
}
