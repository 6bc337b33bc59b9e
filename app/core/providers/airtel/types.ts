/**
 * Airtel Money Africa Open API wire formats (protocols.md §2.1) as zod schemas, spelled as Airtel
 * spells them, shared by the client (to validate answers) and the simulator, plus the typed outcome
 * the payments core sees.
 */
import { z } from "zod";
import type { AirtelTransactionStatus } from "./codes";

export const AIRTEL_UAT_BASE_URL = "https://openapiuat.airtel.africa";
export const AIRTEL_PRODUCTION_BASE_URL = "https://openapi.airtel.africa";
export const TOKEN_PATH = "/auth/oauth2/token";
export const DISBURSEMENT_PATH = "/standard/v1/disbursements/";
export const DISBURSEMENT_STATUS_PREFIX = "/standard/v1/disbursements/";
export const USERS_PREFIX = "/standard/v1/users/";
/**
 * `GET`: the balance of our wallet, `{data:{balance:"37,600.00", currency, account_status},
 * status:{…, response_code:"DP02100000001"}}` (public SDKs and their tests; the balance is a
 * decimal string, sometimes with thousands separators). [?] Which of our Airtel wallets it reports
 * (disbursement or collection) is not documented in our sources: one SDK calls it the collections
 * balance. Check with Airtel before trusting it for the disbursement float.
 */
export const BALANCE_PATH = "/standard/v1/users/balance";
/** [?] The balance enquiry's success response code (one source, Uganda). */
export const BALANCE_SUCCESS_RESPONSE_CODE = "DP02100000001";
export const AIRTEL_COUNTRY = "KE";
export const AIRTEL_CURRENCY = "KES";

/** `{access_token, expires_in: "180", token_type: "bearer"}`; expires_in is a string. */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z
    .union([z.string().regex(/^\d+$/), z.number().int().nonnegative()])
    .transform(Number),
  token_type: z.string().optional(),
});

const text = z.union([z.string(), z.number()]).transform(String);

export const statusBlockSchema = z
  .object({
    code: text.optional(),
    message: z.string().optional(),
    result_code: z.string().optional(),
    response_code: z.string().optional(),
    success: z.boolean().optional(),
  })
  .passthrough();

/** Disbursement answer and status enquiry: `{data:{transaction:{…}}, status:{…}}`. */
export const transactionAnswerSchema = z.object({
  data: z
    .object({
      transaction: z
        .object({
          id: text.optional(),
          status: z.string().optional(),
          message: z.string().optional(),
          airtel_money_id: z.string().nullish(),
          reference_id: text.nullish(),
        })
        .passthrough()
        .nullish(),
    })
    .passthrough()
    .nullish(),
  status: statusBlockSchema,
});

/** `GET /standard/v1/users/{msisdn}`. */
export const kycAnswerSchema = z.object({
  data: z
    .object({
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      msisdn: text.nullish(),
      is_barred: z.boolean().nullish(),
    })
    .passthrough()
    .nullish(),
  status: statusBlockSchema,
});

/** `GET /standard/v1/users/balance`. */
export const balanceAnswerSchema = z.object({
  data: z
    .object({
      balance: text,
      currency: z.string(),
      account_status: z.string().nullish(),
    })
    .passthrough(),
  status: statusBlockSchema,
});

/** The callback Airtel POSTs to the URL set in its portal. */
export const callbackSchema = z.object({
  transaction: z
    .object({
      id: text.pipe(z.string().min(1)),
      message: z.string().nullish(),
      status_code: z.enum(["TS", "TF"]),
      airtel_money_id: z.string().nullish(),
    })
    .passthrough(),
  hash: z.string().optional(),
});

export interface DisbursementRequestBody {
  payee: { msisdn: string };
  reference: string;
  pin: string;
  transaction: { amount: number; id: string };
}

// --- What the payments core sees ---------------------------------------------------------------

export interface DisburseInput {
  /** Our idempotent transaction id: re-sending the same id never pays twice. */
  id: string;
  /** Any Kenyan form; must be an Airtel Kenya number. */
  msisdn: string;
  /** Whole shillings, integer >= 1. */
  amountKes: number;
  /** Shown on the payee's statement; truncated to 64 characters [?]. */
  reference: string;
}

interface OutcomeFields {
  /** Our transaction id. */
  id: string;
  /** Airtel's `status.response_code`, e.g. "DP00800001007". */
  responseCode: string | undefined;
  /** Our human words for the code, else Airtel's message. */
  message: string;
  /** Airtel's own `data.transaction.message` / `status.message`. */
  airtelMessage: string | undefined;
}

/**
 * - success: TS with Airtel's receipt.
 * - failed: TF; nothing was paid.
 * - in_progress: TIP; wait for the callback or ask `status` later.
 * - ambiguous: TA (or TS without a receipt, or a code we do not know): ask `status` again (~1 min).
 * - not_found (enquiry only): Airtel holds no such id; the request never arrived, re-send it.
 */
export type AirtelOutcome =
  | (OutcomeFields & { state: "success"; status: "TS"; airtelMoneyId: string })
  | (OutcomeFields & { state: "failed"; status: "TF"; airtelMoneyId: string | undefined })
  | (OutcomeFields & { state: "in_progress"; status: "TIP"; airtelMoneyId: string | undefined })
  | (OutcomeFields & {
      state: "ambiguous";
      status: AirtelTransactionStatus;
      airtelMoneyId: string | undefined;
    })
  | (OutcomeFields & { state: "not_found"; status: undefined; airtelMoneyId: undefined });

export type AirtelKyc =
  | { found: true; msisdn: string; firstName: string; lastName: string; isBarred: boolean }
  | { found: false; msisdn: string; responseCode: string | undefined; message: string };

export interface AirtelDisbursements {
  disburse(input: DisburseInput): Promise<AirtelOutcome>;
  status(id: string): Promise<AirtelOutcome>;
  kyc(msisdn: string): Promise<AirtelKyc>;
}

export interface AirtelBalance {
  /** The wallet's balance in cents (KES x 100), exactly as Airtel wrote it. */
  balanceCents: bigint;
  currency: string;
  /** e.g. "Active". */
  accountStatus: string | undefined;
}

/** Apart from `AirtelDisbursements`, so that fakes of the payout rail need not implement it. */
export interface AirtelBalanceEnquiry {
  balance(): Promise<AirtelBalance>;
}

/** What `createAirtelClient` returns. */
export type AirtelClient = AirtelDisbursements & AirtelBalanceEnquiry;
