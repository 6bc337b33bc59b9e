/**
 * "Add endpoint" (Developers > Webhooks): the URL, a description, test or live, and the events
 * (each one, or All events). Conform + zod (core/api/webhooks/endpoint-input.ts); a plain form that
 * works without JavaScript. The server checks the address fully (https for live, public addresses
 * only) and shows the signing secret once in its response.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { Card } from "~/components/ui";
import { FieldError, initialList, someErrors, SubmitButton, TextField } from "~/components/ui/form";
import { ALL_EVENTS, WEBHOOK_DESCRIPTION_MAX } from "~/core/api/webhooks/endpoint-input";
import { ModeChoice } from "~/components/developers/ModeChoice";
import { apiModes, webhookEventTypes } from "~/core/api/vocabulary";
import { developersMessages } from "~/i18n/catalogs/developers";
import type { Translation } from "~/i18n/messages";
import { useMessages } from "~/i18n/use-messages";

type EndpointErrors = Translation<(typeof developersMessages)["en"]["endpointErrors"]>;

/**
 * The form's schema in the page's language: core's addEndpointFormSchema (whose English the API
 * shares) with the page's messages; the same limits.
 */
export const addEndpointSchemaFor = (m: EndpointErrors) =>
  z.object({
    intent: z.literal("create"),
    url: z
      .string({ required_error: m.urlRequired })
      .trim()
      .min(1, m.urlRequired)
      .max(2_000, m.urlTooLong),
    description: z
      .string()
      .trim()
      .max(WEBHOOK_DESCRIPTION_MAX, m.descriptionTooLong(WEBHOOK_DESCRIPTION_MAX))
      .optional(),
    mode: z.enum(apiModes, { message: m.chooseMode }),
    events: z
      .array(z.string().max(64), { required_error: m.eventsRequired })
      .min(1, m.eventsRequired)
      .max(32),
  });

export function AddEndpointForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const words = useMessages(developersMessages);
  const m = words.addEndpoint;
  const [form, fields] = useForm({
    id: "add-endpoint",
    lastResult,
    defaultValue: { mode: "test", events: [ALL_EVENTS] },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: addEndpointSchemaFor(words.endpointErrors) }),
  });
  const mode = fields.mode.initialValue === "live" ? "live" : "test";
  const events = initialList(fields.events.initialValue);
  const eventsInvalid = Boolean(someErrors(fields.events.errors));
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return (
    <section aria-labelledby="add-endpoint-heading">
      <Card>
        <h2 id="add-endpoint-heading" className="text-xl font-semibold text-ink">
          {m.title}
        </h2>
        <p className="mt-2 text-slate-700">{m.intro}</p>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
          <input type="hidden" name="intent" value="create" />
          <TextField
            meta={{
              id: fields.url.id,
              name: fields.url.name,
              errorId: fields.url.errorId,
              errors: someErrors(fields.url.errors),
              required: true,
            }}
            label={m.url}
            hint={m.urlHint}
            type="url"
            inputMode="url"
            maxLength={2000}
            autoComplete="off"
            spellCheck={false}
            defaultValue={text(fields.url.initialValue)}
          />
          <TextField
            meta={{
              id: fields.description.id,
              name: fields.description.name,
              errorId: fields.description.errorId,
              errors: someErrors(fields.description.errors),
              required: false,
            }}
            label={m.description}
            maxLength={WEBHOOK_DESCRIPTION_MAX}
            autoComplete="off"
            defaultValue={text(fields.description.initialValue)}
          />
          <ModeChoice field={fields.mode} value={mode} hints={m.modeHints} />
          <fieldset aria-describedby={eventsInvalid ? fields.events.errorId : undefined}>
            <legend className="text-sm font-medium text-slate-800">
              {m.eventsLegend}
              <span className="text-red-700" aria-hidden="true">
                {" "}
                *
              </span>
            </legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {[ALL_EVENTS, ...webhookEventTypes].map((type) => (
                <div key={type} className="flex items-start gap-3">
                  <input
                    type="checkbox"
                    id={`${fields.events.id}-${type === ALL_EVENTS ? "all" : type}`}
                    name={fields.events.name}
                    value={type}
                    defaultChecked={events.includes(type)}
                    aria-invalid={eventsInvalid || undefined}
                    className="mt-1 h-4 w-4 rounded border-slate-500 text-brand-700 focus:ring-brand-700"
                  />
                  <label
                    htmlFor={`${fields.events.id}-${type === ALL_EVENTS ? "all" : type}`}
                    className="text-sm text-slate-800"
                  >
                    {type === ALL_EVENTS ? (
                      <strong>{m.allEventsLater}</strong>
                    ) : (
                      <span className="font-mono">{type}</span>
                    )}
                  </label>
                </div>
              ))}
            </div>
            <FieldError
              meta={{
                id: fields.events.id,
                name: fields.events.name,
                errorId: fields.events.errorId,
                errors: someErrors(fields.events.errors),
              }}
            />
          </fieldset>
          <SubmitButton pendingLabel={m.adding}>{m.submit}</SubmitButton>
        </Form>
      </Card>
    </section>
  );
}
