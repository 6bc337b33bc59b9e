/**
 * Airtel Money code tables (protocols.md §2.1). The `DP008…` response codes come from Airtel's
 * Uganda error-code page; the Kenya page is assumed identical [?]. protocols.md gives only two
 * disbursement-specific codes (`DP00900001001`, `DP00900001016`), so a failed disbursement is
 * described with the `DP008…` table, as our brief specifies. The `ESB…` result codes are not in
 * protocols.md [?]: they are the values Airtel's portal documents, used only where noted.
 */

/** `data.transaction.status` of a disbursement or enquiry. */
export const TRANSACTION_STATUSES = ["TS", "TF", "TIP", "TA"] as const;
export type AirtelTransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const RESPONSE_CODES = {
  ambiguous: "DP00800001000",
  success: "DP00800001001",
  incorrectPin: "DP00800001002",
  exceedsLimit: "DP00800001003",
  invalidAmount: "DP00800001004",
  pinNotEntered: "DP00800001005",
  inProcess: "DP00800001006",
  insufficientBalance: "DP00800001007",
  refused: "DP00800001008",
  doNotHonor: "DP00800001009",
  payeeNotPermitted: "DP00800001010",
  timedOut: "DP00800001024",
  notFound: "DP00800001025",
  signatureMismatch: "DP00800001026",
  expired: "DP00800001029",
  disbursementSuccess: "DP00900001001",
  disbursementSignatureMismatch: "DP00900001016",
  kycFound: "DP02200000001",
  kycNotFound: "DP02200000002",
} as const;

/** Our words for each code, shown to operators and merchants (Airtel's own text varies). */
const MESSAGES: Record<string, string> = {
  [RESPONSE_CODES.ambiguous]: "Airtel could not tell yet whether the transfer went through",
  [RESPONSE_CODES.success]: "Paid",
  [RESPONSE_CODES.incorrectPin]: "Airtel refused our disbursement PIN",
  [RESPONSE_CODES.exceedsLimit]: "The amount exceeds the Airtel Money transaction limit",
  [RESPONSE_CODES.invalidAmount]: "Airtel refused the amount as invalid",
  [RESPONSE_CODES.pinNotEntered]: "The PIN was not entered",
  [RESPONSE_CODES.inProcess]: "Airtel is still processing the transfer",
  [RESPONSE_CODES.insufficientBalance]: "Our Airtel Money disbursement float is too low",
  [RESPONSE_CODES.refused]: "Airtel refused the transfer",
  [RESPONSE_CODES.doNotHonor]: "Airtel declined the transfer (do not honour)",
  [RESPONSE_CODES.payeeNotPermitted]:
    "The number is not registered for Airtel Money or may not receive payments",
  [RESPONSE_CODES.timedOut]: "The transfer timed out at Airtel and was not completed",
  [RESPONSE_CODES.notFound]: "Airtel has no transfer with this id",
  [RESPONSE_CODES.signatureMismatch]: "Airtel refused the request signature",
  [RESPONSE_CODES.expired]: "The transfer expired at Airtel",
  [RESPONSE_CODES.disbursementSuccess]: "Paid",
  [RESPONSE_CODES.disbursementSignatureMismatch]: "Airtel refused the request signature",
  [RESPONSE_CODES.kycFound]: "Registered Airtel Money user",
  [RESPONSE_CODES.kycNotFound]: "No Airtel Money user with this number",
};

export function describeResponseCode(code: string | undefined): string | undefined {
  return code === undefined ? undefined : MESSAGES[code];
}

/**
 * The status a response code implies, for an answer without `data.transaction.status`. A code we
 * do not know is ambiguous (re-query), never a failure: a guessed failure could pay twice.
 */
export function statusFromResponseCode(
  code: string | undefined,
): AirtelTransactionStatus | "not_found" {
  switch (code) {
    case RESPONSE_CODES.success:
    case RESPONSE_CODES.disbursementSuccess:
      return "TS";
    case RESPONSE_CODES.inProcess:
      return "TIP";
    case RESPONSE_CODES.notFound:
      return "not_found";
    case undefined:
    case RESPONSE_CODES.ambiguous:
      return "TA";
    default:
      return code in MESSAGES && !code.startsWith("DP022") ? "TF" : "TA";
  }
}

/** `status.result_code` values [?: Airtel portal, not protocols.md]. */
export const RESULT_CODES = {
  success: "ESB000010",
  failed: "ESB000011",
  fieldValidation: "ESB000008",
  invalidMsisdn: "ESB000036",
  invalidCountry: "ESB000034",
  invalidCurrency: "ESB000035",
  /** A transaction id Airtel already holds (the client then asks its status). */
  duplicateId: "ESB000041",
  /** Enquiry for an id Airtel does not hold. */
  transactionNotFound: "ESB000045",
} as const;
