/**
 * The custody simulator: a node:http server speaking the Fireblocks REST API v1 subset our client
 * uses (api.server.ts), sending Fireblocks v1 webhooks signed RSA-SHA512 over the exact body bytes
 * (webhooks.server.ts) about what happens on the simulated chains (chain.server.ts), with a control
 * API and page under /__sim (control.server.ts, page.server.ts), and its state kept in a store so a
 * restart forgets nothing (state.server.ts). Our outgoing transfers (refunds) are
 * transfers.server.ts's. Loaded only in simulator mode (app/wiring) and by
 * tests.
 */
import { apiError, apiErrors, createCustodyApi } from "./api.server";
import { checkedDrift, driftKey } from "./balances.server";
import { createSimulatedChain } from "./chain.server";
import { createControl } from "./control.server";
import { createTransfers } from "./transfers.server";
import { handleFetchRequest, listen, type SimRequest, type SimResponse } from "./http.server";
import { loadCustodyState } from "./state.server";
import { resolveWebhookUrl, type CustodySimulator, type CustodySimulatorOptions } from "./types";
import { createWebhookSender } from "./webhooks.server";

export { generateRsaKeyPair, type RsaKeyPairPem } from "./keys.server";
export {
  defaultCompleteAt,
  failureStatuses,
  SimulatorError,
  type CustodySimulator,
  type CustodySimulatorOptions,
  type DeliveryOptions,
  type FailureStatus,
  type SendPaymentInput,
  type SimulatorDepositAddress,
  type WebhookDelivery,
} from "./types";

export async function startCustodySimulator(
  options: CustodySimulatorOptions,
): Promise<CustodySimulator> {
  const state = await loadCustodyState(options);
  const webhooks = createWebhookSender({
    signingKey: state.signingKey,
    webhookUrl: () => resolveWebhookUrl(options),
    now: state.now,
    maxRetries: options.maxRetries ?? 3,
    retryDelayMs: options.retryDelayMs ?? 0,
    deliveryTimeoutMs: options.deliveryTimeoutMs ?? 5000,
    maxRecordedDeliveries: Math.max(1, options.maxRecordedDeliveries ?? 10_000),
  });
  const chain = createSimulatedChain(state, webhooks);
  const transfers = createTransfers(state, chain);
  const api = createCustodyApi(state, transfers);
  const control = createControl(state, chain, webhooks, options, transfers);
  let closed = false;

  async function route(request: SimRequest): Promise<SimResponse> {
    const pathname = request.url.pathname;
    if (pathname.startsWith("/v1/")) return api(request);
    if (pathname === "/__sim" || pathname.startsWith("/__sim/"))
      return control(request, "/__sim", pathname.slice("/__sim".length));
    return apiError(apiErrors.notFound);
  }

  const { server, baseUrl } = await listen(route, options.port ?? 0, options.host ?? "127.0.0.1");
  chain.setAutoConfirm(options.autoConfirmMs ?? null);

  return {
    baseUrl,
    webhookPublicKeyPem: state.webhookPublicKeyPem,
    apiKeyPair: state.apiKeyPair,
    deliveries: webhooks.deliveries,
    tenantId: state.tenantId,
    sendPayment: chain.sendPayment,
    confirm: chain.confirm,
    fail: chain.fail,
    tick: chain.tick,
    broadcastTransfer: chain.broadcastTransfer,
    completeTransfer: chain.completeTransfer,
    failTransfersTo: transfers.failTransfersTo,
    transferFailures: transfers.failureRules,
    networkFee: transfers.networkFee,
    flushWebhooks: chain.flushTransfers,
    setAutoConfirm: chain.setAutoConfirm,
    setDrift(assetId, amount, vaultAccountId = "0") {
      state.drift.set(driftKey(vaultAccountId, assetId), checkedDrift(state, assetId, amount));
    },
    drift: (assetId, vaultAccountId = "0") =>
      state.drift.get(driftKey(vaultAccountId, assetId)) ?? "0",
    transactions: () => [...state.transactions.values()].map(state.view),
    transaction: (txId) => {
      const tx = state.transactions.get(txId);
      return tx ? state.view(tx) : undefined;
    },
    depositAddresses: () =>
      [...state.addresses.values()].map((row) => ({ ...row, assetIds: [...row.assetIds] })),
    completeAt: state.completeAtRecord,
    handleControlRequest: (request: Request, basePath = "/__sim") =>
      handleFetchRequest(request, basePath, control),
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      chain.stop();
      await webhooks.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
