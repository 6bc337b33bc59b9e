/**
 * `/test_helpers` (issue 32): Stripe-style helpers that drive test mode, with test keys only. They
 * act through the same paths a real customer and a real rail take: the custody simulator sends a
 * deposit (its webhooks reach our server), the M-Pesa simulator's customer pays a PIN prompt (its
 * callback reaches us), a payout fails at the M-Pesa simulator with a real Result. Funding posts
 * one balanced transaction in the test book. A live key is refused (403 `test_mode_only`) before
 * its body or Idempotency-Key is read; without the simulators in this process they answer 503.
 */
import { randomUUID } from "node:crypto";
import { findPayment } from "~/core/api/reads.server";
import { fundTestBalance } from "~/core/api/test-funding.server";
import { merchantBalances } from "~/core/ledger/read.server";
import type { NetworkId } from "~/core/networks";
import { requiredConfirmations } from "~/core/payments/config";
import type { Payment } from "~/core/payments/payments.server";
import { ASSET_SCALE, formatCryptoUnits } from "~/core/payments/quote";
import { ApiError, notFound, testModeOnly } from "../errors.server";
import {
  balanceSchema,
  paymentIdSchema,
  paymentSchema,
  testFundBody,
  testPayBody,
  z,
} from "../schemas.server";
import {
  defineRoute,
  testPayoutFailureReasons,
  type ApiContext,
  type TestSimulation,
} from "../types.server";
import { balanceObject } from "./balances.server";
import { paymentJson } from "./payments.server";

/** The default M-Pesa number that pays (not one of the simulator's failing magic numbers). */
export const TEST_MPESA_PHONE = "+254712345678";

/** How long a pay waits for the provider's webhook to change the payment, at most. */
const WEBHOOK_WAIT_MS = 3_000;
const WEBHOOK_POLL_MS = 20;

export const testPayoutFailureBody = z
  .object({
    reason: z
      .enum(testPayoutFailureReasons, {
        errorMap: () => ({ message: `must be one of ${testPayoutFailureReasons.join(", ")}` }),
      })
      .default("invalid_account")
      .openapi({
        description:
          "`invalid_account` (default; M-Pesa ResultCode 7, the number cannot receive M-Pesa) or `insufficient_funds` (ResultCode 1, the paying float is short).",
      }),
  })
  .strict()
  .openapi("TestPayoutFailureRequest");

export const testPayoutFailureSchema = z
  .object({
    object: z.literal("test_helpers.payout_failure"),
    armed: z.literal(true),
    reason: z.enum(testPayoutFailureReasons),
  })
  .strict()
  .openapi("TestPayoutFailure");

/** The simulators, for a test key where they run; else 403 (live key) or 503. */
function simulationFor(context: ApiContext): TestSimulation {
  // The handler refuses live keys before the body is read (`testOnly`); this guards the handler.
  if (context.key.mode === "live") throw testModeOnly();
  const simulation = context.deps.testModeAvailable()
    ? (context.deps.testSimulation?.() ?? null)
    : null;
  if (!simulation)
    throw new ApiError(
      "test_mode_unavailable",
      "Test helpers need the provider simulators, which do not run on this server.",
    );
  return simulation;
}

const invalid = (param: string, message: string) =>
  new ApiError("parameter_invalid", `${param}: ${message}`, param);

/** `amount` as the coin's base units allow it (at most its decimals, above zero). */
function checkedCryptoAmount(amount: string, asset: Payment["asset"]): string {
  const [, fraction = ""] = amount.split(".");
  if (fraction.length > ASSET_SCALE[asset])
    throw invalid("amount", `at most ${ASSET_SCALE[asset]} decimals for ${asset}`);
  if (!/[1-9]/.test(amount)) throw invalid("amount", "must be greater than zero");
  return amount;
}

/**
 * The payment once the provider's webhook has changed it (a bounded wait: at most
 * WEBHOOK_WAIT_MS, for a webhook still on its way), or as it is then.
 */
async function afterWebhook(context: ApiContext, payment: Payment): Promise<Payment> {
  const deadline = Date.now() + WEBHOOK_WAIT_MS;
  for (;;) {
    const current = (await findPayment(context.store, context.key, payment.id)) ?? payment;
    if (current.status !== payment.status || Date.now() >= deadline) return current;
    await new Promise((resolve) => setTimeout(resolve, WEBHOOK_POLL_MS));
  }
}

/** A status that refuses the customer's action as a 4xx, or null (a provider's error). */
function clientError(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && status >= 400 && status < 500 ? error.message : null;
}

async function payInCrypto(
  context: ApiContext<unknown, z.infer<typeof testPayBody>>,
  simulation: TestSimulation,
  payment: Payment,
): Promise<void> {
  const { body } = context;
  if (body.phone !== undefined) throw invalid("phone", "only with method mpesa");
  if (!payment.depositAddress || !payment.custodyAssetId)
    throw new ApiError(
      "payment_not_payable",
      "This payment has no deposit address yet; retry in a moment.",
    );
  const amount =
    body.amount === undefined
      ? formatCryptoUnits(payment.cryptoAmountUnits, payment.asset)
      : checkedCryptoAmount(body.amount, payment.asset);
  const confirmations =
    body.confirmations ??
    requiredConfirmations(
      context.deps.payments().config,
      payment.asset,
      payment.network as NetworkId,
    );
  try {
    await simulation.sendDeposit({
      address: payment.depositAddress,
      amount,
      assetId: payment.custodyAssetId,
      confirmations,
    });
  } catch (error) {
    const message = clientError(error);
    if (message === null) throw error;
    throw invalid("amount", message);
  }
}

async function payWithMpesa(
  context: ApiContext<unknown, z.infer<typeof testPayBody>>,
  simulation: TestSimulation,
  payment: Payment,
): Promise<void> {
  const { body } = context;
  if (body.amount !== undefined) throw invalid("amount", "only with method crypto");
  if (body.confirmations !== undefined) throw invalid("confirmations", "only with method crypto");
  const started = await context.deps.payments().startMpesaPayment({
    paymentId: payment.id,
    phone: body.phone ?? TEST_MPESA_PHONE,
  });
  if (!started.ok) {
    if (started.reason === "invalid_phone" || started.reason === "not_safaricom")
      throw invalid("phone", started.message);
    if (started.reason === "unavailable")
      throw new ApiError("test_mode_unavailable", started.message);
    throw new ApiError("payment_not_payable", started.message);
  }
  await simulation.answerMpesaPrompts();
}

/** The payments a pay request is paying now (claimed before the deposit is sent). */
const paying = new Set<string>();

export const testHelperRoutes = [
  defineRoute({
    method: "POST",
    path: "/test_helpers/payments/{id}/pay",
    scope: "payments:write",
    body: testPayBody,
    bodyOptional: true,
    testOnly: true,
    doc: {
      operationId: "testPayPayment",
      tag: "Test helpers",
      summary: "Pay a test payment",
      description:
        "Test keys only (403 `test_mode_only` with a live key). Pays a test payment awaiting payment the way a customer would: in `crypto`, the custody simulator sends the coin to its deposit address and adds confirmations; with `mpesa`, an M-Pesa Express prompt that the simulator's customer pays. Answers once our server has processed the provider's webhook, so the payment shows its new status: `confirmed` (then `settled`), `underpaid`, `overpaid`, or `confirming` with too few confirmations. A payment whose customer chooses the coin is paid in the coin it opened in. The body may be left out.",
      params: { id: paymentIdSchema },
      response: { status: 200, description: "The payment, paid.", schema: paymentSchema },
      errors: [400, 401, 403, 404, 409, 413, 415, 429, 503],
      example: { method: "crypto", amount: "19.35", confirmations: 2 },
    },
    async handle(context) {
      const simulation = simulationFor(context);
      const id = context.params.id!;
      const payment = await findPayment(context.store, context.key, id);
      if (!payment) throw notFound("payment", id);
      if (payment.status !== "awaiting_payment")
        throw new ApiError(
          "payment_not_payable",
          `Only a payment awaiting payment can be paid; this one is ${payment.status}.`,
        );
      // Paid once: a second request while the first is paying would send a second deposit (the
      // simulators run in this process, so this process's claim is the one that counts).
      if (paying.has(id))
        throw new ApiError(
          "payment_not_payable",
          "This payment is being paid by another request: read it again in a moment.",
        );
      paying.add(id);
      try {
        if (context.body.method === "mpesa") await payWithMpesa(context, simulation, payment);
        else await payInCrypto(context, simulation, payment);
        return { status: 200, body: paymentJson(context, await afterWebhook(context, payment)) };
      } finally {
        paying.delete(id);
      }
    },
  }),
  defineRoute({
    method: "POST",
    path: "/test_helpers/balance/fund",
    scope: "payouts:write",
    body: testFundBody,
    testOnly: true,
    doc: {
      operationId: "testFundBalance",
      tag: "Test helpers",
      summary: "Fund the test balance",
      description:
        "Test keys only (403 `test_mode_only` with a live key). Credits your available test balance (one balanced transaction in the test book, from test capital; never live money), so that test refunds and payout batches have money to use. With the same Idempotency-Key it is credited once.",
      response: { status: 200, description: "The test balance.", schema: balanceSchema },
      errors: [400, 401, 403, 413, 415, 429, 503],
      example: { amount: 5_000_000, currency: "KES" },
    },
    async handle(context) {
      simulationFor(context);
      const { merchantId } = context.key;
      let answer: { status: number; body: unknown } | undefined;
      await fundTestBalance(
        context.store,
        {
          merchantId,
          amountCents: BigInt(context.body.amount),
          key: context.idempotencyKey ?? randomUUID(),
          now: context.now,
        },
        async (q) => {
          const balances = await merchantBalances(q, merchantId, "test");
          answer = { status: 200, body: balanceObject(balances, false) };
          await context.storeResponse(q, answer);
        },
      );
      return answer!;
    },
  }),
  defineRoute({
    method: "POST",
    path: "/test_helpers/payouts/fail_next",
    scope: "payouts:write",
    body: testPayoutFailureBody,
    bodyOptional: true,
    testOnly: true,
    doc: {
      operationId: "testFailNextPayout",
      tag: "Test helpers",
      summary: "Fail the next test payout",
      description:
        "Test keys only (403 `test_mode_only` with a live key). The next test payout of yours that goes to M-Pesa (a settlement, a payout batch row, a refund to M-Pesa) fails at the M-Pesa simulator with `reason`, once: the payout shows `failed` with M-Pesa's words and the money returns to your balance; the one after goes through. Payouts to Airtel Money, T-Kash, PesaLink or a Paybill or Till are not affected. Armed in the server's memory: a restart forgets it; arming again replaces the reason. The body may be left out.",
      response: {
        status: 200,
        description: "Armed.",
        schema: testPayoutFailureSchema,
      },
      errors: [400, 401, 403, 413, 415, 429, 503],
      example: { reason: "invalid_account" },
    },
    handle(context) {
      const simulation = simulationFor(context);
      const { reason } = context.body;
      simulation.armPayoutFailure(context.key.merchantId, reason);
      return {
        status: 200,
        body: { object: "test_helpers.payout_failure", armed: true, reason },
      };
    },
  }),
];
