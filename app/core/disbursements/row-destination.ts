/**
 * Where a disbursement row pays, from its stored columns: the bank account (PesaLink, with the name
 * the file gave) or the mobile number. Isomorphic and pure.
 */
import type { PayoutDestination } from "~/core/rails/types";

export interface RowAddress {
  rail: string | null;
  phone: string | null;
  bankCode: string | null;
  accountNumber: string | null;
  name: string | null;
}

export function rowDestination(row: RowAddress): PayoutDestination {
  return row.rail === "pesalink"
    ? {
        kind: "bank_account",
        bankCode: row.bankCode ?? "",
        accountNumber: row.accountNumber ?? "",
        accountName: row.name ?? "",
      }
    : { kind: "msisdn", phone: row.phone ?? "" };
}
