/**
 * "Create API key" (Developers › API keys): a name, Test or Live, the scopes the key may use and
 * when it expires. Conform + zod (core/api/key-schema.ts) on the client and the server; a plain
 * form, so it works without JavaScript. The page's action asks for a recent step-up first.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { Card } from "~/components/ui";
import { ModeChoice } from "~/components/developers/ModeChoice";
import { FieldError, initialList, someErrors, SubmitButton, TextField } from "~/components/ui/form";
import { API_KEY_NAME_MAX, apiKeyExpiryChoices } from "~/core/api/key-schema";
import type { TeamRole } from "~/core/accounts/permissions";
import { apiModes, apiScopes, type ApiScope } from "~/core/api/vocabulary";
import { developersMessages } from "~/i18n/catalogs/developers";
import type { Translation } from "~/i18n/messages";
import { useMessages } from "~/i18n/use-messages";
import type { CreatedKey } from "./NewKeySecret";

type KeyErrors = Translation<(typeof developersMessages)["en"]["keyErrors"]>;

/**
 * The form's schema in the page's language: core's createApiKeySchema (the rules `npm run
 * apikey:create` shares) with the page's messages; the same limits and choices.
 */
export const createApiKeySchemaFor = (m: KeyErrors) =>
  z.object({
    name: z
      .string({ required_error: m.nameRequired })
      .trim()
      .min(1, m.nameRequired)
      .max(API_KEY_NAME_MAX, m.nameTooLong(API_KEY_NAME_MAX)),
    mode: z.enum(apiModes, { errorMap: () => ({ message: m.chooseMode }) }),
    scopes: z
      .array(z.enum(apiScopes, { errorMap: () => ({ message: m.scopesFromList }) }), {
        required_error: m.scopesRequired,
      })
      .min(1, m.scopesRequired)
      .max(apiScopes.length, m.scopesFromList),
    expires: z.enum(apiKeyExpiryChoices, {
      errorMap: () => ({ message: m.chooseExpiry }),
    }),
  });

export interface CreateKeyActionData {
  lastResult: SubmissionResult<string[]>;
  /** Only in the response to a successful create: the one time the secret is shown. */
  created?: CreatedKey;
}

export function CreateApiKeyForm({
  defaults,
  lastResult,
  role,
  allowedScopes,
}: {
  defaults: { name: string; mode: string; scopes: string[]; expires: string };
  lastResult?: SubmissionResult<string[]>;
  /** The member's role: a key never does more than it (core/api/key-rules.ts). */
  role: TeamRole;
  allowedScopes: readonly ApiScope[];
}) {
  const words = useMessages(developersMessages);
  const m = words.createKey;
  const [form, fields] = useForm({
    id: "create-api-key",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: createApiKeySchemaFor(words.keyErrors) }),
  });
  const mode = fields.mode.initialValue === "live" ? "live" : "test";
  const scopes = initialList(fields.scopes.initialValue);
  const expires =
    typeof fields.expires.initialValue === "string" ? fields.expires.initialValue : "never";
  const scopesInvalid = Boolean(someErrors(fields.scopes.errors));
  return (
    <section aria-labelledby="create-key-heading">
      <Card>
        <h2 id="create-key-heading" className="text-xl font-semibold text-ink">
          {m.title}
        </h2>
        <p className="mt-2 text-slate-700">{m.intro}</p>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
          <input type="hidden" name="intent" value="create" />
          <TextField
            meta={{
              id: fields.name.id,
              name: fields.name.name,
              errorId: fields.name.errorId,
              errors: someErrors(fields.name.errors),
              required: true,
            }}
            label={m.name}
            hint={m.nameHint}
            maxLength={API_KEY_NAME_MAX}
            autoComplete="off"
            defaultValue={
              typeof fields.name.initialValue === "string" ? fields.name.initialValue : ""
            }
          />

          <ModeChoice field={fields.mode} value={mode} hints={m.modeHints} />

          <fieldset
            aria-describedby={
              scopesInvalid ? `scopes-hint ${fields.scopes.errorId}` : "scopes-hint"
            }
          >
            <legend className="text-sm font-medium text-slate-800">
              {m.scopesLegend}
              <span className="text-red-700" aria-hidden="true">
                {" "}
                *
              </span>
            </legend>
            <p id="scopes-hint" className="mt-1 text-sm text-slate-700">
              {m.scopesHint(words.roles[role])}
            </p>
            <div className="mt-2 space-y-2">
              {allowedScopes.map((scope) => (
                <div key={scope} className="flex items-start gap-3">
                  <input
                    type="checkbox"
                    id={`${fields.scopes.id}-${scope}`}
                    name={fields.scopes.name}
                    value={scope}
                    defaultChecked={scopes.includes(scope)}
                    aria-invalid={scopesInvalid || undefined}
                    className="mt-1 h-4 w-4 rounded border-slate-500 text-brand-700 focus:ring-brand-700"
                  />
                  <label
                    htmlFor={`${fields.scopes.id}-${scope}`}
                    className="text-sm text-slate-800"
                  >
                    {words.scopes[scope]}{" "}
                    <span className="font-mono text-xs text-slate-600">({scope})</span>
                  </label>
                </div>
              ))}
            </div>
            <FieldError
              meta={{
                id: fields.scopes.id,
                name: fields.scopes.name,
                errorId: fields.scopes.errorId,
                errors: someErrors(fields.scopes.errors),
              }}
            />
          </fieldset>

          <div>
            <label htmlFor={fields.expires.id} className="block text-sm font-medium text-slate-800">
              {m.expires}
            </label>
            <select
              id={fields.expires.id}
              name={fields.expires.name}
              defaultValue={expires}
              aria-invalid={fields.expires.errors?.length ? true : undefined}
              aria-describedby={fields.expires.errors?.length ? fields.expires.errorId : undefined}
              className="mt-1 block rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900"
            >
              {apiKeyExpiryChoices.map((choice) => (
                <option key={choice} value={choice}>
                  {words.expiry[choice]}
                </option>
              ))}
            </select>
            <FieldError
              meta={{
                id: fields.expires.id,
                name: fields.expires.name,
                errorId: fields.expires.errorId,
                errors: someErrors(fields.expires.errors),
              }}
            />
          </div>

          <SubmitButton pendingLabel={m.creating}>{m.submit}</SubmitButton>
        </Form>
      </Card>
    </section>
  );
}
