/**
 * Deposit addresses made ahead (ADR 0027). Creating a payment takes one from the pool of its mode,
 * asset and network (ADR 0031: USDT has a pool on Ethereum and one on Tron) inside the transaction
 * that inserts the payment, so the request never waits on the custody provider (hundreds of
 * milliseconds at a real one); when the pool is empty the payment asks custody itself, as before.
 * A background refill, one address at a time, keeps every pool at its size. An address leaves the
 * pool by being deleted in the payment's transaction, so it can never be given to two payments; an
 * address made but not yet stored when the process dies is simply never used.
 *
 * On the store (ADR 0041): custody is called between the refill's writes, never inside one.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { depositAddressPool } from "../../../drizzle/schema";
import type { ApiMode } from "~/core/api/vocabulary";
import { newId } from "~/core/ids.server";
import {
  assetHasNetwork,
  defaultNetwork,
  homeNetwork,
  isNetworkId,
  type NetworkId,
} from "~/core/networks";
import {
  custodyAssets,
  custodyWallets,
  type Custody,
  type CustodyAsset,
} from "~/core/providers/custody/types";
import { prepared } from "~/db/prepared";
import { first } from "~/db/sql";
import { takingUnlocked, type Handle, type Store } from "~/db/store";
import type { AddressPoolRefill } from "./deps";
import { yieldToEventLoop } from "~/utils/yield";

export interface PooledAddress {
  address: string;
  assetId: string;
  vaultAccountId?: string;
}

/**
 * A pool's name: `mode:ASSET` on the asset's default network (the one its payments open on: USDT
 * on Tron), `mode:ASSET:network` on another (`test:USDT:ethereum`).
 */
export type PoolKey = `${ApiMode}:${CustodyAsset}` | `${ApiMode}:${CustodyAsset}:${NetworkId}`;

export const poolKey = (mode: ApiMode, asset: CustodyAsset, network: NetworkId): PoolKey =>
  network === defaultNetwork(asset) ? `${mode}:${asset}` : `${mode}:${asset}:${network}`;

/** How many addresses each pool keeps: one size for all, and overrides per pool. */
export interface AddressPoolSizes {
  size: number;
  overrides: Partial<Record<PoolKey, number>>;
}

export const poolSizeFor = (
  sizes: AddressPoolSizes,
  mode: ApiMode,
  asset: CustodyAsset,
  network: NetworkId = defaultNetwork(asset),
) => sizes.overrides[poolKey(mode, asset, network)] ?? sizes.size;

/**
 * `DEPOSIT_ADDRESS_POOL`: a size for every pool, then optional `mode:ASSET=size` (the asset's
 * default network) and `mode:ASSET:network=size` overrides, comma separated (`"20"`,
 * `"20,test:USDT=6000,live:USDT:tron=50"`). Throws with what is wrong.
 */
export function parseAddressPoolSizes(value: string): AddressPoolSizes {
  const [first, ...rest] = value.split(",").map((part) => part.trim());
  const count = (text: string | undefined, what: string) => {
    if (!text || !/^\d{1,6}$/.test(text))
      throw new Error(`${what}: expected a whole number from 0 to 999999, got "${text ?? ""}"`);
    return Number(text);
  };
  const sizes: AddressPoolSizes = { size: count(first, "pool size"), overrides: {} };
  for (const part of rest) {
    const match = /^(live|test):([A-Z]+)(?::([a-z]+))?=(.*)$/.exec(part);
    if (!match || !(custodyAssets as readonly string[]).includes(match[2]!))
      throw new Error(
        `"${part}": expected mode:ASSET=size, with mode live or test and ASSET one of ${custodyAssets.join(", ")}`,
      );
    const asset = match[2] as CustodyAsset;
    const network = match[3] ?? defaultNetwork(asset);
    if (!assetHasNetwork(asset, network))
      throw new Error(
        `"${part}": ${asset} is not on ${network} (its networks: ${custodyWallets
          .filter((wallet) => wallet.asset === asset)
          .map((wallet) => wallet.network)
          .join(", ")})`,
      );
    sizes.overrides[poolKey(match[1] as ApiMode, asset, network)] = count(match[4], part);
  }
  return sizes;
}

/** The pool's oldest address of a kind, taken (deleted) and returned: built once. */
const takeOldest = prepared("pool.takeOldest", (q) =>
  q
    .delete(depositAddressPool)
    .where(
      eq(
        depositAddressPool.id,
        // Concurrent creates each take a different address (PostgreSQL: skip locked), not the
        // same one, the later finding it gone.
        takingUnlocked(
          q
            .select({ id: depositAddressPool.id })
            .from(depositAddressPool)
            .where(
              and(
                eq(depositAddressPool.mode, sql.placeholder("mode")),
                eq(depositAddressPool.asset, sql.placeholder("asset")),
                eq(depositAddressPool.network, sql.placeholder("network")),
              ),
            )
            .orderBy(asc(depositAddressPool.createdAt))
            .limit(1),
        ),
      ),
    )
    .returning(),
);

/**
 * Take the oldest address of this mode, asset and network (default: the asset's default network)
 * out of the pool, or null when it is empty. Call it inside the write that inserts the payment.
 */
export async function takePooledAddress(
  q: Handle,
  mode: ApiMode,
  asset: CustodyAsset,
  network: NetworkId = defaultNetwork(asset),
): Promise<PooledAddress | null> {
  const taken = await takeOldest(q).get({ mode, asset, network });
  if (!taken) return null;
  return {
    address: taken.address,
    assetId: taken.custodyAssetId,
    vaultAccountId: taken.custodyVaultAccountId ?? undefined,
  };
}

/** How many addresses each pool holds now, by `poolKey` (read on the caller's handle). */
export async function pooledAddressCounts(q: Handle): Promise<Map<string, number>> {
  const rows = await q
    .select({
      mode: depositAddressPool.mode,
      asset: depositAddressPool.asset,
      network: depositAddressPool.network,
      count: sql<number>`count(*)`,
    })
    .from(depositAddressPool)
    .groupBy(depositAddressPool.mode, depositAddressPool.asset, depositAddressPool.network);
  const counts = new Map<string, number>();
  for (const row of rows) {
    const asset = row.asset as CustodyAsset;
    // A row written before networks (network ''): the asset's home network.
    const network = isNetworkId(row.network) ? row.network : homeNetwork(asset);
    const key = poolKey(row.mode, asset, network);
    counts.set(key, (counts.get(key) ?? 0) + row.count);
  }
  return counts;
}

/**
 * How many addresses one pool holds: one count on deposit_address_pool_take_idx (/readyz asks for
 * every pool, and must answer quickly on a big database). Rows written before networks (network
 * '') are the asset's home network's.
 */
async function pooledIn(
  q: Handle,
  mode: ApiMode,
  asset: CustodyAsset,
  network: NetworkId,
): Promise<number> {
  const row = await first(
    q
      .select({ n: count() })
      .from(depositAddressPool)
      .where(
        and(
          eq(depositAddressPool.mode, mode),
          eq(depositAddressPool.asset, asset),
          network === homeNetwork(asset)
            ? inArray(depositAddressPool.network, [network, ""])
            : eq(depositAddressPool.network, network),
        ),
      )
      .limit(1),
  );
  return row?.n ?? 0;
}

/** Custody requests the refill has in flight at once. */
const REFILL_CONCURRENCY = 4;

/**
 * The background refill: while a pool (of `modes` x every asset on each of its networks) is under
 * its size, ask custody for more addresses (up to REFILL_CONCURRENCY at once) and store those it
 * made in one write, yielding to the event loop between rounds; a custody failure ends the refill
 * (the addresses made with it are kept; the next wake tries again).
 */
export function createAddressPoolRefill(options: {
  store: Store;
  custody: Custody;
  modes: readonly ApiMode[];
  sizes: AddressPoolSizes;
  now?: () => number;
  onError?: (error: unknown) => void;
}): AddressPoolRefill {
  const { store, custody, modes, sizes, now = Date.now } = options;
  let running: Promise<void> | null = null;
  let stopped = false;

  type Short = { mode: ApiMode; asset: CustodyAsset; network: NetworkId; missing: number };
  async function nextShortPool(): Promise<Short | null> {
    const counts = await store.read((q) => pooledAddressCounts(q));
    let best: Short | null = null;
    for (const mode of modes)
      for (const { asset, network } of custodyWallets) {
        const missing =
          poolSizeFor(sizes, mode, asset, network) -
          (counts.get(poolKey(mode, asset, network)) ?? 0);
        if (missing > 0 && (!best || missing > best.missing))
          best = { mode, asset, network, missing };
      }
    return best;
  }

  async function refill(): Promise<void> {
    for (let short = await nextShortPool(); short && !stopped; short = await nextShortPool()) {
      const { mode, asset, network } = short;
      // A few requests at once: under load payments take addresses faster than one request at a
      // time makes them, and a create that finds the pool empty waits for custody itself.
      const asked = await Promise.allSettled(
        Array.from({ length: Math.min(short.missing, REFILL_CONCURRENCY) }, async () => {
          const id = newId("dap");
          const made = await custody.createDepositAddress({ paymentId: id, asset, network });
          return { id, made };
        }),
      );
      const made = asked.flatMap((outcome) =>
        outcome.status === "fulfilled" ? [outcome.value] : [],
      );
      // Custody has answered: what it made is stored in a write of its own.
      if (made.length > 0)
        await store.write(async (q) => {
          const createdAt = now();
          await q.insert(depositAddressPool).values(
            made.map(({ id, made }) => ({
              id,
              mode,
              asset,
              network,
              address: made.address,
              custodyAssetId: made.assetId,
              custodyVaultAccountId: made.vaultAccountId ?? null,
              createdAt,
            })),
          );
        });
      const failed = asked.find((outcome) => outcome.status === "rejected");
      if (failed) throw failed.reason;
      await yieldToEventLoop();
    }
  }

  return {
    wake() {
      if (running || stopped) return;
      running = refill()
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          running = null;
        });
    },
    async idle() {
      await running;
    },
    async stop() {
      stopped = true;
      await running;
    },
    levels() {
      // One read, one indexed count per pool.
      return store.read(async (q) => {
        const levels: Record<string, { pooled: number; size: number }> = {};
        for (const mode of modes)
          for (const { asset, network } of custodyWallets)
            levels[poolKey(mode, asset, network)] = {
              pooled: await pooledIn(q, mode, asset, network),
              size: poolSizeFor(sizes, mode, asset, network),
            };
        return levels;
      });
    },
  };
}
