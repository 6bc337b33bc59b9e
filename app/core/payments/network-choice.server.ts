/**
 * The customer chooses the network at checkout (issue 14, item 8; ADR 0031). A payment whose
 * asset is on several networks and whose network the merchant or the API did not fix opens on the
 * asset's default network; while nothing has arrived and the quote holds, the customer may move it
 * to another of the asset's networks. The payment then gets a deposit address on that network
 * (from the pool of its mode, asset and network, else from custody), and the timeline keeps the
 * address it had, so an operator can find a deposit sent to it anyway.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { paymentEvents, payments } from "../../../drizzle/schema";
import {
  assetHasNetwork,
  hasNetworkChoice,
  networkLabel,
  networkRefusal,
  networksFor,
  storedNetworkId,
  type NetworkId,
} from "~/core/networks/networks";
import type { Custody, CustodyAsset } from "~/core/providers/custody/types";
import { first } from "~/db/sql";
import type { Handle, Store } from "~/db/store";
import { takePooledAddress, type PooledAddress } from "./address-pool.server";
import { readPayment, recordEvent, type Payment } from "./payments.server";

/** How often one payment may change network (each change uses a deposit address). */
export const MAX_NETWORK_CHANGES = 5;

export interface NetworkChoice {
  /** The payment's network now. */
  network: NetworkId;
  /** The networks the customer may choose from (the current one included); empty: no choice. */
  options: readonly NetworkId[];
  /** The merchant or the API fixed the network when creating the payment. */
  fixed: boolean;
  /** How many times the network was changed. */
  changes: number;
}

/**
 * Whether the merchant or the API fixed the network, from the payment's first timeline entry
 * (`quote_locked`, whose detail says so). A payment made before networks existed counts as fixed.
 */
async function networkFixed(q: Handle, paymentId: string): Promise<boolean> {
  const quoted = await first(
    q
      .select({ detail: paymentEvents.detail })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.type, "quote_locked")))
      .orderBy(asc(paymentEvents.id))
      .limit(1),
  );
  if (!quoted?.detail) return true;
  try {
    return (JSON.parse(quoted.detail) as { networkFixed?: unknown }).networkFixed !== false;
  } catch {
    return true;
  }
}

async function networkChanges(q: Handle, paymentId: string): Promise<number> {
  const [row] = await q
    .select({ count: count() })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.type, "network_changed")));
  return row?.count ?? 0;
}

/** Still open to a change: awaiting payment, the quote holding, nothing seen at its address. */
const changeable = (payment: Payment, now: number) =>
  payment.status === "awaiting_payment" &&
  payment.expiresAt > now &&
  payment.receivedUnits === 0n &&
  payment.custodyTxId === null &&
  payment.depositAddress !== null;

/** The network choice the checkout offers for this payment now. */
export async function networkChoiceFor(
  q: Handle,
  payment: Payment,
  now: number,
): Promise<NetworkChoice> {
  const network = storedNetworkId(payment.network, payment.asset);
  const fixed = !hasNetworkChoice(payment.asset) || (await networkFixed(q, payment.id));
  const changes = fixed ? 0 : await networkChanges(q, payment.id);
  const open = !fixed && changes < MAX_NETWORK_CHANGES && changeable(payment, now);
  return { network, options: open ? networksFor(payment.asset) : [], fixed, changes };
}

export type ChooseNetworkOutcome =
  | { ok: true; payment: Payment; changed: boolean }
  | { ok: false; reason: "not_found" | "not_choosable" | "custody_unavailable"; message: string };

/**
 * Move the payment to `network` (no change when it is already there). Refused when the asset is
 * not on that network, the network was fixed, the payment is no longer open to a change, or it
 * changed network too often.
 */
export async function choosePaymentNetwork(
  store: Store,
  deps: { custody: Custody; now: number; onPooledAddressTaken?: () => void },
  input: { paymentId: string; network: string },
): Promise<ChooseNetworkOutcome> {
  const found = await store.read(async (q) => {
    const payment = await readPayment(q, input.paymentId);
    return payment && { payment, choice: await networkChoiceFor(q, payment, deps.now) };
  });
  if (!found) return { ok: false, reason: "not_found", message: "Payment not found." };
  const { payment, choice } = found;
  const refusal = networkRefusal(payment.asset, input.network);
  if (refusal || !assetHasNetwork(payment.asset, input.network))
    return { ok: false, reason: "not_choosable", message: refusal ?? "Unknown network." };
  const network = input.network;
  if (choice.network === network) return { ok: true, payment, changed: false };
  if (!choice.options.includes(network))
    return {
      ok: false,
      reason: "not_choosable",
      message: choice.fixed
        ? `This payment is to be paid on ${networkLabel(choice.network, payment.asset)}.`
        : "The network can no longer be changed for this payment.",
    };

  const asset = payment.asset as CustodyAsset;
  const swap = async (q: Handle, address: PooledAddress): Promise<Payment | null> => {
    const current = (await first(
      store.forUpdate(q.select().from(payments).where(eq(payments.id, payment.id)).limit(1)),
    ))!;
    if (!changeable(current, deps.now) || current.depositAddress !== payment.depositAddress)
      return null;
    await q
      .update(payments)
      .set({
        network,
        depositAddress: address.address,
        custodyAssetId: address.assetId,
        custodyVaultAccountId: address.vaultAccountId ?? null,
        updatedAt: deps.now,
      })
      .where(eq(payments.id, payment.id));
    await recordEvent(q, payment, {
      type: "network_changed",
      cause: "the customer chose another network at checkout",
      at: deps.now,
      detail: {
        from: choice.network,
        to: network,
        previousAddress: payment.depositAddress,
        previousAssetId: payment.custodyAssetId,
        address: address.address,
      },
    });
    return (await readPayment(q, payment.id))!;
  };

  // From the pool, in one write with the change (an address never goes to two payments).
  const closed: ChooseNetworkOutcome = {
    ok: false,
    reason: "not_choosable",
    message: "The network can no longer be changed for this payment.",
  };
  let fromPool: Payment | undefined;
  try {
    fromPool = await store.write(async (q) => {
      const address = await takePooledAddress(q, payment.mode, asset, network);
      if (!address) return undefined;
      const moved = await swap(q, address);
      // Roll the take back: the address stays in the pool.
      if (!moved) throw new NotChangeable();
      return moved;
    });
  } catch (error) {
    if (error instanceof NotChangeable) return closed;
    throw error;
  }
  if (fromPool) {
    deps.onPooledAddressTaken?.();
    return { ok: true, payment: fromPool, changed: true };
  }

  let made: PooledAddress;
  try {
    made = await deps.custody.createDepositAddress({
      // Its own id per change, so a retry of this change gets the same address back and another
      // change a new one.
      paymentId: `${payment.id}_${network}_${choice.changes + 1}`,
      asset,
      network,
      customerRefId: payment.id,
    });
  } catch {
    return {
      ok: false,
      reason: "custody_unavailable",
      message: "We could not open an address on that network just now. Please try again.",
    };
  }
  const moved = await store.write((q) => swap(q, made));
  if (!moved) return closed;
  return { ok: true, payment: moved, changed: true };
}

/** The payment changed while its network was being changed: nothing is written. */
class NotChangeable extends Error {}
