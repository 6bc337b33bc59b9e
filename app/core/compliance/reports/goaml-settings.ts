/**
 * How OneHop reports to the Financial Reporting Centre through goAML (issue 31, item 5; ADR 0057):
 * the one place for the reporting entity's goAML identity, the codes we use from the goAML 5.0.2
 * schema, and the large-transaction threshold. Pure and isomorphic.
 */
import { company } from "~/content/company";

export const goaml = {
  schemaVersion: "5.0.2",
  /**
   * Our organisation number in goAML (`rentity_id`): the FRC assigns it at registration. Change it
   * here, in one place, once the FRC has.
   */
  rentityId: 1,
  /** The branch reporting (`rentity_branch`): the head office. */
  rentityBranch: "NBO-HQ",
  /** E: an electronic submission (goAML `submission_type`). */
  submissionCode: "E",
  currency: "KES",
  country: "KE",
  /** Report codes (goAML `report_type`): a suspicious transaction report, a cash/large one. */
  reportCodes: {
    str: "STR",
    /**
     * The FRC's code for its USD 15,000 transaction reports. The fixture schema (one FIU's 5.0.2
     * copy) has neither CTR nor LTR in `report_type`; the FRC publishes CTR (ADR 0057).
     */
    ltr: "CTR",
  },
  /** Funds codes (`funds_type`): cryptocurrency; an electronic funds transfer (M-Pesa, banks). */
  funds: { crypto: "CRPTC", electronic: "ELCFT" },
  /** How it was conducted (`conduction_type`): a digital-asset wallet; an electronic transfer. */
  transmode: { crypto: "DAWLT", electronic: "ELCFT" },
  /** `transmode_comment`: one character in this schema (E: electronic, as its example has). */
  transmodeComment: "E",
  /** Account kind (`account_type`) of a crypto wallet. */
  cryptoWalletAccountType: "CRYWT",
  /** The report's indicators (`report_indicator_type`; the schema gives codes, no labels). */
  indicators: {
    sanctions_hit: "TFSUN",
    monitoring_alert: "UNUSU",
    manual: "UNUSU",
    ltr: "LRGCS",
  },
  /** Where transactions happen: online. */
  transactionLocation: `${company.brand} online platform`,
  /** The reporting entity's address (`location`). */
  location: {
    type: "BU",
    address: company.officeAddress.slice(0, 2).join(", "),
    city: company.city,
    state: "Nairobi City County",
  },
  reportingOccupation: "Compliance officer",
} as const;

/** A large transaction: USD 15,000 or more (POCAMLA, Fourth Schedule), in whole US dollars. */
export const LARGE_TRANSACTION_USD = 15_000n;
