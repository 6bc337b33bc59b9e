/**
 * A new API key, shown once (the action's response; the server keeps only its hash): a read-only
 * field the member can select and copy without JavaScript, and a copy button with it.
 */
import { SecretShownOnce } from "~/components/developers/SecretShownOnce";
import type { ApiMode } from "~/core/api/vocabulary";
import { ModeBadge } from "./ApiKeyList";

export interface CreatedKey {
  name: string;
  mode: ApiMode;
  secret: string;
}

export function NewKeySecret({ created }: { created: CreatedKey }) {
  return (
    <SecretShownOnce
      id="new-key-secret"
      heading={
        <>
          Your new API key: {created.name} <ModeBadge mode={created.mode} />
        </>
      }
      explanation="We keep only a fingerprint of it. If you lose it, revoke it and create another."
      label="API key"
      secret={created.secret}
      copyLabel="Copy key"
    />
  );
}
