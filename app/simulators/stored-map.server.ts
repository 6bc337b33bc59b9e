/**
 * A simulator's records of one kind (transactions, vaults, addresses...) as a map that reads
 * through to the simulator store instead of holding every record (issue 28: nothing loads a whole
 * table into memory, at start or per request; a simulator with a million transactions starts in
 * a moment).
 *
 * - `get` answers from memory (records pinned by `pin`, e.g. transactions still confirming, and a
 *   bounded cache of those read or written lately) or else reads the one record from the store.
 * - `set` keeps the object in memory; writing it to the store stays the caller's (`store.save`),
 *   as before.
 * - `values()` walks every record in the order written, a page at a time (objects in memory are
 *   handed out as they are, so a caller mutating one sees its own copy).
 *
 * Without a paged store (no store at all, or a test's memory store) it is a plain Map, filled from
 * `store.load()` at start as before.
 */
import { topLevelField, type SimulatorRecord, type SimulatorStore } from "./store.server";

/** How many unpinned records a map keeps in memory (the rest are read again when asked). */
export const STORED_MAP_CACHE = 2_000;
const PAGE = 500;

export interface StoredMapOptions<V> {
  /** Records that must stay in memory (a live object others hold and mutate). */
  pin?: (value: V) => boolean;
  /** How a stored body becomes a value (default JSON.parse). */
  parse?: (body: string) => V;
  cacheSize?: number;
}

export class StoredMap<V> {
  private readonly pinned = new Map<string, V>();
  private readonly recent = new Map<string, V>();
  /** Without a paged store: every value, in insertion order (a plain Map). */
  private readonly all: Map<string, V> | null;
  private readonly parse: (body: string) => V;
  private readonly cacheSize: number;

  constructor(
    private readonly store: SimulatorStore | undefined,
    private readonly kind: string,
    private readonly options: StoredMapOptions<V> = {},
  ) {
    this.parse = options.parse ?? ((body) => JSON.parse(body) as V);
    this.cacheSize = options.cacheSize ?? STORED_MAP_CACHE;
    this.all = store?.paged ? null : new Map();
  }

  /** Whether the values live in the store (paged) rather than all in memory. */
  get paged(): boolean {
    return this.all === null;
  }

  /**
   * Without a paged store: keep every record of this map's kind among `records` (what
   * `store.load()` gave at start), in that order. With one: nothing (the store is read when asked).
   */
  restore(records: readonly SimulatorRecord[]): void {
    if (!this.all) return;
    for (const record of records)
      if (record.kind === this.kind) this.all.set(record.id, this.parse(record.body));
  }

  /** How many records there are: counted by the store, or the plain Map's size. */
  get size(): number {
    return this.all ? this.all.size : this.store!.paged!.count(this.kind);
  }

  /** Put a value in memory without writing it (restoring from `store.load()`, or a pin). */
  remember(id: string, value: V): void {
    if (this.all) {
      this.all.set(id, value);
      return;
    }
    if (this.options.pin?.(value)) {
      this.pinned.set(id, value);
      this.recent.delete(id);
      return;
    }
    this.pinned.delete(id);
    this.recent.delete(id);
    this.recent.set(id, value);
    if (this.recent.size > this.cacheSize) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
  }

  get(id: string): V | undefined {
    if (this.all) return this.all.get(id);
    const held = this.pinned.get(id) ?? this.recent.get(id);
    if (held !== undefined) return held;
    const body = this.store!.paged!.get(this.kind, id);
    if (body === undefined) return undefined;
    const value = this.parse(body);
    this.remember(id, value);
    return value;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  set(id: string, value: V): this {
    this.remember(id, value);
    return this;
  }

  /** Forget the value in memory (the caller removes it from the store). */
  delete(id: string): boolean {
    if (this.all) return this.all.delete(id);
    const had = this.pinned.delete(id) || this.recent.delete(id);
    return had;
  }

  /**
   * Drop expired values from the front of what is in memory (insertion order), stopping at the
   * first live one. The store keeps them (see `PagedSimulatorStore.removeBelow`).
   */
  forgetOldest(expired: (value: V) => boolean): void {
    const held = this.all ?? this.recent;
    for (const [id, value] of held) {
      if (!expired(value)) return;
      held.delete(id);
    }
  }

  /** The pinned values (all of them are in memory). Without a paged store: those `pin` selects. */
  pinnedValues(): V[] {
    if (this.all) {
      const pin = this.options.pin;
      return pin ? [...this.all.values()].filter(pin) : [];
    }
    return [...this.pinned.values()];
  }

  /** Every value in the order written (descending: newest first), a page at a time. */
  *values(options: { descending?: boolean } = {}): Generator<V> {
    if (this.all) {
      const values = [...this.all.values()];
      if (options.descending) values.reverse();
      yield* values;
      return;
    }
    const paged = this.store!.paged!;
    let afterSeq: number | undefined;
    for (;;) {
      const rows = paged.page(this.kind, {
        afterSeq,
        descending: options.descending,
        limit: PAGE,
      });
      for (const row of rows)
        yield this.pinned.get(row.id) ?? this.recent.get(row.id) ?? this.parse(row.body);
      if (rows.length < PAGE) return;
      afterSeq = rows[rows.length - 1]!.seq;
    }
  }

  /**
   * The values whose numeric top-level field `path` (`$.createdAt`) lies strictly between `after`
   * and `before`, in that field's order (then the order written; descending: the reverse), a page
   * at a time through the store's index on it: only the records in that range are read. With
   * `where`, only those whose field `where.path` is `where.value` (`$.vaultAccountId`).
   */
  *sortedBy(
    path: string,
    options: {
      after?: number;
      before?: number;
      descending?: boolean;
      where?: { path: string; value: string };
    } = {},
  ): Generator<V> {
    const { after, before, descending = false, where } = options;
    const key = topLevelField(path);
    const inRange = (value: number) =>
      (after === undefined || value > after) && (before === undefined || value < before);
    if (this.all) {
      const fieldOf = (value: V, name: string) => (value as Record<string, unknown>)[name];
      const whereKey = where ? topLevelField(where.path) : undefined;
      const values = [...this.all.values()]
        .filter((value) => !where || fieldOf(value, whereKey!) === where.value)
        .map((value, order) => ({ value, order, field: fieldOf(value, key) }))
        .filter(
          (entry): entry is { value: V; order: number; field: number } =>
            typeof entry.field === "number" && inRange(entry.field),
        )
        .sort((a, b) => a.field - b.field || a.order - b.order);
      if (descending) values.reverse();
      for (const entry of values) yield entry.value;
      return;
    }
    const paged = this.store!.paged!;
    const start = descending ? before : after;
    let from =
      start === undefined ? undefined : { value: start, seq: undefined as number | undefined };
    for (;;) {
      const rows = paged.sorted(this.kind, path, { where, from, descending, limit: PAGE });
      for (const row of rows) {
        if (!inRange(row.value)) return;
        yield this.pinned.get(row.id) ?? this.recent.get(row.id) ?? this.parse(row.body);
      }
      if (rows.length < PAGE) return;
      const last = rows[rows.length - 1]!;
      from = { value: last.value, seq: last.seq };
    }
  }

  /**
   * At most `limit` values in the order written, after skipping `offset` (a control page: the
   * skipped ones are walked a page at a time, never held).
   */
  slice(offset: number, limit: number): V[] {
    const found: V[] = [];
    if (limit <= 0) return found;
    let index = 0;
    for (const value of this.values()) {
      if (index++ < offset) continue;
      found.push(value);
      if (found.length >= limit) break;
    }
    return found;
  }

  [Symbol.iterator](): Generator<V> {
    return this.values();
  }
}

/**
 * Without a paged store, every record `store.load()` gives (a memory store in tests: small); with
 * one, none: the simulator reads what it needs through `store.paged` (issue 28).
 */
export function loadUnlessPaged(store: SimulatorStore | undefined): SimulatorRecord[] {
  return store && !store.paged ? store.load() : [];
}

/**
 * One record (a float, a counter, a running total), read alone from a paged store, else found among
 * `loaded` (`loadUnlessPaged`).
 */
export function readRecord<T>(
  store: SimulatorStore | undefined,
  loaded: readonly SimulatorRecord[],
  kind: string,
  id: string,
): T | undefined {
  const body = store?.paged
    ? store.paged.get(kind, id)
    : loaded.find((record) => record.kind === kind && record.id === id)?.body;
  return body === undefined ? undefined : (JSON.parse(body) as T);
}
