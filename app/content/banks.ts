/**
 * Kenyan banks reachable over PesaLink, with the 2-digit bank codes of the Kenya Bankers
 * Association / Central Bank of Kenya clearing code list ("KBA bank and branch codes"; the same
 * codes PesaLink and Equity's Jenga `destination.bankCode` use, e.g. Jenga's testing resources list
 * accounts with bank codes 68, 57, 63 and 61). Membership of PesaLink follows the participating
 * banks page on ipsl.co.ke as remembered, not re-checked against the live page.
 *
 * Account numbers are digits only. Lengths are given only where we have a source: Equity 13
 * (Jenga's published test accounts, e.g. 1450160649886) and Co-operative Bank 14 (the account in
 * Jenga's PesaLink sample answer, 01100762802910). Every other bank takes 6 to 20 digits until we
 * learn better. `unsure` marks a code or name we could not confirm (mergers and renames).
 */

export interface Bank {
  /** 2-digit KBA/CBK bank code, e.g. "68". */
  code: string;
  name: string;
  /** Digits in an account number at this bank (inclusive). */
  account: { minLength: number; maxLength: number };
  /** Why this entry is uncertain; absent when the code and name are well known. */
  unsure?: string;
}

const ANY = { minLength: 6, maxLength: 20 } as const;

export const banks: readonly Bank[] = [
  { code: "01", name: "KCB Bank Kenya", account: ANY },
  { code: "02", name: "Standard Chartered Bank Kenya", account: ANY },
  { code: "03", name: "Absa Bank Kenya", account: ANY },
  { code: "05", name: "Bank of India", account: ANY },
  { code: "06", name: "Bank of Baroda (Kenya)", account: ANY },
  { code: "07", name: "NCBA Bank Kenya", account: ANY },
  { code: "10", name: "Prime Bank", account: ANY },
  { code: "11", name: "Co-operative Bank of Kenya", account: { minLength: 14, maxLength: 14 } },
  { code: "12", name: "National Bank of Kenya", account: ANY },
  { code: "16", name: "Citibank N.A. Kenya", account: ANY },
  { code: "19", name: "Bank of Africa Kenya", account: ANY },
  { code: "23", name: "Consolidated Bank of Kenya", account: ANY },
  { code: "25", name: "Credit Bank", account: ANY },
  {
    code: "26",
    name: "Access Bank Kenya",
    account: ANY,
    unsure: "code 26 was Transnational Bank, acquired by Access Bank",
  },
  { code: "31", name: "Stanbic Bank Kenya", account: ANY },
  { code: "35", name: "African Banking Corporation (ABC Bank)", account: ANY },
  { code: "43", name: "Ecobank Kenya", account: ANY },
  { code: "50", name: "Paramount Bank", account: ANY },
  { code: "51", name: "Kingdom Bank", account: ANY, unsure: "formerly Jamii Bora Bank" },
  { code: "54", name: "Victoria Commercial Bank", account: ANY },
  { code: "55", name: "Guardian Bank", account: ANY },
  { code: "57", name: "I&M Bank", account: ANY },
  { code: "59", name: "Development Bank of Kenya", account: ANY },
  { code: "60", name: "SBM Bank Kenya", account: ANY, unsure: "code inherited from Fidelity" },
  { code: "61", name: "HFC (Housing Finance)", account: ANY },
  { code: "63", name: "Diamond Trust Bank (DTB)", account: ANY },
  { code: "66", name: "Sidian Bank", account: ANY, unsure: "merged into Access Bank Kenya?" },
  { code: "68", name: "Equity Bank Kenya", account: { minLength: 13, maxLength: 13 } },
  { code: "70", name: "Family Bank", account: ANY },
  { code: "72", name: "Gulf African Bank", account: ANY },
  { code: "74", name: "Premier Bank Kenya", account: ANY, unsure: "formerly First Community Bank" },
  { code: "76", name: "UBA Kenya Bank", account: ANY, unsure: "code not confirmed" },
];

export function bankByCode(code: string): Bank | undefined {
  return banks.find((bank) => bank.code === code);
}
