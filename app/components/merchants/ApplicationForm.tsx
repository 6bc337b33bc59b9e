/**
 * The "Merchant Application" form. Works as a plain HTML form (the server validates, re-renders
 * with the typed values, one summary of every problem at the top and each field's message; "Show
 * cities" fills the city list); with JavaScript, Conform validates in the browser with the same
 * zod schema, the city list follows the country, the summary takes the focus, and the Terms toast
 * shows before anything is sent. Kenya's towns come grouped by county; "Other (not listed)" asks
 * for the town's name.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { notify } from "~/components/layout/Flash";
import {
  CheckboxField,
  fieldMeta,
  Honeypot,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "~/components/ui/form";
import { buttonClass } from "~/components/ui";
import { ErrorSummary, type Problem } from "~/components/ui/ErrorSummary";
import {
  businessTypes,
  integrationTypes,
  monthlyVolumes,
  timelines,
} from "~/content/application-options";
import { cityChoices, OTHER_CITY } from "~/content/application-location";
import { countries, dialCodes } from "~/content/countries";
import { buildApplicationSchema, limits } from "~/core/merchants/application-schema";
import { KYB_DOCUMENTS } from "~/content/kyb-documents";
import { applicationMessages } from "~/i18n/catalogs/application";
import { countriesIn } from "~/i18n/country-names";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { MAX_PARTIES } from "~/core/kyb/party-schema";
import {
  partyFieldNames,
  partyFieldRequired,
  PartyFields,
} from "~/components/merchants/PartyFields";
import * as paths from "~/utils/paths";

/** The fields in the order the form shows them: the order of the error summary. */
const FIELD_ORDER = [
  "businessName",
  "businessType",
  "registrationNumber",
  "website",
  KYB_DOCUMENTS.field,
  "contactName",
  "email",
  "countryCode",
  "phone",
  "country",
  "city",
  "otherCity",
  "businessAddress",
  "monthlyVolume",
  "timeline",
  "integrationType",
  "currentPaymentMethods",
  "agreedToTerms",
  "agreedToNewsletter",
] as const;

/** Where the summary sends the list's own problems (no director, shares over 100%). */
const PARTIES_ID = "merchant-application-parties";

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl border border-slate-200 p-6">
      <legend className="px-2 text-lg font-semibold text-ink">{legend}</legend>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export function ApplicationForm({
  lastResult,
}: {
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const t = useMessages(applicationMessages);
  const locale = useLocale();
  const schema = useMemo(() => buildApplicationSchema(t, locale), [t, locale]);
  const countryOptions = countriesIn(countries, locale).map((country) => ({
    value: country.code,
    label: `${country.flag} ${country.localName}`,
  }));
  // The options' values never change; their labels are in the page's language.
  const labelled = <const O extends readonly { value: string }[]>(
    options: O,
    labels: Readonly<Record<O[number]["value"], string>>,
  ) =>
    options.map((option) => ({
      value: option.value,
      label: labels[option.value as O[number]["value"]],
    }));
  const [form, fields] = useForm({
    id: "merchant-application",
    lastResult,
    constraint: undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // One person to start with: every application names at least one director.
    defaultValue: { parties: [{ role: "director" }] },
    onValidate({ formData }) {
      return parseWithZod(formData, { schema });
    },
  });
  const meta = (name: keyof typeof fields, required = false) => fieldMeta(fields[name], required);
  const initial = (name: keyof typeof fields) => {
    const value = fields[name].initialValue;
    return typeof value === "string" ? value : undefined;
  };

  // The server's refusals of uploaded documents (not a schema field: files are checked on upload).
  const documentErrors = lastResult?.error?.[KYB_DOCUMENTS.field] ?? undefined;

  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const [country, setCountry] = useState(initial("country") ?? "");
  const [city, setCity] = useState(initial("city") ?? "");
  const [dialCode, setDialCode] = useState(initial("countryCode") ?? "+254");
  const cityGroups = cityChoices(country, t.location);
  const otherCity = city === OTHER_CITY;

  function onCountryChange(code: string) {
    setCountry(code);
    setCity("");
    const chosen = countries.find((entry) => entry.code === code);
    if (chosen) setDialCode(chosen.dialCode);
  }

  // The summary: after a press of Submit (with JavaScript) or the server's refusal.
  const [attempt, setAttempt] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (lastResult?.status === "error") setAttempt((n) => (n ?? 0) + 1);
  }, [lastResult]);
  const fieldId = (name: (typeof FIELD_ORDER)[number]) =>
    name === KYB_DOCUMENTS.field ? `${form.id}-${KYB_DOCUMENTS.field}` : fields[name].id;
  const parties = fields.parties.getFieldList();
  // The people's problems: the list's own (a director, the shares), then each person's fields.
  const partyProblems = (): Problem[] => [
    ...(form.allErrors[fields.parties.name]?.length
      ? [{ fieldId: PARTIES_ID, message: form.allErrors[fields.parties.name]!.join(" ") }]
      : []),
    ...parties.flatMap((party, index) => {
      const person = party.getFieldset();
      return partyFieldNames.flatMap((name) => {
        const errors = form.allErrors[person[name].name];
        return errors?.length
          ? [{ fieldId: person[name].id, message: t.summary.person(index + 1, errors.join(" ")) }]
          : [];
      });
    }),
  ];
  const problems: Problem[] =
    attempt !== undefined || lastResult?.status === "error"
      ? FIELD_ORDER.flatMap((name) => {
          const errors =
            name === KYB_DOCUMENTS.field ? documentErrors : form.allErrors[fields[name].name];
          const own = errors?.length ? [{ fieldId: fieldId(name), message: errors.join(" ") }] : [];
          return name === "phone" ? [...own, ...partyProblems()] : own;
        })
      : [];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const agreed = new FormData(event.currentTarget).get(fields.agreedToTerms.name);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    // Only the Submit Application button: Conform validates a field on blur by submitting the form
    // with a hidden intent button, which must not toast (one toast per press of Submit).
    const submitting = submitter?.name === "intent" && submitter.value === "submit";
    if (!agreed && submitting) notify({ type: "error", ...t.toast.termsRequired });
    if (submitting) setAttempt((n) => (n ?? 0) + 1);
    form.onSubmit(event);
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      onSubmit={onSubmit}
      className="relative space-y-8"
    >
      <Honeypot />
      <ErrorSummary
        problems={problems}
        subject={t.summary.subject}
        focusKey={attempt}
        title={(count) =>
          count === 1 ? t.summary.one(t.summary.subject) : t.summary.many(count, t.summary.subject)
        }
      />
      {form.errors?.length ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-900">
          {form.errors[0]}
        </p>
      ) : null}

      <Fieldset legend={t.legends.business}>
        <TextField
          meta={meta("businessName", true)}
          label={t.labels.businessName}
          defaultValue={initial("businessName")}
          maxLength={limits.businessName}
          autoComplete="organization"
        />
        <SelectField
          meta={meta("businessType", true)}
          label={t.labels.businessType}
          placeholder={t.placeholders.businessType}
          options={labelled(businessTypes, t.businessTypes)}
          defaultValue={initial("businessType")}
        />
        <TextField
          meta={meta("registrationNumber", true)}
          label={t.labels.registrationNumber}
          hint={t.hints.registrationNumber}
          defaultValue={initial("registrationNumber")}
          maxLength={limits.registrationNumber}
          autoCapitalize="characters"
          spellCheck={false}
          className="sm:col-span-2"
        />
        <TextField
          meta={meta("website")}
          label={t.labels.website}
          type="url"
          inputMode="url"
          placeholder="https://"
          defaultValue={initial("website")}
          maxLength={limits.website}
          autoComplete="url"
          className="sm:col-span-2"
        />
        <TextField
          meta={{
            id: `${form.id}-${KYB_DOCUMENTS.field}`,
            name: KYB_DOCUMENTS.field,
            errorId: `${form.id}-${KYB_DOCUMENTS.field}-error`,
            // Every refusal at once (two files may be refused for different reasons).
            errors: documentErrors?.length ? [documentErrors.join(" ")] : undefined,
          }}
          label={t.labels.documents}
          hint={t.hints.documents}
          type="file"
          multiple
          accept={KYB_DOCUMENTS.accept}
          className="sm:col-span-2"
        />
      </Fieldset>

      <Fieldset legend={t.legends.contact}>
        <TextField
          meta={meta("contactName", true)}
          label={t.labels.contactName}
          defaultValue={initial("contactName")}
          maxLength={limits.contactName}
          autoComplete="name"
        />
        <TextField
          meta={meta("email", true)}
          label={t.labels.email}
          type="email"
          defaultValue={initial("email")}
          maxLength={limits.email}
          autoComplete="email"
        />
        <div className="grid grid-cols-[minmax(0,9rem)_1fr] gap-3 sm:col-span-2">
          <SelectField
            meta={meta("countryCode", true)}
            label={t.labels.countryCode}
            placeholder={t.placeholders.countryCode}
            options={dialCodes}
            value={dialCode}
            onChange={(event) => setDialCode(event.target.value)}
          />
          <TextField
            meta={meta("phone", true)}
            label={t.labels.phone}
            type="tel"
            inputMode="tel"
            defaultValue={initial("phone")}
            maxLength={limits.phone}
            autoComplete="tel"
            placeholder="712 345 678"
          />
        </div>
      </Fieldset>

      <fieldset
        id={PARTIES_ID}
        tabIndex={-1}
        aria-describedby={`${PARTIES_ID}-intro`}
        className="rounded-2xl border border-slate-200 p-6"
      >
        <legend className="px-2 text-lg font-semibold text-ink">{t.legends.parties}</legend>
        <p id={`${PARTIES_ID}-intro`} className="text-slate-700">
          {t.parties.intro(MAX_PARTIES)}
        </p>
        {fields.parties.errors?.length ? (
          <p className="mt-2 text-sm font-semibold text-red-800">{fields.parties.errors[0]}</p>
        ) : null}
        <ol className="mt-4 space-y-6">
          {parties.map((party, index) => {
            const person = party.getFieldset();
            return (
              <li key={party.key ?? party.id}>
                <fieldset className="rounded-xl border border-slate-200 p-4">
                  <legend className="px-2 font-semibold text-ink">
                    {t.parties.person(index + 1)}
                  </legend>
                  <PartyFields
                    t={t.party}
                    locale={locale}
                    field={(name) => {
                      const value = person[name].initialValue;
                      return {
                        meta: fieldMeta(person[name], partyFieldRequired[name]),
                        initial: typeof value === "string" ? value : undefined,
                      };
                    }}
                  />
                  {index > 0 ? (
                    <button
                      {...form.remove.getButtonProps({ name: fields.parties.name, index })}
                      className={buttonClass("secondary", "mt-4")}
                    >
                      {t.parties.remove(index + 1)}
                    </button>
                  ) : null}
                </fieldset>
              </li>
            );
          })}
        </ol>
        {parties.length < MAX_PARTIES ? (
          <button
            {...form.insert.getButtonProps({
              name: fields.parties.name,
              defaultValue: { role: "owner" },
            })}
            className={buttonClass("secondary", "mt-4")}
          >
            {t.parties.add}
          </button>
        ) : null}
      </fieldset>

      <Fieldset legend={t.legends.location}>
        <SelectField
          meta={meta("country", true)}
          label={t.labels.country}
          placeholder={t.placeholders.country}
          options={countryOptions}
          value={country}
          onChange={(event) => onCountryChange(event.target.value)}
        />
        <div>
          <SelectField
            meta={meta("city", true)}
            label={t.labels.city}
            placeholder={cityGroups.length ? t.placeholders.city : t.placeholders.cityFirst}
            options={[]}
            groups={cityGroups}
            value={city}
            onChange={(event) => setCity(event.target.value)}
            disabled={cityGroups.length === 0}
          />
          {hydrated ? null : (
            <button
              type="submit"
              name="intent"
              value="show-cities"
              formNoValidate
              className={buttonClass("secondary", "mt-1")}
            >
              {t.buttons.showCities}
            </button>
          )}
        </div>
        {/* Without JavaScript always there (a choice cannot reveal it); with it, for "Other". */}
        {!hydrated || otherCity ? (
          <TextField
            meta={meta("otherCity", otherCity)}
            label={t.labels.otherCity}
            hint={hydrated ? undefined : t.hints.otherCity}
            defaultValue={initial("otherCity")}
            maxLength={limits.otherCity}
            autoComplete="address-level2"
            className="sm:col-span-2"
          />
        ) : null}
        <TextAreaField
          meta={meta("businessAddress")}
          label={t.labels.businessAddress}
          rows={2}
          defaultValue={initial("businessAddress")}
          maxLength={limits.businessAddress}
          autoComplete="street-address"
          className="sm:col-span-2"
        />
      </Fieldset>

      <Fieldset legend={t.legends.details}>
        <SelectField
          meta={meta("monthlyVolume")}
          label={t.labels.monthlyVolume}
          placeholder={t.placeholders.monthlyVolume}
          options={labelled(monthlyVolumes, t.monthlyVolumes)}
          defaultValue={initial("monthlyVolume")}
        />
        <SelectField
          meta={meta("timeline")}
          label={t.labels.timeline}
          placeholder={t.placeholders.timeline}
          options={labelled(timelines, t.timelines)}
          defaultValue={initial("timeline")}
        />
        <SelectField
          meta={meta("integrationType")}
          label={t.labels.integrationType}
          placeholder={t.placeholders.integrationType}
          options={labelled(integrationTypes, t.integrationTypes)}
          defaultValue={initial("integrationType")}
        />
        <TextField
          meta={meta("currentPaymentMethods")}
          label={t.labels.currentPaymentMethods}
          placeholder={t.placeholders.currentPaymentMethods}
          defaultValue={initial("currentPaymentMethods")}
          maxLength={limits.currentPaymentMethods}
        />
      </Fieldset>

      <div className="space-y-4">
        <CheckboxField
          meta={meta("agreedToTerms", true)}
          defaultChecked={fields.agreedToTerms.initialValue === "on"}
          label={
            <>
              {t.labels.termsBefore}
              <Link to={paths.terms} className="font-semibold text-brand-800 underline">
                {t.labels.terms}
              </Link>
              {t.labels.termsAnd}
              <Link to={paths.privacy} className="font-semibold text-brand-800 underline">
                {t.labels.privacy}
              </Link>
            </>
          }
        />
        <CheckboxField
          meta={meta("agreedToNewsletter")}
          defaultChecked={fields.agreedToNewsletter.initialValue === "on"}
          label={t.labels.newsletter}
        />
      </div>

      <SubmitButton
        pendingLabel={t.buttons.submitting}
        className="w-full sm:w-auto"
        name="intent"
        value="submit"
      >
        {t.buttons.submit}
      </SubmitButton>
    </Form>
  );
}
