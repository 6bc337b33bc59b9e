/**
 * Our outgoing transfers on the custody simulator (refunds), as Fireblocks answers them:
 *   POST /v1/transactions                          TRANSFER from a VAULT_ACCOUNT to a
 *                                                  ONE_TIME_ADDRESS: {id, status: "SUBMITTED"}
 *   GET  /v1/transactions/external_tx_id/{id}      the transaction created with that externalTxId
 *   GET  /v1/estimate_network_fee?assetId=         {low, medium, high} fee estimates
 * A second transaction with an externalTxId already used is refused with HTTP 400 (code 1438,
 * "Transaction with this externalTxId already exists": the code is the one public integrations
 * mock, not a documented one; branch on the status). Sweeps are not modelled: the funds check looks
 * at the asset across every vault account of the workspace and debits the named source vault
 * first, then the others (by id), so the workspace's total falls by exactly the amount. The fee is
 * `TRANSFER_FEES` (what the estimate quotes), debited in the fee asset when the workspace holds
 * enough of it (ETH for an ERC-20 token), else only reported; a transfer that cannot be covered is
 * created and at once FAILED / INSUFFICIENT_FUNDS, with its webhooks, like Fireblocks (not an HTTP
 * error). The failure rules (`failTransfersTo`) end a transfer to an address the same way (REJECTED
 * / REJECTED_AML_SCREENING, BLOCKED / BLOCKED_BY_POLICY, ...), debiting nothing. What happens next
 * (signing, broadcast, confirmations) is chain.server.ts's.
 */
import { isValidAddress } from "~/core/networks/addresses";
import { homeNetwork, networks } from "~/core/networks/networks";
import { decimalToUnits, unitsToDecimal } from "~/core/providers/daraja/amounts";
import { assetDecimals, custodyWalletKey } from "~/core/providers/custody/types";
import { walletBalances } from "./balances.server";
import type { SimulatedChain } from "./chain.server";
import { json, type SimResponse } from "./http.server";
import {
  FEE_DECIMALS,
  TRANSFER_FEES,
  USD_PRICES,
  type CustodyState,
  type PendingEvent,
  type SimDebit,
  type SimTx,
} from "./state.server";
import { failureStatuses, SimulatorError, type FailureStatus } from "./types";
import { decimalPlaces, isDecimalString, isZeroDecimal, multiplyDecimals } from "./values.server";

/** The refusals of the transfer endpoints; 1004 and 1006 are Fireblocks' documented codes. */
export const transferErrors = {
  externalTxIdExists: {
    status: 400,
    code: 1438,
    message: "Transaction with this externalTxId already exists",
  },
  vaultNotFound: { status: 404, code: 1004, message: "Vault account Id was not found" },
  assetNotFound: { status: 404, code: 1006, message: "Asset doesn't exist" },
} as const;

const refuse = (error: { status: number; code: number; message: string }): SimResponse =>
  json(error.status, { message: error.message, code: error.code });
const invalid = (message: string): SimResponse => json(400, { message, code: 1000 });

const MAX_EXTERNAL_TX_ID = 255;
const SUB_STATUS = /^[A-Z0-9_]{1,60}$/;

/** Fireblocks' main status for a sub-status a failure rule ends a transfer with. */
export function failureStatusFor(subStatus: string): FailureStatus {
  if (subStatus.startsWith("REJECTED")) return "REJECTED";
  if (subStatus.startsWith("BLOCKED")) return "BLOCKED";
  return "FAILED";
}

/** EVM addresses match whatever their case; others exactly. */
const addressKey = (address: string) =>
  address.startsWith("0x") ? address.toLowerCase() : address;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export interface TransferFailureRule {
  address: string;
  status: FailureStatus;
  subStatus: string;
}

export interface SimulatedTransfers {
  /** `POST /v1/transactions` with a parsed body (idempotency is the API's). */
  create(body: Record<string, unknown>): SimResponse;
  /** `GET /v1/transactions/external_tx_id/{externalTxId}`. */
  byExternalId(externalTxId: string): SimTx | undefined;
  /** `GET /v1/estimate_network_fee?assetId=`. */
  estimate(assetId: string | null): SimResponse;
  /** The medium estimate (and settled fee) of an asset id; SimulatorError 400 when unknown. */
  networkFee(assetId: string): { networkFee: string; feeAsset: string };
  failTransfersTo(address: string, subStatus: string | null, status?: FailureStatus): void;
  failureRules(): TransferFailureRule[];
}

export function createTransfers(state: CustodyState, chain: SimulatedChain): SimulatedTransfers {
  const { now, values, vaults, transactions } = state;
  const byExternalId = new Map<string, SimTx>();
  // Outgoing transfers are pinned in memory (state.server.ts): no walk over every transaction.
  for (const tx of transactions.pinnedValues())
    if (tx.direction === "out" && tx.externalTxId) byExternalId.set(tx.externalTxId, tx);
  const failureRules = new Map<string, TransferFailureRule>();

  function networkFee(assetId: string): { networkFee: string; feeAsset: string } {
    const asset = state.assetBySymbol.get(assetId);
    const network = state.networkByAssetId.get(assetId);
    const feeAsset = state.feeAssetByAssetId.get(assetId);
    const fee = asset && network ? TRANSFER_FEES[custodyWalletKey(asset, network)] : undefined;
    if (!fee || !feeAsset) throw new SimulatorError(400, `Unknown asset id ${assetId}`);
    return { networkFee: fee, feeAsset };
  }

  /**
   * Take `units` of `assetId` from the source vault first, then the other vaults by id; null when
   * the workspace does not hold that much.
   */
  function allocate(assetId: string, units: bigint, sourceVaultId: string): SimDebit[] | null {
    const asset = state.assetBySymbol.get(assetId);
    if (!asset) return null;
    const balances = walletBalances(state, assetId);
    const others = [...balances.keys()]
      .filter((id) => id !== sourceVaultId)
      .sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
    const debits: SimDebit[] = [];
    let left = units;
    for (const vaultAccountId of [sourceVaultId, ...others]) {
      if (left === 0n) break;
      const available = balances.get(vaultAccountId)?.available ?? 0n;
      if (available <= 0n) continue;
      const take = available < left ? available : left;
      debits.push({ vaultAccountId, assetId, amount: unitsToDecimal(take, assetDecimals[asset]) });
      left -= take;
    }
    return left === 0n ? debits : null;
  }

  function create(body: Record<string, unknown>): SimResponse {
    if (body.operation !== undefined && body.operation !== "TRANSFER")
      return invalid("The simulator supports only the TRANSFER operation");
    const assetId = typeof body.assetId === "string" ? body.assetId : "";
    const asset = state.assetBySymbol.get(assetId);
    if (!asset) return refuse(transferErrors.assetNotFound);
    const source = body.source;
    if (!isRecord(source) || source.type !== "VAULT_ACCOUNT" || typeof source.id !== "string")
      return invalid('source must be {"type": "VAULT_ACCOUNT", "id": "<vault account id>"}');
    const vault = vaults.get(source.id);
    if (!vault) return refuse(transferErrors.vaultNotFound);
    const destination = body.destination;
    const oneTime = isRecord(destination) ? destination.oneTimeAddress : undefined;
    if (
      !isRecord(destination) ||
      destination.type !== "ONE_TIME_ADDRESS" ||
      !isRecord(oneTime) ||
      typeof oneTime.address !== "string" ||
      oneTime.address.trim() === ""
    )
      return invalid(
        'destination must be {"type": "ONE_TIME_ADDRESS", "oneTimeAddress": {"address": "..."}}',
      );
    const address = oneTime.address.trim();
    const network = state.networkByAssetId.get(assetId) ?? homeNetwork(asset);
    if (address.length > 200 || !isValidAddress(network, address))
      return invalid(`Invalid address: not a ${networks[network].name} address for ${assetId}`);
    const amount = typeof body.amount === "string" ? body.amount.trim() : "";
    if (!isDecimalString(amount) || isZeroDecimal(amount))
      return invalid('amount must be a positive decimal string such as "0.0015"');
    if (decimalPlaces(amount) > assetDecimals[asset])
      return invalid(`${assetId} amounts have at most ${assetDecimals[asset]} decimal places`);
    let externalTxId: string | null = null;
    if (body.externalTxId !== undefined && body.externalTxId !== null) {
      if (
        typeof body.externalTxId !== "string" ||
        body.externalTxId.length === 0 ||
        body.externalTxId.length > MAX_EXTERNAL_TX_ID
      )
        return invalid(`externalTxId must be a string of 1 to ${MAX_EXTERNAL_TX_ID} characters`);
      externalTxId = body.externalTxId;
      if (byExternalId.has(externalTxId)) return refuse(transferErrors.externalTxIdExists);
    }
    const note = typeof body.note === "string" ? body.note.slice(0, 500) : "";

    const fee = networkFee(assetId);
    const createdAt = now();
    const tx: SimTx = {
      id: values.uuid(),
      asset,
      assetId,
      amount,
      amountUSD: multiplyDecimals(amount, USD_PRICES[asset], 2),
      txHash: "",
      sourceAddress: vault.wallets.get(assetId)?.[0] ?? "",
      destinationAddress: address,
      vaultAccountId: vault.id,
      vaultName: vault.name,
      status: "SUBMITTED",
      subStatus: "",
      numOfConfirmations: 0,
      blockHeight: null,
      blockHash: null,
      createdAt,
      lastUpdated: createdAt,
      direction: "out",
      externalTxId,
      note,
      networkFee: fee.networkFee,
      feeCurrency: fee.feeAsset,
      debits: [],
    };
    transactions.set(tx.id, tx);
    if (externalTxId) byExternalId.set(externalTxId, tx);
    const events: PendingEvent[] = [state.event("TRANSACTION_CREATED", tx)];
    const end = (status: string, subStatus: string) => {
      tx.status = status;
      tx.subStatus = subStatus;
      tx.lastUpdated = now();
      events.push(state.event("TRANSACTION_STATUS_UPDATED", tx));
    };

    const rule = failureRules.get(addressKey(address));
    if (rule) {
      if (rule.status === "REJECTED" && rule.subStatus.includes("AML"))
        end("PENDING_AML_SCREENING", "");
      end(rule.status, rule.subStatus);
    } else {
      const scale = assetDecimals[asset];
      const units = decimalToUnits(amount, scale)!;
      const feeSymbol = state.assetBySymbol.get(fee.feeAsset);
      const feeUnits = feeSymbol
        ? (decimalToUnits(fee.networkFee, assetDecimals[feeSymbol]) ?? 0n)
        : 0n;
      if (fee.feeAsset === assetId) {
        // The fee comes out of the same coin (BTC, ETH): both must be covered.
        const debits = allocate(assetId, units + feeUnits, vault.id);
        if (debits) tx.debits = debits;
        else end("FAILED", "INSUFFICIENT_FUNDS");
      } else {
        const debits = allocate(assetId, units, vault.id);
        if (!debits) end("FAILED", "INSUFFICIENT_FUNDS");
        else {
          // Gas in the fee asset when the workspace holds enough of it; else only reported.
          const feeDebits = feeSymbol ? allocate(fee.feeAsset, feeUnits, vault.id) : null;
          tx.debits = [...debits, ...(feeDebits ?? [])];
        }
      }
    }
    state.saveTx(tx);
    chain.deliverTransfers(events).catch(() => undefined);
    return json(200, { id: tx.id, status: "SUBMITTED" });
  }

  function estimate(assetId: string | null): SimResponse {
    if (!assetId) return invalid("assetId is required");
    if (!state.assetBySymbol.has(assetId)) return refuse(transferErrors.assetNotFound);
    const { networkFee: medium } = networkFee(assetId);
    const network = state.networkByAssetId.get(assetId)!;
    const scale = FEE_DECIMALS[network];
    const trim = (value: string) => value.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");
    const level = (fee: string, price: string) => ({
      networkFee: trim(fee),
      ...(network === "bitcoin"
        ? { feePerByte: price }
        : networks[network].addressFormat === "evm"
          ? { gasPrice: price }
          : {}),
    });
    return json(200, {
      low: level(multiplyDecimals(medium, "0.5", scale), network === "bitcoin" ? "7" : "10"),
      medium: level(medium, network === "bitcoin" ? "14" : "20"),
      high: level(multiplyDecimals(medium, "1.5", scale), network === "bitcoin" ? "21" : "30"),
    });
  }

  function failTransfersTo(
    address: string,
    subStatus: string | null,
    status?: FailureStatus,
  ): void {
    const trimmed = typeof address === "string" ? address.trim() : "";
    if (!trimmed || trimmed.length > 200)
      throw new SimulatorError(400, "address must be 1 to 200 characters");
    if (subStatus === null || subStatus === "") {
      failureRules.delete(addressKey(trimmed));
      return;
    }
    if (!SUB_STATUS.test(subStatus))
      throw new SimulatorError(400, "subStatus must be a sub-status such as BLOCKED_BY_POLICY");
    if (status !== undefined && !failureStatuses.includes(status))
      throw new SimulatorError(400, `status must be one of ${failureStatuses.join(", ")}`);
    failureRules.set(addressKey(trimmed), {
      address: trimmed,
      status: status ?? failureStatusFor(subStatus),
      subStatus,
    });
  }

  return {
    create,
    byExternalId: (externalTxId) => byExternalId.get(externalTxId),
    estimate,
    networkFee,
    failTransfersTo,
    failureRules: () => [...failureRules.values()].map((rule) => ({ ...rule })),
  };
}
