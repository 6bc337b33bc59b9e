/**
 * The one module that turns dates, times, phone numbers and money into text, in Kenyan style.
 * Isomorphic (browser and server; no server imports). Integers and decimal strings in, strings
 * out: no float money.
 *
 * House style (use these functions; never `toLocaleDateString`, raw ISO strings or UTC on screen):
 * - A date: day, short month, year, in Nairobi time: "24 Nov 2026" (`formatDate`).
 * - A date and time: "24 Nov 2026, 14:05 EAT" (`formatEatDateTime`), 24-hour, zone named.
 * - A time alone: "14:05" (`formatEatTime`); add " EAT" where the zone is not obvious.
 * - An EAT calendar day stored as "2026-11-24" (settlement days): "24 Nov 2026" (`formatDate`).
 * - Machine-readable times (`<time dateTime>`, CSV exports): ISO 8601 with the Nairobi offset,
 *   "2026-11-24T14:05:00+03:00" (`formatEatIso`).
 * - Phones: "+254 712 345 678" (`formatPhone`); parsing and storage (E.164) in `~/utils/phone`.
 * - KES: whole shillings "KES 12,500" (`formatKes`); an amount in cents always with its cents
 *   "KES 1,234.50" (`formatKesCents`: every amount on a money page, one rule); a rate per coin
 *   with two decimals "KES 129.45" (`formatKesRate`).
 * - Crypto: decimals and the asset, never base units: "0.0015 BTC" (`formatCrypto`).
 * - Kiswahili (issue 33): the date functions take the page's locale; "sw" writes Kiswahili month
 *   names ("1 Des 2026", "Desemba 2026"). Money, numbers and times are written the same in both
 *   languages (docs/i18n/glossary.md).
 *
 * Import from `~/utils/format` only. It is one module in five files so that a page's JavaScript
 * carries only the kind of formatting it uses (the public pages' shell needs a year, not money).
 */
export * from "./calendar";
export * from "./dates";
export * from "./files";
export * from "./money";
export * from "./phones";
