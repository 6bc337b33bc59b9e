/**
 * Where a disbursement row pays, from its stored columns: the bank account (PesaLink, with the name
 * the file gave), a Paybill or Till (M-Pesa B2B) or the mobile number. Isomorphic and pure.
 */
import type { PayoutDestination } from "~/core/rails/types";

export interface RowAddress {
  rail: string | null;
  phone: string | null;
  bankCode: string | null;
  accountNumber: string | null;
  name: string | null;
  /** M-Pesa B2B rows only (absent or null otherwise). */
  b2bKind?: "paybill" | "till" | null;
  businessNumber?: string | null;
  accountReference?: string | null;
}

export function rowDestination(row: RowAddress): PayoutDestination {
  if (row.b2bKind)
    return {
      kind: "business",
      b2b: row.b2bKind,
      businessNumber: row.businessNumber ?? "",
      accountReference: row.b2bKind === "paybill" ? (row.accountReference ?? "") : null,
    };
  return row.rail === "pesalink"
    ? {
        kind: "bank_account",
        bankCode: row.bankCode ?? "",
        accountNumber: row.accountNumber ?? "",
        accountName: row.name ?? "",
      }
    : { kind: "msisdn", phone: row.phone ?? "" };
}

/** "Paybill 247247, account 123456" or "Till 123456": a B2B destination for people. */
export function businessLabel(
  to: Pick<
    Extract<PayoutDestination, { kind: "business" }>,
    "b2b" | "businessNumber" | "accountReference"
  >,
): string {
  return to.b2b === "paybill"
    ? `Paybill ${to.businessNumber}, account ${to.accountReference ?? ""}`
    : `Till ${to.businessNumber}`;
}
