/**
 * An e-mail address with most of its name hidden, for a page anyone with the link may see:
 * "achieng@savannah.example" -> "a•••••@savannah.example". Isomorphic.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  const name = email.slice(0, at);
  return `${name[0]}${"•".repeat(Math.min(Math.max(name.length - 1, 3), 8))}${email.slice(at)}`;
}
