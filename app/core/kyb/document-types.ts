/**
 * What a KYB document is (issue 31, item 6; ADR 0058): the operator sets it on the application's
 * page, with the date it stops being valid. Isomorphic and pure.
 */
export const kybDocumentTypes = [
  { value: "certificate_of_incorporation", label: "Certificate of incorporation or registration" },
  { value: "cr12", label: "CR12 (directors and shareholders)" },
  { value: "kra_pin_certificate", label: "KRA PIN certificate" },
  { value: "director_id", label: "Director's or owner's ID or passport" },
  { value: "business_permit", label: "Single business permit" },
  { value: "proof_of_address", label: "Proof of address" },
  { value: "other", label: "Other" },
] as const;

export type KybDocumentType = (typeof kybDocumentTypes)[number]["value"];

export function documentTypeLabel(value: string | null): string {
  return kybDocumentTypes.find((type) => type.value === value)?.label ?? "Not set";
}
