/**
 * The "Create API key" form (Developers › API keys) and what the page and `npm run apikey:create`
 * share: the expiry choices and the key's name limits. Isomorphic (the page validates with it on
 * the client too, ADR 0020).
 */
import { z } from "zod";
import { apiModes, apiScopes, type ApiMode } from "./vocabulary";

export const API_KEY_NAME_MAX = 60;

/** How long a new key works: never, or a number of days. */
export const apiKeyExpiryChoices = ["never", "30", "90", "365"] as const;
export type ApiKeyExpiryChoice = (typeof apiKeyExpiryChoices)[number];

export const apiKeyExpiryLabels: Record<ApiKeyExpiryChoice, string> = {
  never: "Never",
  "30": "30 days",
  "90": "90 days",
  "365": "1 year",
};

export const apiModeLabels: Record<ApiMode, string> = { test: "Test", live: "Live" };

const DAY_MS = 24 * 3_600_000;

/** When a key made at `now` stops working (null: never). */
export function expiresAtFor(choice: ApiKeyExpiryChoice, now: number): number | null {
  return choice === "never" ? null : now + Number(choice) * DAY_MS;
}

export const createApiKeySchema = z.object({
  name: z
    .string({ required_error: "Enter a name for the key, such as the shop or server using it." })
    .trim()
    .min(1, "Enter a name for the key, such as the shop or server using it.")
    .max(API_KEY_NAME_MAX, `Use at most ${API_KEY_NAME_MAX} characters for the name.`),
  mode: z.enum(apiModes, { errorMap: () => ({ message: "Choose Test or Live." }) }),
  scopes: z
    .array(z.enum(apiScopes, { errorMap: () => ({ message: "Choose scopes from the list." }) }), {
      required_error: "Choose at least one thing the key may do.",
    })
    .min(1, "Choose at least one thing the key may do.")
    .max(apiScopes.length, "Choose scopes from the list."),
  expires: z.enum(apiKeyExpiryChoices, {
    errorMap: () => ({ message: "Choose when the key expires." }),
  }),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** Revoking: one key id (the merchant's own; checked in core). */
export const revokeApiKeySchema = z.object({
  intent: z.literal("revoke"),
  keyId: z.string().min(1).max(64),
});

/**
 * Creating a key needs a recent step-up: a member without one is sent to confirm and back to the
 * page with the form's choices in the address (never anything secret), so they need not retype.
 */
export function createFormQuery(input: CreateApiKeyInput): string {
  const params = new URLSearchParams({
    name: input.name,
    mode: input.mode,
    expires: input.expires,
  });
  for (const scope of input.scopes) params.append("scopes", scope);
  return params.toString();
}

/** The form's starting values from the page's address (anything odd is dropped). */
export function createFormDefaults(search: URLSearchParams): {
  name: string;
  mode: ApiMode;
  scopes: string[];
  expires: ApiKeyExpiryChoice;
} {
  const mode = search.get("mode");
  const expires = search.get("expires");
  return {
    name: (search.get("name") ?? "").slice(0, API_KEY_NAME_MAX),
    mode: mode === "live" ? "live" : "test",
    scopes: [
      ...new Set(
        search.getAll("scopes").filter((scope) => (apiScopes as readonly string[]).includes(scope)),
      ),
    ],
    expires: (apiKeyExpiryChoices as readonly (string | null)[]).includes(expires)
      ? (expires as ApiKeyExpiryChoice)
      : "never",
  };
}
