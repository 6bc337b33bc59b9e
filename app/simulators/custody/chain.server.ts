/**
 * What happens on the simulated chains: an incoming payment is a TRANSFER to one of our addresses,
 * created SUBMITTED (TRANSACTION_CREATED), then CONFIRMING with 0 confirmations
 * (TRANSACTION_STATUS_UPDATED); each confirmation sends another STATUS_UPDATED, and at `completeAt`
 * confirmations it becomes COMPLETED / CONFIRMED. A transaction can also be failed, and
 * confirmations can come on their own at an interval (auto-confirm). Every change is saved before
 * its webhooks go.
 */
import { assetDecimals, isTerminal, type CustodyTransaction } from "~/core/providers/custody/types";
import { defaultNetwork, networks, type NetworkId } from "~/core/networks/networks";
import {
  chainKey,
  USD_PRICES,
  type CustodyState,
  type PendingEvent,
  type SimTx,
} from "./state.server";
import {
  failureStatuses,
  SimulatorError,
  type DeliveryOptions,
  type FailureStatus,
  type SendPaymentInput,
} from "./types";
import { decimalPlaces, isDecimalString, isZeroDecimal, multiplyDecimals } from "./values.server";
import type { WebhookSender } from "./webhooks.server";

const defaultFailureSubStatus: Record<FailureStatus, string> = {
  FAILED: "DROPPED_BY_BLOCKCHAIN",
  REJECTED: "REJECTED_AML_SCREENING",
  BLOCKED: "BLOCKED_BY_POLICY",
};

export interface SimulatedChain {
  sendPayment(input: SendPaymentInput, delivery?: DeliveryOptions): Promise<CustodyTransaction>;
  confirm(txId: string, add?: number, delivery?: DeliveryOptions): Promise<CustodyTransaction>;
  fail(
    txId: string,
    status: FailureStatus,
    delivery?: DeliveryOptions & { subStatus?: string },
  ): Promise<CustodyTransaction>;
  tick(delivery?: DeliveryOptions): Promise<CustodyTransaction[]>;
  setAutoConfirm(intervalMs: number | null): void;
  /** The auto-confirm interval, or null when off. */
  autoConfirmMs(): number | null;
  /** Stop: refuse new payments, no more automatic confirmations. */
  stop(): void;
}

export function createSimulatedChain(state: CustodyState, webhooks: WebhookSender): SimulatedChain {
  const { now, values, transactions, addresses, vaults, blockHeights } = state;
  const networkOf = (tx: SimTx): NetworkId =>
    state.networkByAssetId.get(tx.assetId) ?? defaultNetwork(tx.asset);
  let closed = false;
  let autoConfirmMs: number | null = null;
  let autoTimer: NodeJS.Timeout | null = null;
  let ticking = false;

  function requireTx(txId: string): SimTx {
    const tx = transactions.get(txId);
    if (!tx) throw new SimulatorError(404, `No transaction ${txId}`);
    return tx;
  }

  function confirmOnce(tx: SimTx): PendingEvent | null {
    if (isTerminal(tx.status)) return null;
    tx.numOfConfirmations += 1;
    if (tx.blockHeight === null) {
      const network = networkOf(tx);
      const chain = chainKey(network);
      blockHeights[chain] = (blockHeights[chain] ?? 0) + 1;
      tx.blockHeight = blockHeights[chain];
      tx.blockHash = values.blockHash(networks[network].addressFormat === "evm");
    }
    tx.status = "CONFIRMING";
    tx.subStatus = "PENDING_BLOCKCHAIN_CONFIRMATIONS";
    if (tx.numOfConfirmations >= (state.completeAtByAssetId.get(tx.assetId) ?? 1)) {
      tx.status = "COMPLETED";
      tx.subStatus = "CONFIRMED";
    }
    tx.lastUpdated = now();
    state.saveTx(tx);
    state.saveChain();
    return state.event("TRANSACTION_STATUS_UPDATED", tx);
  }

  async function sendPayment(
    input: SendPaymentInput,
    delivery: DeliveryOptions = {},
  ): Promise<CustodyTransaction> {
    if (closed) throw new SimulatorError(503, "The simulator is closed");
    const deposit = addresses.get(input.address.trim());
    if (!deposit)
      throw new SimulatorError(
        404,
        `${input.address} is not one of the simulator's deposit addresses`,
      );
    const assetId = input.assetId ?? deposit.assetIds[0] ?? "";
    if (!deposit.assetIds.includes(assetId)) {
      throw new SimulatorError(
        400,
        `${input.address} takes ${deposit.assetIds.join(", ")}, not ${assetId}`,
      );
    }
    const asset = state.assetBySymbol.get(assetId);
    if (!asset) throw new SimulatorError(400, `Unknown asset ${assetId}`);
    const amount = input.amount.trim();
    if (!isDecimalString(amount) || isZeroDecimal(amount)) {
      throw new SimulatorError(400, "The amount must be a positive decimal number like 0.0015");
    }
    if (decimalPlaces(amount) > assetDecimals[asset]) {
      throw new SimulatorError(
        400,
        `${assetId} amounts have at most ${assetDecimals[asset]} decimal places`,
      );
    }
    const vault = vaults.get(deposit.vaultAccountId);
    const network = state.networkByAssetId.get(assetId) ?? defaultNetwork(asset);
    const format = networks[network].addressFormat;
    const evm = format === "evm";
    const createdAt = now();
    const tx: SimTx = {
      id: values.uuid(),
      asset,
      assetId,
      amount,
      amountUSD: multiplyDecimals(amount, USD_PRICES[asset], 2),
      txHash: input.txHash ?? (evm ? values.evmTxHash() : values.btcTxHash()),
      sourceAddress: evm
        ? values.evmAddress()
        : format === "tron"
          ? values.tronAddress()
          : values.btcAddress(),
      destinationAddress: deposit.address,
      vaultAccountId: deposit.vaultAccountId,
      vaultName: vault?.name ?? "",
      status: "SUBMITTED",
      subStatus: "",
      numOfConfirmations: 0,
      blockHeight: null,
      blockHash: null,
      createdAt,
      lastUpdated: createdAt,
    };
    transactions.set(tx.id, tx);
    const events = [state.event("TRANSACTION_CREATED", tx)];
    tx.status = "CONFIRMING";
    tx.subStatus = "PENDING_BLOCKCHAIN_CONFIRMATIONS";
    tx.lastUpdated = now();
    state.saveTx(tx);
    events.push(state.event("TRANSACTION_STATUS_UPDATED", tx));
    await webhooks.deliverBatch(events, delivery);
    return state.view(tx);
  }

  async function confirm(
    txId: string,
    add = 1,
    delivery: DeliveryOptions = {},
  ): Promise<CustodyTransaction> {
    const tx = requireTx(txId);
    if (!Number.isInteger(add) || add < 1 || add > 100)
      throw new SimulatorError(400, "add must be an integer from 1 to 100");
    if (isTerminal(tx.status))
      throw new SimulatorError(409, `Transaction ${txId} is already ${tx.status}`);
    const events: PendingEvent[] = [];
    for (let step = 0; step < add; step += 1) {
      const next = confirmOnce(tx);
      if (!next) break;
      events.push(next);
    }
    await webhooks.deliverBatch(events, delivery);
    return state.view(tx);
  }

  async function fail(
    txId: string,
    status: FailureStatus,
    delivery: DeliveryOptions & { subStatus?: string } = {},
  ): Promise<CustodyTransaction> {
    const tx = requireTx(txId);
    if (!failureStatuses.includes(status))
      throw new SimulatorError(400, `status must be one of ${failureStatuses.join(", ")}`);
    if (isTerminal(tx.status))
      throw new SimulatorError(409, `Transaction ${txId} is already ${tx.status}`);
    tx.status = status;
    tx.subStatus = delivery.subStatus || defaultFailureSubStatus[status];
    tx.lastUpdated = now();
    state.saveTx(tx);
    await webhooks.deliverBatch([state.event("TRANSACTION_STATUS_UPDATED", tx)], delivery);
    return state.view(tx);
  }

  async function tick(delivery: DeliveryOptions = {}): Promise<CustodyTransaction[]> {
    const pending = [...transactions.values()].filter((tx) => !isTerminal(tx.status));
    const events = pending.map(confirmOnce).filter((next): next is PendingEvent => next !== null);
    await webhooks.deliverBatch(events, delivery);
    return pending.map(state.view);
  }

  function setAutoConfirm(intervalMs: number | null): void {
    if (autoTimer) clearInterval(autoTimer);
    autoTimer = null;
    autoConfirmMs = intervalMs && intervalMs > 0 ? intervalMs : null;
    if (autoConfirmMs === null || closed) return;
    autoTimer = setInterval(() => {
      if (ticking || closed) return;
      ticking = true;
      tick()
        .catch(() => undefined)
        .finally(() => {
          ticking = false;
        });
    }, autoConfirmMs);
    autoTimer.unref();
  }

  return {
    sendPayment,
    confirm,
    fail,
    tick,
    setAutoConfirm,
    autoConfirmMs: () => autoConfirmMs,
    stop() {
      closed = true;
      if (autoTimer) clearInterval(autoTimer);
    },
  };
}
