/**
 * Directors and owners (issue 31, item 6; ADR 0058): the people behind the business, as the
 * application gave them and as owners and admins keep them. Adding, changing and removing are
 * audited; a removed person keeps their record (kept 7 years). Each change is screened against the
 * sanctions lists; a person declared politically exposed starts an enhanced review (never shown
 * here: tipping-off). Plain forms: everything works without JavaScript.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  PartyFields,
  partyFieldRequired,
  type PartyFieldName,
} from "~/components/merchants/PartyFields";
import { buttonClass, Container } from "~/components/ui";
import { fieldMeta, SubmitButton } from "~/components/ui/form";
import { findCountry } from "~/content/countries";
import { PartyError } from "~/core/kyb/parties.server";
import type { z } from "zod";
import { bpsToPercent, partySchemaFor, type PartyInput } from "~/core/kyb/party-schema";
import { applicationMessages } from "~/i18n/catalogs/application";
import { settingsMessages } from "~/i18n/catalogs/settings";
import { countryNameIn } from "~/i18n/country-names";
import { matchesLocale } from "~/i18n/match-locale";
import { inLocale } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { requirePermission } from "~/utils/auth.server";
import { formatDate } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { jsonWithError, redirectWithSuccess } from "~/utils/toast.server";
import { kyb } from "~/wiring/kyb.server";

type ActionData = { lastResult: SubmissionResult<string[]>; partyId: string | null };

/** The last characters of an ID or passport number: enough to tell people apart. */
function maskedId(value: string | null, notGiven: string): string {
  if (!value) return notGiven;
  return value.length <= 4 ? value : `•••• ${value.slice(-4)}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const merchant = await requirePermission(request, "settings:manage");
  const locale = requestLocale(request);
  const m = inLocale(settingsMessages, locale).owners;
  const countryName = (code: string) => {
    const country = findCountry(code);
    return country ? countryNameIn(country, locale) : undefined;
  };
  const parties = await kyb().listParties({ merchantId: merchant.merchantId });
  const editing = new URL(request.url).searchParams.get("edit");
  const views = parties.map((party) => ({
    id: party.id,
    role: party.role,
    roleLabel: party.role === "director" ? m.director : m.owner,
    fullName: party.fullName,
    nationality: countryName(party.nationality ?? "") ?? party.nationality ?? m.notGiven,
    idNumber: maskedId(party.idNumber, m.notGiven),
    dateOfBirth: party.dateOfBirth ? formatDate(party.dateOfBirth, locale) : m.notGiven,
    share: party.ownershipBps === null ? null : `${bpsToPercent(party.ownershipBps)}%`,
    pep: party.pep,
  }));
  const edit = parties.find((party) => party.id === editing);
  return {
    parties: views,
    // The form's starting values when changing someone (the ID in full: its owner types it).
    edit: edit
      ? {
          id: edit.id,
          values: {
            role: edit.role,
            fullName: edit.fullName,
            nationality: edit.nationality ?? "",
            idNumber: edit.idNumber ?? "",
            dateOfBirth: edit.dateOfBirth ?? "",
            sharePercent: edit.ownershipBps === null ? "" : bpsToPercent(edit.ownershipBps),
            pep: edit.pep ? "on" : "",
            pepDetails: edit.pepDetails ?? "",
          },
        }
      : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const merchant = await requirePermission(request, "settings:manage");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "add");
  const partyId = String(form.get("partyId") ?? "") || null;
  const actor = { merchantId: merchant.merchantId, userId: merchant.userId };
  const service = kyb();
  const locale = requestLocale(request);
  const t = inLocale(settingsMessages, locale).owners.toasts;
  try {
    if (intent === "remove" && partyId) {
      await service.removeParty(actor, partyId);
      return redirectWithSuccess(paths.merchantBusinessOwners, {
        message: t.removed,
        description: t.removedDescription,
      });
    }
    const submission = parseWithZod(form, {
      schema: partySchemaFor(inLocale(applicationMessages, locale)),
    });
    if (submission.status !== "success")
      return data<ActionData>({ lastResult: submission.reply(), partyId }, { status: 400 });
    if (intent === "update" && partyId) {
      await service.updateParty(actor, partyId, submission.value);
      return redirectWithSuccess(paths.merchantBusinessOwners, {
        message: t.saved,
        description: t.savedDescription(submission.value.fullName),
      });
    }
    await service.addParty(actor, submission.value);
    return redirectWithSuccess(paths.merchantBusinessOwners, {
      message: t.added,
      description:
        submission.value.role === "director"
          ? t.addedDirector(submission.value.fullName)
          : t.addedOwner(submission.value.fullName),
    });
  } catch (error) {
    if (error instanceof PartyError)
      return jsonWithError<ActionData>(
        { lastResult: { status: "error", error: { "": [error.message] } }, partyId },
        { message: t.notSaved, description: error.message },
        { status: 409 },
      );
    throw error;
  }
}

function PartyForm({
  id,
  title,
  lastResult,
  defaultValue,
  partyId,
}: {
  id: string;
  title: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Partial<Record<PartyFieldName, string>>;
  partyId: string | null;
}) {
  const m = useMessages(settingsMessages).owners;
  const application = useMessages(applicationMessages);
  const locale = useLocale();
  const schema = partySchemaFor(application);
  const [form, fields] = useForm<z.input<typeof schema>, PartyInput>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema });
    },
  });
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10">
      <h2 id={`${id}-title`} className="text-2xl font-semibold text-ink">
        {title}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-5">
        {form.errors?.length ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-900">
            {form.errors[0]}
          </p>
        ) : null}
        {partyId ? <input type="hidden" name="partyId" value={partyId} /> : null}
        <PartyFields
          field={(name) => {
            const value = fields[name].initialValue;
            return {
              meta: fieldMeta(fields[name], partyFieldRequired[name]),
              initial: typeof value === "string" ? value : undefined,
            };
          }}
          t={application.party}
          locale={locale}
        />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pendingLabel={m.saving} name="intent" value={partyId ? "update" : "add"}>
            {partyId ? m.saveChanges : m.addPerson}
          </SubmitButton>
          {partyId ? (
            <Link
              to={paths.merchantBusinessOwners}
              className="font-semibold text-brand-800 underline"
            >
              {m.cancel}
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

export default function BusinessOwners() {
  const { parties, edit } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const m = useMessages(settingsMessages).owners;
  const editingId = edit?.id ?? null;
  const resultFor = (partyId: string | null) =>
    actionData && actionData.partyId === partyId ? actionData.lastResult : undefined;
  return (
    <Container className="max-w-3xl py-12">
      <p>
        <Link
          to={paths.merchantSettings}
          className="text-sm font-semibold text-brand-800 underline"
        >
          {m.back}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">{m.title}</h1>
      <p className="mt-3 text-slate-700">{m.intro}</p>

      <section aria-labelledby="people-title" className="mt-10">
        <h2 id="people-title" className="text-2xl font-semibold text-ink">
          {m.peopleTitle}
        </h2>
        {parties.length === 0 ? (
          <p className="mt-4 text-slate-700">{m.nobody}</p>
        ) : (
          <ul className="mt-4 space-y-4" aria-label={m.listLabel}>
            {parties.map((party) => (
              <li key={party.id} className="rounded-xl border border-slate-200 p-4">
                <h3 className="text-lg font-semibold text-ink">{party.fullName}</h3>
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="inline text-slate-600">{m.role}</dt>
                    <dd className="inline text-ink">
                      {party.roleLabel}
                      {party.share ? `, ${party.share}` : ""}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline text-slate-600">{m.nationality}</dt>
                    <dd className="inline text-ink">{party.nationality}</dd>
                  </div>
                  <div>
                    <dt className="inline text-slate-600">{m.idNumber}</dt>
                    <dd className="inline text-ink">{party.idNumber}</dd>
                  </div>
                  <div>
                    <dt className="inline text-slate-600">{m.dateOfBirth}</dt>
                    <dd className="inline text-ink">{party.dateOfBirth}</dd>
                  </div>
                  <div>
                    <dt className="inline text-slate-600">{m.pep}</dt>
                    <dd className="inline text-ink">{party.pep ? m.pepYes : m.pepNo}</dd>
                  </div>
                </dl>
                <div className="mt-3 flex flex-wrap items-center gap-4">
                  <Link
                    to={`${paths.merchantBusinessOwners}?edit=${party.id}`}
                    className="text-sm font-semibold text-brand-800 underline"
                    aria-label={m.changeWhose(party.fullName)}
                  >
                    {m.change}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="partyId" value={party.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      className={buttonClass("secondary", "px-3 py-1.5")}
                      aria-label={m.removeWho(party.fullName)}
                    >
                      {m.remove}
                    </button>
                  </Form>
                </div>
                {resultFor(party.id)?.error?.[""]?.length && editingId !== party.id ? (
                  <p role="alert" className="mt-2 text-sm text-red-800">
                    {resultFor(party.id)?.error?.[""]?.[0]}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {edit ? (
        <PartyForm
          key={edit.id}
          id="change-person"
          title={m.changeTitle}
          partyId={edit.id}
          defaultValue={edit.values}
          lastResult={resultFor(edit.id)}
        />
      ) : null}
      <PartyForm
        id="add-person"
        title={m.addTitle}
        partyId={null}
        defaultValue={{ role: "director" }}
        lastResult={resultFor(null)}
      />
    </Container>
  );
}

export const headers = privatePageHeaders;
export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: inLocale(settingsMessages, matchesLocale(matches)).owners.title,
    description: inLocale(settingsMessages, matchesLocale(matches)).owners.metaDescription,
    path: paths.merchantBusinessOwners,
    noindex: true,
  });
