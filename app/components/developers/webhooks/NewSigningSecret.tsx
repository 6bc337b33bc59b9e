/**
 * A webhook signing secret, shown once (in the action's response only; the server keeps it
 * sealed).
 */
import type { ReactNode } from "react";
import { SecretShownOnce } from "~/components/developers/SecretShownOnce";

export function NewSigningSecret({
  secret,
  heading,
  children,
}: {
  secret: string;
  heading: string;
  children?: ReactNode;
}) {
  return (
    <SecretShownOnce
      id="new-signing-secret"
      heading={heading}
      explanation="Your server checks the OneHop-Signature header of every webhook with it."
      label="Signing secret"
      secret={secret}
      copyLabel="Copy secret"
    >
      {children}
    </SecretShownOnce>
  );
}
