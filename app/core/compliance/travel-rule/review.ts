/**
 * The travel rule's record in one sentence for the member's review (ADR 0060): who is named as the
 * sender and the receiver. Isomorphic.
 */
import type { TravelRuleRecord } from "./ivms101";

/**
 * Who the record names as the sender and the receiver, and the provider holding the receiver's
 * wallet (null: their own wallet), for a page to word in its language.
 */
export function travelRuleParties(record: TravelRuleRecord): {
  sender: string;
  receiver: string;
  provider: string | null;
} {
  const merchant = record.ivms101.originator.originatorPersons[0];
  const customer = record.ivms101.beneficiary.beneficiaryPersons[0];
  const sender =
    merchant && "legalPerson" in merchant
      ? (merchant.legalPerson.name.nameIdentifier[0]?.legalPersonName ?? "")
      : "";
  const name =
    customer && "naturalPerson" in customer ? customer.naturalPerson.name.nameIdentifier[0] : null;
  const receiver = [name?.secondaryIdentifier, name?.primaryIdentifier].filter(Boolean).join(" ");
  const vasp = record.ivms101.beneficiaryVASP?.beneficiaryVASP;
  const provider = !record.ivms101.beneficiaryVASP
    ? null
    : vasp && "legalPerson" in vasp
      ? (vasp.legalPerson.name.nameIdentifier[0]?.legalPersonName ?? "")
      : "";
  return { sender, receiver, provider };
}

export function travelRuleReviewText(record: TravelRuleRecord): string {
  const { sender, receiver, provider } = travelRuleParties(record);
  const where = provider === null ? "in their own wallet" : provider ? `at ${provider}` : "";
  return `${sender} (through OneHop) to ${receiver}, ${where}`;
}
