/**
 * zod schemas for everything the custody provider sends us: API answers and webhook bodies. Unknown
 * fields are dropped (Fireblocks adds fields often, and still sends deprecated float fields such as
 * a top-level numeric `amount`, which we must never read). Amounts must be decimal strings.
 */
import { z } from "zod";
import type { CustodyTransaction, CustodyWebhookEvent } from "./types";

/** A non-negative decimal number written as a string: "0", "12", "0.00150000". */
export const decimalString = z
  .string()
  .regex(/^\d{1,40}(\.\d{1,40})?$/, "must be a non-negative decimal string");

/**
 * A VaultAsset (`GET /v1/vault/accounts/{id}/{assetId}`, `GET /v1/vault/assets/{assetId}`): the
 * balances as decimal strings (total = available + pending + frozen + lockedAmount). A signed
 * decimal is accepted (the deprecated float fields are dropped, never read).
 */
const signedDecimalString = z
  .string()
  .regex(/^-?\d{1,40}(\.\d{1,40})?$/, "must be a decimal string");
export const vaultAssetSchema = z.object({
  id: z.string().min(1),
  total: signedDecimalString,
  available: signedDecimalString.optional(),
  pending: signedDecimalString.optional(),
  frozen: signedDecimalString.optional(),
  lockedAmount: signedDecimalString.optional(),
});

const nullableString = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const nullableDecimal = decimalString.nullish().transform((value) => value ?? null);

const epochMs = z.number().int().nonnegative();

const peer = z.object({
  type: z.string(),
  id: nullableString,
  name: nullableString,
});

export const transactionDetailsSchema = z.object({
  id: z.string().min(1),
  externalTxId: nullableString,
  status: z.string().min(1),
  subStatus: nullableString,
  txHash: nullableString,
  operation: z.string().min(1),
  assetId: z.string().min(1),
  source: peer,
  destination: peer,
  sourceAddress: nullableString,
  destinationAddress: nullableString,
  destinationTag: nullableString,
  amountInfo: z.object({
    amount: decimalString,
    requestedAmount: nullableDecimal,
    netAmount: nullableDecimal,
    amountUSD: nullableDecimal,
  }),
  feeInfo: z
    .object({ networkFee: nullableString, serviceFee: nullableString, gasPrice: nullableString })
    .nullish()
    .transform((value) => value ?? { networkFee: null, serviceFee: null, gasPrice: null }),
  feeCurrency: nullableString,
  createdAt: epochMs,
  lastUpdated: epochMs,
  // Optional in Fireblocks' own model; absent means nothing was confirmed yet.
  numOfConfirmations: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .transform((value) => value ?? 0),
  blockInfo: z
    .object({ blockHeight: nullableString, blockHash: nullableString })
    .nullish()
    .transform((value) => value ?? { blockHeight: null, blockHash: null }),
}) satisfies z.ZodType<CustodyTransaction, z.ZodTypeDef, unknown>;

/** `POST /v1/vault/accounts/{id}/{assetId}/addresses` answer. */
export const createAddressResponseSchema = z.object({
  address: z.string().min(1),
  legacyAddress: z.string().nullish(),
  enterpriseAddress: z.string().nullish(),
  tag: z.string().nullish(),
  bip44AddressIndex: z.number().int().nonnegative().nullish(),
});

/** `POST /v1/vault/accounts` answer. */
export const vaultAccountSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  hiddenOnUI: z.boolean().optional(),
  customerRefId: z.string().nullish(),
  autoFuel: z.boolean().optional(),
});

/** `POST /v1/vault/accounts/{id}/{assetId}` answer (CreateVaultAssetResponse). */
export const createVaultAssetResponseSchema = z.object({
  id: z.string().min(1),
  address: z.string().min(1),
  legacyAddress: z.string().nullish(),
  enterpriseAddress: z.string().nullish(),
  tag: z.string().nullish(),
  eosAccountName: z.string().nullish(),
  status: z.string().nullish(),
  activationTxId: z.string().nullish(),
});

/** One level of `GET /v1/estimate_network_fee` (EstimatedNetworkFee); decimal strings. */
const estimatedFee = z.object({
  networkFee: decimalString,
  gasPrice: nullableDecimal.optional(),
  feePerByte: nullableDecimal.optional(),
  baseFee: nullableDecimal.optional(),
  priorityFee: nullableDecimal.optional(),
});

/** `GET /v1/estimate_network_fee?assetId=` answer: low, medium and high estimates. */
export const estimateNetworkFeeSchema = z.object({
  low: estimatedFee.optional(),
  medium: estimatedFee,
  high: estimatedFee.optional(),
});

/** `POST /v1/transactions` answer (CreateTransactionResponse). */
export const createTransactionResponseSchema = z.object({
  id: z.string().min(1),
  status: z.string().min(1),
});

/** Fireblocks' error body: `{ message, code }`. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.number().int(),
});
export type CustodyErrorBody = z.infer<typeof errorBodySchema>;

/** The v1 webhook envelope; `data` is checked separately, by event type. */
export const webhookEnvelopeSchema = z.object({
  type: z.string().min(1),
  tenantId: z.string(),
  timestamp: epochMs,
  data: z.unknown(),
});

export const transactionWebhookSchema = webhookEnvelopeSchema.extend({
  data: transactionDetailsSchema,
}) satisfies z.ZodType<CustodyWebhookEvent, z.ZodTypeDef, unknown>;

/** A short, log-safe description of why a value failed a schema. */
export function describeIssues(error: z.ZodError, max = 3): string {
  return error.issues
    .slice(0, max)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}
