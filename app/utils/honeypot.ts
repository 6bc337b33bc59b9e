/**
 * The honeypot on public forms: a field hidden from people (see `Honeypot` in
 * components/ui/form.tsx) that bots fill in. Isomorphic: the form renders the field by this name,
 * the action checks it.
 */

/** The hidden field's name. */
export const HONEYPOT_FIELD = "company_fax";

/** "bot" when the hidden field carries any value (a person never sees it), else "person". */
export function checkHoneypot(
  formData: FormData,
  field: string = HONEYPOT_FIELD,
): "bot" | "person" {
  return String(formData.get(field) ?? "") !== "" ? "bot" : "person";
}
