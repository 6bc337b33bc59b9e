/**
 * Bank account numbers for PesaLink, checked against the bank list (app/content/banks.ts): the
 * bank code must be listed, the number digits only (spaces and hyphens as typed are dropped) and of
 * a length the bank uses.
 */
import { bankByCode, type Bank } from "~/content/banks";

export type AccountCheck =
  | { ok: true; bank: Bank; accountNumber: string }
  | { ok: false; field: "bankCode" | "accountNumber"; message: string };

export function checkBankAccount(bankCode: string, accountNumber: string): AccountCheck {
  const bank = bankByCode(String(bankCode).trim());
  if (!bank) return { ok: false, field: "bankCode", message: `Unknown bank code ${bankCode}` };
  const digits = String(accountNumber).replace(/[\s-]/g, "");
  if (!/^\d+$/.test(digits)) {
    return { ok: false, field: "accountNumber", message: "An account number has digits only" };
  }
  const { minLength, maxLength } = bank.account;
  if (digits.length < minLength || digits.length > maxLength) {
    const expected =
      minLength === maxLength ? `${minLength}` : `between ${minLength} and ${maxLength}`;
    return {
      ok: false,
      field: "accountNumber",
      message: `${bank.name} account numbers have ${expected} digits (got ${digits.length})`,
    };
  }
  return { ok: true, bank, accountNumber: digits };
}
