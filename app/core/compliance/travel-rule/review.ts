/**
 * The travel rule's record in one sentence for the member's review (ADR 0060): who is named as the
 * sender and the receiver. Isomorphic.
 */
import type { TravelRuleRecord } from "./ivms101";

export function travelRuleReviewText(record: TravelRuleRecord): string {
  const merchant = record.ivms101.originator.originatorPersons[0];
  const customer = record.ivms101.beneficiary.beneficiaryPersons[0];
  const sender =
    merchant && "legalPerson" in merchant
      ? (merchant.legalPerson.name.nameIdentifier[0]?.legalPersonName ?? "")
      : "";
  const name =
    customer && "naturalPerson" in customer ? customer.naturalPerson.name.nameIdentifier[0] : null;
  const receiver = [name?.secondaryIdentifier, name?.primaryIdentifier].filter(Boolean).join(" ");
  const vasp = record.ivms101.beneficiaryVASP
    ? (() => {
        const person = record.ivms101.beneficiaryVASP.beneficiaryVASP;
        return "legalPerson" in person
          ? `at ${person.legalPerson.name.nameIdentifier[0]?.legalPersonName ?? ""}`
          : "";
      })()
    : "in their own wallet";
  return `${sender} (through OneHop) to ${receiver}, ${vasp}`;
}
