/**
 * The travel rule (issue 31, item 8; ADR 0060): a crypto refund worth USD 1,000 or more carries
 * its originator (the merchant, a legal person, with OneHop as the originating VASP) and its
 * beneficiary (the customer, a natural person, with their VASP or "unhosted wallet"), as the
 * interVASP Messaging Standard IVMS101 (2020) names them. Built here from what the merchant's
 * application says and what the member typed; stored as JSON in `refunds.travel_rule`. Isomorphic
 * and pure: the pages parse what is stored to show it.
 */
import { company } from "~/content/company";

/** Crypto refunds worth this many US dollars or more carry the travel rule's data. */
export const TRAVEL_RULE_THRESHOLD_USD = 1000;

/** The customer's wallet: their own (unhosted) or at another VASP (an exchange), as declared. */
export const beneficiaryWallets = ["unhosted", "vasp"] as const;
export type BeneficiaryWallet = (typeof beneficiaryWallets)[number];

export const beneficiaryWalletLabels: Record<BeneficiaryWallet, string> = {
  unhosted: "Their own wallet (unhosted)",
  vasp: "An exchange or other virtual asset service provider",
};

/** Field lengths, the same in the dashboard form and the API. */
export const BENEFICIARY_LIMITS = { name: 100, address: 200, vaspName: 100 } as const;

/** The customer as the member (or the API) declared them. */
export interface BeneficiaryInput {
  /** Family name (surname): IVMS101 primaryIdentifier. Required. */
  familyName: string;
  /** Given names: IVMS101 secondaryIdentifier. */
  givenNames: string | null;
  /** One line, as the customer gave it. */
  address: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
  wallet: BeneficiaryWallet;
  /** The VASP holding the wallet (wallet "vasp"). */
  vaspName: string | null;
}

/** The merchant as its application (and settings) describe it. */
export interface OriginatorInput {
  merchantId: string;
  legalName: string;
  /** Business registration number (BRS), as given. */
  registrationNumber: string | null;
  /** ISO 3166-1 alpha-2, where it operates and is registered. */
  country: string | null;
  address: string | null;
  town: string | null;
}

// IVMS101 (2020) shapes, the parts used here.
type NameTypeCode = "LEGL";
export interface NaturalPersonNameId {
  primaryIdentifier: string;
  secondaryIdentifier?: string;
  nameIdentifierType: NameTypeCode;
}
export interface LegalPersonNameId {
  legalPersonName: string;
  legalPersonNameIdentifierType: NameTypeCode;
}
export interface GeographicAddress {
  addressType: "HOME" | "BIZZ" | "GEOG";
  addressLine?: string[];
  townName?: string;
  country: string;
}
export interface LegalPerson {
  name: { nameIdentifier: LegalPersonNameId[] };
  geographicAddress?: GeographicAddress[];
  customerIdentification?: string;
  nationalIdentification?: {
    nationalIdentifier: string;
    nationalIdentifierType: "RAID" | "MISC";
  };
  countryOfRegistration?: string;
}
export interface NaturalPerson {
  name: { nameIdentifier: NaturalPersonNameId[] };
  geographicAddress?: GeographicAddress[];
  countryOfResidence?: string;
}
export type Person = { naturalPerson: NaturalPerson } | { legalPerson: LegalPerson };

/** The IVMS101 identity payload (originator, beneficiary and their VASPs). */
export interface Ivms101 {
  originator: { originatorPersons: Person[]; accountNumber: string[] };
  beneficiary: { beneficiaryPersons: Person[]; accountNumber: string[] };
  originatingVASP: { originatingVASP: Person };
  /** Absent for an unhosted wallet. */
  beneficiaryVASP?: { beneficiaryVASP: Person };
}

/** What `refunds.travel_rule` holds. */
export interface TravelRuleRecord {
  standard: "IVMS101.2020";
  ivms101: Ivms101;
  /** As the customer declared it: an unhosted wallet has no beneficiary VASP. */
  beneficiaryWallet: BeneficiaryWallet;
  /** How the refund was valued against the threshold. */
  valuation: {
    thresholdUsd: number;
    kesCents: string;
    usdCents: string;
    /** KES per USD used, and where it came from. */
    usdKes: string;
    usdKesSource: string;
  };
  capturedAt: number;
}

const clean = (value: string | null | undefined) => {
  const text = (value ?? "").replace(/\s+/g, " ").trim();
  return text ? text : null;
};

/** OneHop itself, the originating VASP. */
export function oneHopVasp(): Person {
  return {
    legalPerson: {
      name: {
        nameIdentifier: [
          { legalPersonName: company.legalName, legalPersonNameIdentifierType: "LEGL" },
        ],
      },
      geographicAddress: [
        {
          addressType: "BIZZ",
          addressLine: company.officeAddress.slice(0, -1),
          townName: company.city,
          country: "KE",
        },
      ],
      nationalIdentification: {
        nationalIdentifier: company.licenceNumber,
        nationalIdentifierType: "MISC",
      },
      countryOfRegistration: "KE",
    },
  };
}

function merchantPerson(originator: OriginatorInput): Person {
  const country = clean(originator.country)?.toUpperCase() ?? null;
  const address = clean(originator.address);
  const town = clean(originator.town);
  const registration = clean(originator.registrationNumber);
  const person: LegalPerson = {
    name: {
      nameIdentifier: [
        { legalPersonName: originator.legalName.trim(), legalPersonNameIdentifierType: "LEGL" },
      ],
    },
    customerIdentification: originator.merchantId,
  };
  if (country && (address || town))
    person.geographicAddress = [
      {
        addressType: "BIZZ",
        ...(address ? { addressLine: [address] } : {}),
        ...(town ? { townName: town } : {}),
        country,
      },
    ];
  if (registration)
    person.nationalIdentification = {
      nationalIdentifier: registration,
      nationalIdentifierType: "RAID",
    };
  if (country) person.countryOfRegistration = country;
  return { legalPerson: person };
}

function customerPerson(beneficiary: BeneficiaryInput): Person {
  const given = clean(beneficiary.givenNames);
  const address = clean(beneficiary.address);
  const country = clean(beneficiary.country)?.toUpperCase() ?? null;
  const person: NaturalPerson = {
    name: {
      nameIdentifier: [
        {
          primaryIdentifier: clean(beneficiary.familyName) ?? "",
          ...(given ? { secondaryIdentifier: given } : {}),
          nameIdentifierType: "LEGL",
        },
      ],
    },
  };
  if (address && country)
    person.geographicAddress = [{ addressType: "HOME", addressLine: [address], country }];
  if (country) person.countryOfResidence = country;
  return { naturalPerson: person };
}

/** The IVMS101 payload for a refund of `originator` to `destination` (the customer's address). */
export function ivms101Of(
  originator: OriginatorInput,
  beneficiary: BeneficiaryInput,
  destination: string,
): Ivms101 {
  const payload: Ivms101 = {
    originator: {
      originatorPersons: [merchantPerson(originator)],
      accountNumber: [originator.merchantId],
    },
    beneficiary: {
      beneficiaryPersons: [customerPerson(beneficiary)],
      accountNumber: [destination],
    },
    originatingVASP: { originatingVASP: oneHopVasp() },
  };
  const vasp = clean(beneficiary.vaspName);
  if (beneficiary.wallet === "vasp" && vasp)
    payload.beneficiaryVASP = {
      beneficiaryVASP: {
        legalPerson: {
          name: {
            nameIdentifier: [{ legalPersonName: vasp, legalPersonNameIdentifierType: "LEGL" }],
          },
        },
      },
    };
  return payload;
}

/** A stored record, or null (none, or not ours). */
export function parseTravelRule(json: string | null | undefined): TravelRuleRecord | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as TravelRuleRecord;
    return value?.standard === "IVMS101.2020" && value.ivms101 ? value : null;
  } catch {
    return null;
  }
}

const legalName = (person: Person | undefined) =>
  person && "legalPerson" in person
    ? (person.legalPerson.name.nameIdentifier[0]?.legalPersonName ?? "")
    : "";

const addressText = (addresses: GeographicAddress[] | undefined) =>
  (addresses ?? [])
    .map((address) =>
      [...(address.addressLine ?? []), address.townName, address.country]
        .filter(Boolean)
        .join(", "),
    )
    .join("; ");

/** The record in words, label and value, for an operator (the admin payment page). */
export function travelRuleRows(record: TravelRuleRecord): [string, string][] {
  const { ivms101 } = record;
  const merchant = ivms101.originator.originatorPersons[0];
  const customer = ivms101.beneficiary.beneficiaryPersons[0];
  const rows: [string, string][] = [];
  if (merchant && "legalPerson" in merchant) {
    const legal = merchant.legalPerson;
    rows.push(["Originator (legal person)", legalName(merchant)]);
    rows.push([
      "Registration number",
      legal.nationalIdentification?.nationalIdentifier ?? "Not given",
    ]);
    rows.push(["Country of registration", legal.countryOfRegistration ?? "Not given"]);
    rows.push(["Originator address", addressText(legal.geographicAddress) || "Not given"]);
  }
  rows.push(["Originating VASP", legalName(ivms101.originatingVASP.originatingVASP)]);
  if (customer && "naturalPerson" in customer) {
    const natural = customer.naturalPerson;
    const name = natural.name.nameIdentifier[0];
    rows.push([
      "Beneficiary (natural person)",
      [name?.secondaryIdentifier, name?.primaryIdentifier].filter(Boolean).join(" "),
    ]);
    rows.push(["Beneficiary address", addressText(natural.geographicAddress) || "Not given"]);
    rows.push(["Beneficiary country", natural.countryOfResidence ?? "Not given"]);
  }
  rows.push(["Beneficiary wallet address", ivms101.beneficiary.accountNumber[0] ?? ""]);
  rows.push([
    "Beneficiary VASP",
    ivms101.beneficiaryVASP
      ? legalName(ivms101.beneficiaryVASP.beneficiaryVASP)
      : "None: unhosted wallet",
  ]);
  return rows;
}
