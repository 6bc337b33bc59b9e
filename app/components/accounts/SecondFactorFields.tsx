/**
 * The one field of a second-factor form: the 6-digit code from the authenticator app or a recovery
 * code. Text input (a recovery code has letters), filled by password managers as a one-time code.
 */
import { fieldMeta, TextField } from "~/components/ui/form";

export function SecondFactorFields({
  field,
  label = "Authentication code",
  hint = "The 6-digit code from your app, or a recovery code (xxxx-xxxx-xxxx).",
}: {
  field: { id: string; name: string; errorId: string; errors?: string[] };
  label?: string;
  hint?: string;
}) {
  return (
    <TextField
      meta={fieldMeta(field)}
      label={label}
      hint={hint}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={40}
    />
  );
}
