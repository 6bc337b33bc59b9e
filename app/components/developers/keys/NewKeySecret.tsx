/**
 * A new API key, shown once (the action's response; the server keeps only its hash): a read-only
 * field the member can select and copy without JavaScript, and a copy button with it.
 */
import { SecretShownOnce } from "~/components/developers/SecretShownOnce";
import type { ApiMode } from "~/core/api/vocabulary";
import { developersMessages } from "~/i18n/catalogs/developers";
import { useMessages } from "~/i18n/use-messages";
import { ModeBadge } from "./ApiKeyList";

export interface CreatedKey {
  name: string;
  mode: ApiMode;
  secret: string;
}

export function NewKeySecret({ created }: { created: CreatedKey }) {
  const m = useMessages(developersMessages).secret;
  return (
    <SecretShownOnce
      id="new-key-secret"
      heading={
        <>
          {m.newKeyHeading(created.name)} <ModeBadge mode={created.mode} />
        </>
      }
      explanation={m.keyExplanation}
      label={m.keyLabel}
      secret={created.secret}
      copyLabel={m.copyKey}
      copiedLabel={m.copied}
      warning={m.copyKeyNow}
    />
  );
}
