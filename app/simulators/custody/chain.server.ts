/**
 * What happens on the simulated chains: an incoming payment is a TRANSFER to one of our addresses,
 * created SUBMITTED (TRANSACTION_CREATED), then CONFIRMING with 0 confirmations
 * (TRANSACTION_STATUS_UPDATED); each confirmation sends another STATUS_UPDATED, and at `completeAt`
 * confirmations it becomes COMPLETED / CONFIRMED. A transaction can also be failed, and
 * confirmations can come on their own at an interval (auto-confirm). Every change is saved before
 * its webhooks go.
 *
 * Our outgoing transfers (transfers.server.ts creates them SUBMITTED) go on from there when driven:
 * the first step signs and broadcasts (PENDING_SIGNATURE, BROADCASTING, then CONFIRMING with 0
 * confirmations and a txHash), the next ones add confirmations like a deposit's, up to COMPLETED.
 * Their webhooks go one batch after another in the order they were made (`deliverTransfers`), since
 * the API answers a transfer before its first webhooks are sent.
 */
import { isValidAddress } from "~/core/networks/addresses";
import { assetDecimals, isTerminal, type CustodyTransaction } from "~/core/providers/custody/types";
import { homeNetwork, networks, type NetworkId } from "~/core/networks/networks";
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
  /** Sign and broadcast an outgoing transfer (to CONFIRMING with 0 confirmations). */
  broadcastTransfer(txId: string, delivery?: DeliveryOptions): Promise<CustodyTransaction>;
  /** Every remaining step of an outgoing transfer, to COMPLETED. */
  completeTransfer(txId: string, delivery?: DeliveryOptions): Promise<CustodyTransaction>;
  /** Queue an outgoing transfer's webhooks behind the ones already queued. */
  deliverTransfers(events: PendingEvent[], delivery?: DeliveryOptions): Promise<void>;
  /** Resolves when every transfer webhook queued so far went out. */
  flushTransfers(): Promise<void>;
  setAutoConfirm(intervalMs: number | null): void;
  /** The auto-confirm interval, or null when off. */
  autoConfirmMs(): number | null;
  /** Stop: refuse new payments, no more automatic confirmations. */
  stop(): void;
}

export function createSimulatedChain(state: CustodyState, webhooks: WebhookSender): SimulatedChain {
  const { now, values, transactions, addresses, vaults, blockHeights } = state;
  const networkOf = (tx: SimTx): NetworkId =>
    state.networkByAssetId.get(tx.assetId) ?? homeNetwork(tx.asset);
  let closed = false;
  let autoConfirmMs: number | null = null;
  let autoTimer: NodeJS.Timeout | null = null;
  let ticking = false;

  function requireTx(txId: string): SimTx {
    const tx = transactions.get(txId);
    if (!tx) throw new SimulatorError(404, `No transaction ${txId}`);
    return tx;
  }

  /** An outgoing transfer, signed and broadcast: one event per status on the way. */
  function broadcastOnce(tx: SimTx): PendingEvent[] {
    const events: PendingEvent[] = [];
    const step = (status: string, subStatus: string) => {
      tx.status = status;
      tx.subStatus = subStatus;
      tx.lastUpdated = now();
      events.push(state.event("TRANSACTION_STATUS_UPDATED", tx));
    };
    if (tx.status !== "PENDING_SIGNATURE" && tx.status !== "BROADCASTING")
      step("PENDING_SIGNATURE", "");
    if (tx.status !== "BROADCASTING") step("BROADCASTING", "");
    if (!tx.txHash)
      tx.txHash =
        networks[networkOf(tx)].addressFormat === "evm" ? values.evmTxHash() : values.btcTxHash();
    step("CONFIRMING", "PENDING_BLOCKCHAIN_CONFIRMATIONS");
    state.saveTx(tx);
    return events;
  }

  const awaitingBroadcast = (tx: SimTx) => tx.direction === "out" && tx.status !== "CONFIRMING";

  /**
   * One step: a confirmation more (deposits, broadcast transfers), or the broadcast of an outgoing
   * transfer.
   */
  function advance(tx: SimTx): PendingEvent[] {
    if (isTerminal(tx.status)) return [];
    if (awaitingBroadcast(tx)) return broadcastOnce(tx);
    const next = confirmOnce(tx);
    return next ? [next] : [];
  }

  let lane: Promise<void> = Promise.resolve();
  function deliverTransfers(events: PendingEvent[], delivery: DeliveryOptions = {}): Promise<void> {
    const run = lane.then(() => webhooks.deliverBatch(events, delivery));
    lane = run.catch(() => undefined);
    return run;
  }

  /** Deposits' webhooks at once, transfers' in their queue. */
  async function deliver(events: PendingEvent[], delivery: DeliveryOptions = {}): Promise<void> {
    const isOut = (event: PendingEvent) => transactions.get(event.txId)?.direction === "out";
    const outgoing = events.filter(isOut);
    if (outgoing.length === 0) return webhooks.deliverBatch(events, delivery);
    const incoming = events.filter((event) => !isOut(event));
    await Promise.all([
      incoming.length > 0 ? webhooks.deliverBatch(incoming, delivery) : undefined,
      deliverTransfers(outgoing, delivery),
    ]);
  }

  function requireTransfer(txId: string): SimTx {
    const tx = requireTx(txId);
    if (tx.direction !== "out")
      throw new SimulatorError(409, `Transaction ${txId} is a deposit, not an outgoing transfer`);
    if (isTerminal(tx.status))
      throw new SimulatorError(409, `Transaction ${txId} is already ${tx.status}`);
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
    const network = state.networkByAssetId.get(assetId) ?? homeNetwork(asset);
    if (input.sourceAddress !== undefined && !isValidAddress(network, input.sourceAddress))
      throw new SimulatorError(400, `The sender must be a ${networks[network].name} address`);
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
      sourceAddress:
        input.sourceAddress ??
        (evm
          ? values.evmAddress()
          : format === "tron"
            ? values.tronAddress()
            : values.btcAddress()),
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
      const next = advance(tx);
      if (next.length === 0) break;
      events.push(...next);
    }
    await deliver(events, delivery);
    return state.view(tx);
  }

  async function broadcastTransfer(
    txId: string,
    delivery: DeliveryOptions = {},
  ): Promise<CustodyTransaction> {
    const tx = requireTransfer(txId);
    if (!awaitingBroadcast(tx))
      throw new SimulatorError(409, `Transaction ${txId} is already broadcast (${tx.status})`);
    await deliverTransfers(broadcastOnce(tx), delivery);
    return state.view(tx);
  }

  async function completeTransfer(
    txId: string,
    delivery: DeliveryOptions = {},
  ): Promise<CustodyTransaction> {
    const tx = requireTransfer(txId);
    const events: PendingEvent[] = [];
    // Bounded: a broadcast, then at most completeAt confirmations.
    for (let step = 0; step <= (state.completeAtByAssetId.get(tx.assetId) ?? 1); step += 1) {
      const next = advance(tx);
      if (next.length === 0) break;
      events.push(...next);
    }
    await deliverTransfers(events, delivery);
    return state.view(tx);
  }

  async function flushTransfers(): Promise<void> {
    let current: Promise<void>;
    do {
      current = lane;
      await current;
    } while (current !== lane);
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
    await deliver([state.event("TRANSACTION_STATUS_UPDATED", tx)], delivery);
    return state.view(tx);
  }

  async function tick(delivery: DeliveryOptions = {}): Promise<CustodyTransaction[]> {
    // Transactions still moving are pinned in memory (state.server.ts), in the order written.
    const pending = transactions.pinnedValues().filter((tx) => !isTerminal(tx.status));
    const events = pending.flatMap(advance);
    await deliver(events, delivery);
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
    broadcastTransfer,
    completeTransfer,
    deliverTransfers,
    flushTransfers,
    setAutoConfirm,
    autoConfirmMs: () => autoConfirmMs,
    stop() {
      closed = true;
      if (autoTimer) clearInterval(autoTimer);
    },
  };
}
