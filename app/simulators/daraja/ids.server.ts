/**
 * Ids, receipts, names and the random wire quirks of the Daraja simulator, in Daraja's shapes, all
 * from one seeded PRNG (a seed replays the same bytes, so the order of the calls matters).
 */
import { formatDarajaTimestamp, formatEatDate } from "~/core/providers/daraja/eat-time";
import type { SeededRandom } from "./random";

const NAMES = [
  "JOHN DOE",
  "JANE WANJIKU",
  "PETER OTIENO",
  "MARY AKINYI",
  "JAMES KAMAU",
  "GRACE CHEBET",
  "DAVID MWANGI",
  "FAITH NJERI",
];
const HEX = "0123456789abcdef";
const RECEIPT_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export interface DarajaIds {
  requestId(): string;
  conversationId(): string;
  darajaOriginatorId(): string;
  /** First letter: year (A = 2006, so S = 2024), second: month (A = January), then 8 characters. */
  receipt(): string;
  accessToken(): string;
  /**
   * `ws_CO_` + ddMMyyyyHHmmss (EAT) + 3 digits + the phone as 07…/01…, the shape Daraja's
   * CheckoutRequestIDs have.
   */
  checkoutRequestId(phone: string): string;
  nameFor(phone: string): string;
  /** A number, or (at random) the same number as a string, as Daraja sometimes sends it. */
  maybeString(value: number, decimals?: number): number | string;
  /** One Key/Value as an object, or (at random) as a one-element array. */
  oneOrArray<T>(item: T): T | T[];
  chance(probability: number): boolean;
}

export function createDarajaIds(random: SeededRandom, now: () => number): DarajaIds {
  return {
    requestId: () =>
      `${random.chars(HEX, 4)}-${random.chars(HEX, 4)}-${random.chars(HEX, 4)}-${random.chars(HEX, 12)}${random.chars("0123456789", 7)}`,
    conversationId: () => `AG_${formatEatDate(now())}_${random.chars(HEX, 20)}`,
    darajaOriginatorId: () => `${10000 + random.int(89999)}-${10000000 + random.int(89999999)}-1`,
    receipt() {
      const eat = new Date(now() + 3 * 3600_000);
      const year = String.fromCharCode(65 + Math.min(25, Math.max(0, eat.getUTCFullYear() - 2006)));
      const month = String.fromCharCode(65 + eat.getUTCMonth());
      return `${year}${month}${random.chars(RECEIPT_CHARS, 8)}`;
    },
    accessToken: () =>
      random.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 28),
    checkoutRequestId(phone) {
      const t = formatDarajaTimestamp(now());
      const local = `0${phone.slice(-9)}`;
      return `ws_CO_${t.slice(6, 8)}${t.slice(4, 6)}${t.slice(0, 4)}${t.slice(8)}${random.chars("0123456789", 3)}${local}`;
    },
    nameFor: (phone) => NAMES[Number(phone.slice(-2)) % NAMES.length] ?? "JOHN DOE",
    maybeString: (value, decimals = 0) => (random.chance(0.35) ? value.toFixed(decimals) : value),
    oneOrArray: <T>(item: T): T | T[] => (random.chance(0.5) ? item : [item]),
    chance: (probability) => random.chance(probability),
  };
}
