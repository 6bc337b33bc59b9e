/**
 * `/payout_batches` (issue 15): payouts from the merchant's KES balance to third parties, in
 * batches made from a CSV file (the dashboard upload's columns) or a list of payouts. The API
 * makes a draft, shows its rows as checked (normalised recipients, fees, rail charges, errors,
 * duplicates, name checks) and submits it for approval. It cannot approve: maker-checker happens
 * in the dashboard, where another member with the Finance, Admin or Owner role approves the batch
 * with a fresh second factor (`approval_url`). A test key makes test batches, paid through the
 * simulators.
 */
import {
  disbursementObject,
  type DisbursementObject,
  type PayoutBatchObject,
} from "~/core/api/payout-batch-object";
import { withSiteUrl } from "~/core/api/payment-object";
import {
  PAYOUT_CSV_MAX_BYTES,
  PAYOUT_CSV_MAX_ROWS,
  payoutCsvColumns,
} from "~/core/disbursements/csv-parse";
import type { Batch, BatchActor } from "~/core/disbursements/batches.server";
import { DisbursementError } from "~/core/disbursements/errors";
import {
  batchObjectOn,
  findBatchInMode,
  listBatchesPage,
} from "~/core/disbursements/events.server";
import { rowFilters } from "~/core/disbursements/reads.server";
import { PAYOUT_NAME_MAX, PAYOUT_REFERENCE_MAX } from "~/core/disbursements/row-check";
import {
  batchKinds,
  batchStatuses,
  b2bKinds,
  nameChecks,
  rowStatuses,
} from "~/core/disbursements/vocabulary";
import { railIds } from "~/core/rails/types";
import type { Handle } from "~/db/store";
import { heavySlice } from "~/utils/yield";
import { ApiError, fromZodError, notFound } from "../errors.server";
import { amountSchema, endingBeforeText, z } from "../schemas.server";
import { cursorNotFound, nextStartingAfter, pageCursor } from "./lists.server";
import { defineRoute, type ApiContext, type ApiResult } from "../types.server";
import type { ApiErrorCode } from "~/core/api/error-codes";

/**
 * The largest body of `POST /payout_batches`: a 2 MB file as a JSON string (its line breaks and
 * quotes escaped) or 10,000 payouts as JSON items (about 120 bytes each) fit with room to spare;
 * every other route keeps the API's 64 KB.
 */
export const PAYOUT_BATCH_MAX_BODY_BYTES = 4 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Schemas (the handlers validate with them; the OpenAPI document is generated from them).

export const payoutBatchIdSchema = z
  .string()
  .regex(/^dsb_[a-z0-9]{14}$/, "must be a payout batch id (dsb_ followed by 14 characters)")
  .openapi({ example: "dsb_k3ny4x7q2m9dpa" });

const isoTime = z.string().openapi({ format: "date-time", example: "2026-11-25T08:30:00.000Z" });
const integerUnits = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/)])
  .openapi({ description: "KES in cents (a string past 2^53)." });
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

/** A cell of a payout: a string on one line (the CSV the core reads has one row per payout). */
const oneLine = (max: number) =>
  z
    .string({ invalid_type_error: "must be a string" })
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\r\n]*$/, "must be on one line (no line breaks)");

const payoutItemSchema = z
  .object({
    recipient: oneLine(64).openapi({
      description:
        "A Kenyan mobile number (0712 345 678, +254 712 345 678), a bank account number (with `bank_code`), or an M-Pesa Paybill or Till number (5 to 7 digits, with `rail` `paybill` or `till`).",
      example: "0712345678",
    }),
    rail: oneLine(20)
      .optional()
      .openapi({
        description:
          "`mpesa`, `airtel-money`, `t-kash`, `pesalink` (a bank account, with `bank_code`; `bank` is accepted too and answered as `pesalink`), `paybill` (M-Pesa B2B to a Paybill, with `account`) or `till` (M-Pesa B2B to a Till). Leave it out for a mobile number: the number's prefix says the network. Paybill and Till payouts are charged the B2B rate plus M-Pesa's B2B charge. A row's `rail` in the answers is the rail it is paid on: `mpesa` for Paybill and Till (with `b2b`), `pesalink` for a bank account.",
        enum: ["mpesa", "airtel-money", "t-kash", "pesalink", "bank", "paybill", "till"],
        example: "mpesa",
      }),
    amount: amountSchema,
    reference: oneLine(200)
      .optional()
      .openapi({
        description: `Your reference, shown to you and in the results (at most ${PAYOUT_REFERENCE_MAX} characters, checked with the row).`,
        example: "Salary Nov",
      }),
    name: oneLine(200)
      .optional()
      .openapi({
        description: `The recipient's name (at most ${PAYOUT_NAME_MAX} characters): required for a bank payout, compared with the registered name where the rail tells it (Airtel Money, PesaLink).`,
        example: "Wanjiku Kamau",
      }),
    bank_code: oneLine(20).optional().openapi({
      description: "The bank's 2-digit code, for a bank payout (68: Equity Bank Kenya).",
      example: "68",
    }),
    account: oneLine(64).optional().openapi({
      description:
        "The account number at the Paybill, for a `paybill` payout (required there, at most 13 characters, never shortened). Not for any other payout.",
      example: "123456",
    }),
  })
  .strict()
  .openapi("PayoutItem");

export const createPayoutBatchBody = z
  .object({
    title: z
      .string({ invalid_type_error: "must be a string" })
      .trim()
      .min(1, "must not be empty")
      .max(120, "must be at most 120 characters")
      .openapi({ description: "What you call the batch.", example: "November salaries" }),
    sms_receipts: z.boolean().optional().openapi({
      description: "Text each recipient a receipt when their payout is paid (default false).",
    }),
    csv: z
      .string({ invalid_type_error: "must be a string (the file's text)" })
      .optional()
      .openapi({
        description: `The payout file's text, as uploaded in the dashboard: a header naming the columns ${payoutCsvColumns.join(", ")} (recipient and amount required; amount in whole shillings), one payout per line, at most 2 MB and 10,000 payouts. Give \`csv\` or \`payouts\`, not both.`,
        example: "recipient,amount,reference\r\n0712345678,1500,Invoice 1042\r\n",
      }),
    payouts: z
      .array(payoutItemSchema)
      .min(1, "must have at least one payout")
      .max(
        PAYOUT_CSV_MAX_ROWS,
        `must have at most ${PAYOUT_CSV_MAX_ROWS.toLocaleString("en-US")} payouts: split them into several batches`,
      )
      .optional()
      .openapi({
        description:
          "The payouts as JSON (at most 10,000), each checked like a line of the file: a row's `line` is its index + 2 (as if it followed a header line).",
      }),
  })
  .strict()
  .openapi("CreatePayoutBatch");

/** The body's outer shape, its payouts not yet checked (each is checked in slices below). */
const createPayoutBatchOuter = createPayoutBatchBody.extend({
  payouts: z
    .array(z.unknown())
    .min(1, "must have at least one payout")
    .max(
      PAYOUT_CSV_MAX_ROWS,
      `must have at most ${PAYOUT_CSV_MAX_ROWS.toLocaleString("en-US")} payouts: split them into several batches`,
    )
    .optional(),
});

/** Payout items checked between two turns of the event loop (zod takes ~15 µs an item). */
const ITEMS_PER_SLICE = 500;

/**
 * `createPayoutBatchBody`, checked a slice at a time (issue 27, item 8): 10,000 payouts take zod
 * about 150 ms, too long to hold every other request. The answer is the same error: the outer
 * fields first, then the first bad payout (`payouts.<index>.<field>`), then unknown fields.
 */
async function parseCreatePayoutBatch(
  value: unknown,
): Promise<z.infer<typeof createPayoutBatchBody>> {
  const outer = createPayoutBatchOuter.safeParse(value);
  const unknownKeys = outer.error?.issues.filter((issue) => issue.code === "unrecognized_keys");
  const other = outer.error?.issues.filter((issue) => issue.code !== "unrecognized_keys");
  if (other?.length) throw fromZodError(new z.ZodError(other), "body");
  const raw = outer.success
    ? outer.data.payouts
    : ((value as { payouts?: unknown[] }).payouts ?? undefined);
  let payouts: z.infer<typeof payoutItemSchema>[] | undefined;
  if (raw) {
    payouts = [];
    for (let start = 0; start < raw.length; start += ITEMS_PER_SLICE) {
      const bad = await heavySlice(() => {
        for (let index = start; index < Math.min(raw.length, start + ITEMS_PER_SLICE); index++) {
          const item = payoutItemSchema.safeParse(raw[index]);
          if (!item.success)
            return item.error.issues.map((issue) => ({
              ...issue,
              path: ["payouts", index, ...issue.path],
            }));
          payouts!.push(item.data);
        }
        return null;
      });
      if (bad) throw fromZodError(new z.ZodError(bad), "body");
    }
  }
  if (unknownKeys?.length) throw fromZodError(new z.ZodError(unknownKeys), "body");
  return { ...(outer.data as z.infer<typeof createPayoutBatchOuter>), payouts };
}

export const payoutBatchSchema = z
  .object({
    id: payoutBatchIdSchema,
    object: z.literal("payout_batch"),
    livemode: z.boolean(),
    kind: z.enum(batchKinds).openapi({
      description: "`bulk` (a file or a list) or `single` (one payout made in the dashboard).",
    }),
    status: z.enum(batchStatuses).openapi({
      description:
        "`draft` (check and submit it) → `awaiting_approval` (another member approves it in the dashboard) → `processing` (approved: the money is reserved and the payouts go out) → `completed`. Or `rejected`, or `withdrawn`, or `expired` (a draft left for 7 days: its rows are gone). `checking` is a file's batch for the moment its rows are written (not listed).",
    }),
    title: z.string(),
    file_name: z.string().nullable(),
    sms_receipts: z.boolean(),
    currency: z.literal("KES"),
    rows: z.number().int().openapi({ description: "Rows in the batch, whatever their status." }),
    counts: z
      .object(
        Object.fromEntries(rowStatuses.map((status) => [status, z.number().int()])) as Record<
          (typeof rowStatuses)[number],
          z.ZodNumber
        >,
      )
      .strict()
      .openapi({ description: "Rows per status." }),
    amount: integerUnits.openapi({
      description:
        "What the recipients get: the rows that pay (ready, queued, sent, paid or failed).",
    }),
    amount_decimal: decimal.openapi({ example: "126500.00" }),
    fee: integerUnits.openapi({ description: "Our fee on those rows." }),
    fee_decimal: decimal,
    excise: integerUnits.openapi({
      description: "Excise duty on our fee (10% of each row's fee, rounded half up to the cent).",
    }),
    excise_decimal: decimal,
    rail_charge: integerUnits.openapi({ description: "The rails' own charges, at cost." }),
    rail_charge_decimal: decimal,
    total: integerUnits.openapi({
      description: "What leaves your balance: amount + fee + excise + rail charge.",
    }),
    total_decimal: decimal,
    paid_amount: integerUnits.openapi({ description: "Of `amount`, what was paid so far." }),
    paid_amount_decimal: decimal,
    reserved: integerUnits.nullable().openapi({
      description: "Reserved from your available balance at approval (null before).",
    }),
    reserved_decimal: decimal.nullable(),
    attention: z
      .object({
        duplicates_in_file: z.number().int(),
        recent_duplicates: z.number().int().openapi({
          description: "Rows paying a recipient the same amount as a payout of the last 7 days.",
        }),
        name_mismatches: z.number().int(),
        names_not_found: z.number().int(),
        names_pending: z.number().int(),
      })
      .strict()
      .openapi({ description: "Rows to look at before approving." }),
    approval_url: z.string().openapi({
      description:
        "The batch's page in the dashboard, where another member approves or rejects it.",
      example: "https://onehop.co.ke/merchant/payouts/dsb_k3ny4x7q2m9dpa",
    }),
    decision_note: z.string().nullable().openapi({ description: "Why it was rejected." }),
    created_at: isoTime,
    updated_at: isoTime,
    submitted_at: isoTime.nullable(),
    decided_at: isoTime.nullable(),
    completed_at: isoTime.nullable(),
  })
  .strict()
  .openapi("PayoutBatch");

const rawField = z.string();

export const disbursementSchema = z
  .object({
    id: z.string().openapi({ example: "dsr_p8x2m4k7q9d3na" }),
    object: z.literal("disbursement"),
    livemode: z.boolean(),
    batch_id: payoutBatchIdSchema,
    line: z.number().int().openapi({ description: "The row's line in the file (header: 1)." }),
    status: z.enum(rowStatuses).openapi({
      description:
        "Before approval `ready`, `invalid` (see `errors`) or `dropped`; after it `queued` → `sent` → `paid`, or `failed` (the money is back in your balance) then retried or `cancelled`.",
    }),
    recipient: z.string().openapi({
      description: "E.164 for a mobile number, the account number for a bank; as sent if invalid.",
      example: "+254712345678",
    }),
    rail: z.enum(railIds).nullable(),
    b2b: z.enum(b2bKinds).nullable().openapi({
      description:
        "`paybill` or `till` for an M-Pesa B2B payout (its `rail` is `mpesa`, `recipient` the Paybill or Till number); null otherwise.",
    }),
    bank_code: z.string().nullable(),
    account: z.string().nullable().openapi({
      description: "The account number at the Paybill, for a `paybill` payout; null otherwise.",
    }),
    currency: z.literal("KES"),
    amount: integerUnits.nullable(),
    amount_decimal: decimal.nullable(),
    fee: integerUnits.nullable(),
    fee_decimal: decimal.nullable(),
    excise: integerUnits.nullable().openapi({ description: "Excise duty on the row's fee." }),
    excise_decimal: decimal.nullable(),
    rail_charge: integerUnits.nullable(),
    rail_charge_decimal: decimal.nullable(),
    reference: z.string().nullable(),
    name: z.string().nullable(),
    registered_name: z.string().nullable().openapi({
      description: "The name the rail holds for the recipient, where it tells it.",
    }),
    name_check: z.enum(nameChecks),
    duplicate_of_line: z.number().int().nullable().openapi({
      description: "An earlier line of the batch paying the same recipient the same amount.",
    }),
    recent_duplicate_of: z.string().nullable().openapi({
      description: "A payout of the last 7 days to the same recipient for the same amount.",
    }),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }).strict())
      .openapi({ description: "What to fix, per field (empty unless `invalid`)." }),
    input: z
      .object({
        recipient: rawField,
        rail: rawField,
        amount: rawField,
        reference: rawField,
        name: rawField,
        bank_code: rawField,
        account: rawField,
      })
      .strict()
      .openapi({ description: "The row as sent (amount in shillings)." }),
    receipt: z.string().nullable().openapi({ description: "The rail's receipt, once paid." }),
    failure_reason: z.string().nullable(),
    completed_at: isoTime.nullable(),
    updated_at: isoTime,
  })
  .strict()
  .openapi("Disbursement");

const payoutBatchList = z
  .object({
    object: z.literal("list"),
    data: z.array(payoutBatchSchema),
    has_more: z.boolean(),
    next_starting_after: z.string().nullable(),
  })
  .openapi("PayoutBatchList");

const disbursementList = z
  .object({
    object: z.literal("list"),
    data: z.array(disbursementSchema),
    has_more: z.boolean(),
    next_starting_after: z.number().int().nullable().openapi({
      description: "The last line of this page: pass it as `starting_after` for the next.",
    }),
  })
  .openapi("DisbursementList");

const limitSchema = (max: number, fallback: number) =>
  z.coerce
    .number({ invalid_type_error: `must be a number from 1 to ${max}` })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(max, `must be at most ${max}`)
    .default(fallback);

const listBatchesQuery = z
  .object({
    limit: limitSchema(100, 10),
    starting_after: payoutBatchIdSchema.optional().openapi({
      description: "The last id of the page you have: the next page starts after it.",
    }),
    ending_before: payoutBatchIdSchema.optional().openapi({
      description: endingBeforeText,
    }),
    status: z.enum(batchStatuses).optional(),
  })
  .strict();

const listRowsQuery = z
  .object({
    limit: limitSchema(500, 100),
    starting_after: z.coerce
      .number({ invalid_type_error: "must be a line number" })
      .int("must be a whole number")
      .min(0, "must be a line number")
      .optional()
      .openapi({ description: "The last `line` of the page you have." }),
    filter: z.enum(rowFilters).optional().openapi({
      description:
        "`attention` (invalid, failed, duplicates, names that do not match), `invalid`, `failed`, `paid` or `open` (queued or sent). Default: every row.",
    }),
  })
  .strict();

// ---------------------------------------------------------------------------------------------

/** The batch as the API shows it, read in `q` (a read of the API's store, or the batch's write). */
const batchJsonOn = async (
  context: ApiContext,
  batch: Batch,
  q: Handle,
): Promise<PayoutBatchObject> => withSiteUrl(await batchObjectOn(q, batch), context.deps.siteUrl);

/** The API code of each refusal of the disbursements core (status and type follow from it). */
export const disbursementErrorCode: Record<DisbursementError["code"], ApiErrorCode> = {
  not_found: "resource_missing",
  invalid_file: "invalid_file",
  not_editable: "not_editable",
  nothing_to_pay: "nothing_to_pay",
  rows_need_fixing: "rows_need_fixing",
  maker_cannot_approve: "maker_cannot_approve",
  second_factor_required: "second_factor_required",
  too_many_drafts: "too_many_drafts",
  daily_rows_exceeded: "daily_rows_exceeded",
  already_decided: "already_decided",
  insufficient_balance: "insufficient_balance",
  rail_unavailable: "rail_unavailable",
  not_retryable: "not_retryable",
};

/** A refusal of the disbursements core as the API's error (its code and message as they are). */
function apiErrorOf(error: unknown, param: string | null = null): unknown {
  if (!(error instanceof DisbursementError)) return error;
  return new ApiError(
    disbursementErrorCode[error.code],
    error.message,
    error.code === "invalid_file" ? param : null,
  );
}

/** A CSV cell, always quoted (a quote inside doubled), so no value can end or split a row. */
const csvCell = (value: string) => `"${value.replace(/"/g, '""')}"`;

/**
 * JSON payouts as the file the core reads: the header, then one quoted row per item (line breaks
 * are refused by the schema, so item i is line i + 2).
 */
export function payoutsCsv(items: readonly z.infer<typeof payoutItemSchema>[]): string {
  const lines = [payoutCsvColumns.join(",")];
  for (const item of items)
    lines.push(
      [
        item.recipient,
        item.rail ?? "",
        // Whole shillings (the schema takes multiples of 100 cents only).
        (BigInt(item.amount) / 100n).toString(),
        item.reference ?? "",
        item.name ?? "",
        item.bank_code ?? "",
        item.account ?? "",
      ]
        .map(csvCell)
        .join(","),
    );
  return `${lines.join("\r\n")}\r\n`;
}

const utf8Bytes = (text: string) => Buffer.byteLength(text, "utf8");

const batchParams = { id: payoutBatchIdSchema };

/**
 * An action on the key's batch (`{id}`), as the key's member: 404 for a batch not in the key's
 * mode, the core's refusals as API errors, and the batch as it is after.
 */
async function actOnBatch(
  context: ApiContext,
  act: (actor: BatchActor, id: string) => Promise<unknown>,
): Promise<ApiResult> {
  const id = context.params.id!;
  const { key } = context;
  if (!(await context.store.read((q) => findBatchInMode(q, key, id))))
    throw notFound("payout batch", id);
  try {
    await act({ merchantId: key.merchantId, memberId: key.memberId, keyId: key.keyId }, id);
  } catch (error) {
    throw apiErrorOf(error);
  }
  return {
    status: 200,
    body: await context.store.read(async (q) =>
      batchJsonOn(context, (await findBatchInMode(q, key, id))!, q),
    ),
  };
}

export const payoutBatchRoutes = [
  defineRoute({
    method: "POST",
    path: "/payout_batches",
    scope: "payouts:write",
    maxBodyBytes: PAYOUT_BATCH_MAX_BODY_BYTES,
    heavy: true,
    body: createPayoutBatchBody,
    parseBody: parseCreatePayoutBatch,
    doc: {
      operationId: "createPayoutBatch",
      tag: "Payout batches",
      summary: "Create a payout batch",
      description:
        "A draft batch from a payout file (`csv`) or a list (`payouts`): every row is checked and stored, valid or not, with its fee, the rail's charge, duplicates (in the batch and in the last 7 days) and, where the rail tells it, the registered name. Rows that need fixing are listed with their errors: fix the file and create a new batch, or drop them in the dashboard. Nothing is paid yet: `submit` the batch, then another member approves it at `approval_url` (the API cannot approve). A file that cannot be read at all is 400 with the reason. The body may be up to 4 MB.",
      response: {
        status: 201,
        description: "The draft batch.",
        schema: payoutBatchSchema,
      },
      errors: [400, 401, 403, 409, 413, 415, 422, 429, 503],
      example: {
        title: "November salaries",
        sms_receipts: true,
        payouts: [
          { recipient: "0712345678", amount: 150000, reference: "Salary Nov" },
          {
            recipient: "1450160649886",
            rail: "bank",
            bank_code: "68",
            amount: 12500000,
            reference: "Supplier May",
            name: "Acme Supplies Ltd",
          },
          {
            recipient: "247247",
            rail: "paybill",
            account: "123456",
            amount: 800000,
            reference: "Rent June",
          },
          { recipient: "123456", rail: "till", amount: 95000, reference: "Office supplies" },
        ],
      },
    },
    async handle(context) {
      const { body, key } = context;
      if ((body.csv === undefined) === (body.payouts === undefined))
        throw new ApiError(
          body.csv === undefined ? "parameter_missing" : "parameter_invalid",
          body.csv === undefined
            ? "Give the payouts: `csv` (the file's text) or `payouts` (a list)."
            : "Give `csv` or `payouts`, not both.",
          body.csv === undefined ? "payouts" : "csv",
        );
      if (key.mode === "test" && !context.deps.testModeAvailable())
        throw new ApiError(
          "test_mode_unavailable",
          "Test payouts need the provider simulators, which do not run on this server.",
        );
      const param = body.csv === undefined ? "payouts" : "csv";
      const text = body.csv ?? payoutsCsv(body.payouts!);
      if (body.csv === undefined && utf8Bytes(text) > PAYOUT_CSV_MAX_BYTES)
        throw new ApiError(
          "invalid_file",
          "These payouts come to more than 2 MB of text: split them into several batches.",
          "payouts",
        );
      let batch: Batch;
      try {
        batch = await context.deps.disbursements().createBulk(
          // The key's member is the maker (ADR 0039): they can never approve it themselves.
          { merchantId: key.merchantId, memberId: key.memberId, keyId: key.keyId, mode: key.mode },
          { title: body.title, fileName: null, text, smsReceipts: body.sms_receipts ?? false },
          // The idempotent answer is stored with the batch: a crash never leaves one without it.
          async (q, created) =>
            context.storeResponse(q, {
              status: 201,
              body: await batchJsonOn(context, created, q),
            }),
        );
      } catch (error) {
        throw apiErrorOf(error, param);
      }
      return {
        status: 201,
        body: await context.store.read((q) => batchJsonOn(context, batch, q)),
      };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/payout_batches",
    scope: "payouts:read",
    query: listBatchesQuery,
    doc: {
      operationId: "listPayoutBatches",
      tag: "Payout batches",
      summary: "List payout batches",
      description:
        "The batches of the key's mode (made through the API or in the dashboard), newest first. Page with `starting_after` (the last id you have), or back with `ending_before` (the first id you have).",
      response: { status: 200, description: "A page of batches.", schema: payoutBatchList },
      errors: [400, 401, 403, 404, 429],
    },
    async handle(context) {
      const { query } = context;
      const read = await context.store.read(async (q) => {
        const page = await listBatchesPage(q, context.key, {
          limit: query.limit,
          ...pageCursor(query),
          status: query.status,
        });
        if (!page) return undefined;
        const data: PayoutBatchObject[] = [];
        for (const batch of page.items) data.push(await batchJsonOn(context, batch, q));
        return { page, data };
      });
      if (!read) throw cursorNotFound("payout batch", query);
      const { page, data } = read;
      return {
        status: 200,
        body: {
          object: "list" as const,
          data,
          has_more: page.hasMore,
          next_starting_after: nextStartingAfter(page),
        },
      };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/payout_batches/{id}",
    scope: "payouts:read",
    doc: {
      operationId: "getPayoutBatch",
      tag: "Payout batches",
      summary: "Retrieve a payout batch",
      description: "Its status, counts per row status, totals and what to look at.",
      params: batchParams,
      response: { status: 200, description: "The batch.", schema: payoutBatchSchema },
      errors: [401, 403, 404, 429],
    },
    async handle(context) {
      const id = context.params.id!;
      const body = await context.store.read(async (q) => {
        const batch = await findBatchInMode(q, context.key, id);
        return batch ? batchJsonOn(context, batch, q) : undefined;
      });
      if (!body) throw notFound("payout batch", id);
      return { status: 200, body };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/payout_batches/{id}/rows",
    scope: "payouts:read",
    query: listRowsQuery,
    doc: {
      operationId: "listPayoutBatchRows",
      tag: "Payout batches",
      summary: "List a batch's rows",
      description:
        "The batch's rows (disbursements) in file order, a page at a time: page with `starting_after` (the last `line` you have).",
      params: batchParams,
      response: { status: 200, description: "A page of rows.", schema: disbursementList },
      errors: [400, 401, 403, 404, 429],
    },
    async handle(context) {
      const id = context.params.id!;
      const { query } = context;
      const batch = await context.store.read((q) => findBatchInMode(q, context.key, id));
      if (!batch) throw notFound("payout batch", id);
      const page = await context.deps.disbursements().rows(batch.id, {
        filter: query.filter,
        afterLine: query.starting_after,
        limit: query.limit,
      });
      const data: DisbursementObject[] = page.rows.map((row) =>
        disbursementObject(row, batch.mode),
      );
      return {
        status: 200,
        body: {
          object: "list" as const,
          data,
          has_more: page.hasMore,
          next_starting_after: page.hasMore ? (page.rows.at(-1)?.line ?? null) : null,
        },
      };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/payout_batches/{id}/submit",
    scope: "payouts:write",
    doc: {
      operationId: "submitPayoutBatch",
      tag: "Payout batches",
      summary: "Submit a batch for approval",
      description:
        "A draft goes to `awaiting_approval`: another member with the Finance, Admin or Owner role approves or rejects it in the dashboard at `approval_url`, with a fresh second factor. The API cannot approve a live batch (in test mode the test helper `POST /test_helpers/payout_batches/{id}/approve` plays that member): the webhooks `payout_batch.approved` or `payout_batch.rejected` tell you the decision. Refused (409) while a row needs fixing, or with no row to pay.",
      params: batchParams,
      response: {
        status: 200,
        description: "The batch, awaiting approval.",
        schema: payoutBatchSchema,
      },
      errors: [401, 403, 404, 409, 413, 415, 422, 429],
    },
    handle: (context) =>
      actOnBatch(context, (actor, id) =>
        context.deps
          .disbursements()
          .submit(actor, id, async (q, batch) =>
            context.storeResponse(q, { status: 200, body: await batchJsonOn(context, batch, q) }),
          ),
      ),
  }),
  defineRoute({
    method: "POST",
    path: "/test_helpers/payout_batches/{id}/approve",
    scope: "payouts:write",
    testOnly: true,
    doc: {
      operationId: "testApprovePayoutBatch",
      tag: "Test helpers",
      summary: "Approve a test batch",
      description:
        "Test keys only (403 `test_mode_only` with a live key). Plays the second member who approves a batch awaiting approval in the dashboard: the money is reserved, the rows are queued to their rails and `payout_batch.approved` is sent, as after a real approval. A live batch can only be approved in the dashboard.",
      params: batchParams,
      response: {
        status: 200,
        description: "The batch, approved (`processing`).",
        schema: payoutBatchSchema,
      },
      errors: [401, 403, 404, 409, 429],
    },
    handle: (context) =>
      actOnBatch(context, (actor, id) => context.deps.disbursements().approveTest(actor, id)),
  }),
];
