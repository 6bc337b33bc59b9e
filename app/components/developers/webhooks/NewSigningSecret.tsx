/**
 * A webhook signing secret, shown once (in the action's response only; the server keeps it
 * sealed).
 */
import type { ReactNode } from "react";
import { SecretShownOnce } from "~/components/developers/SecretShownOnce";
import { developersMessages } from "~/i18n/catalogs/developers";
import { useMessages } from "~/i18n/use-messages";

export function NewSigningSecret({
  secret,
  heading,
  children,
}: {
  secret: string;
  heading: string;
  children?: ReactNode;
}) {
  const m = useMessages(developersMessages).secret;
  return (
    <SecretShownOnce
      id="new-signing-secret"
      heading={heading}
      explanation={m.signingExplanation}
      label={m.signingLabel}
      secret={secret}
      copyLabel={m.copySecret}
      copiedLabel={m.copied}
      warning={m.copySecretNow}
    >
      {children}
    </SecretShownOnce>
  );
}
