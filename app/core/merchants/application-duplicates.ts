/**
 * What a possible duplicate application matches (found by application-duplicates.server.ts), as
 * the operators' pages show it. Isomorphic.
 */

export type DuplicateField = "email" | "phone" | "registration number";

export type DuplicateMatch =
  | { kind: "application"; id: string; reference: string; fields: DuplicateField[] }
  | { kind: "merchant"; id: string; businessName: string; fields: DuplicateField[] };

/** "email", "email and phone", "email, phone and registration number". */
export function describeFields(fields: readonly DuplicateField[]): string {
  if (fields.length <= 1) return fields.join("");
  return `${fields.slice(0, -1).join(", ")} and ${fields.at(-1)}`;
}
