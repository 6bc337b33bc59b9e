import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  MaxPartSizeExceededError,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ApplicationConfirmation } from "~/components/merchants/ApplicationConfirmation";
import { ApplicationForm } from "~/components/merchants/ApplicationForm";
import { BenefitCards } from "~/components/merchants/BenefitCards";
import { Container, PageHero } from "~/components/ui";
import { buildApplicationSchema, limits as fieldLimits } from "~/core/merchants/application-schema";
import { partyLimits } from "~/core/kyb/party-schema";
import { maskEmail } from "~/core/merchants/mask-email";
import { createKybUpload, KYB_FIELD, type KybUpload } from "~/core/kyb/documents.server";
import { waitMinutes } from "~/core/rate-limit.server";
import { applicationMessages } from "~/i18n/catalogs/application";
import { signInMessages } from "~/i18n/catalogs/sign-in";
import { inLocale, type Translation } from "~/i18n/messages";
import { requestLocale } from "~/i18n/negotiate";
import { useMessages } from "~/i18n/use-messages";
import { isBodyTooLarge } from "~/utils/body-limit.server";
import { replyWithinLimits } from "~/utils/form-reply";
import { checkHoneypot } from "~/utils/honeypot";
import { PRIVATE_NO_STORE, publicPageHeaders } from "~/utils/http";
import { kybRoot, readFormWithDocuments } from "~/route-support/kyb.server";
import * as paths from "~/utils/paths";
import { assertSameOrigin, clientKey, userAgent } from "~/utils/request.server";
import { seo } from "~/utils/seo";
import { matchesLocale } from "~/i18n/match-locale";
import { jsonWithError, redirectWithSuccess } from "~/utils/toast.server";
import { applications } from "~/wiring/applications.server";
import { rateLimits } from "~/wiring/rate-limits.server";

/** Applications per client per hour (bots; a real business applies once). */
const APPLICATION_LIMIT = { limit: 5, windowMs: 60 * 60_000 };
const REFERENCE_PATTERN = /^APP-[2-9A-HJKMNP-TV-Z]{8}$/;

type ActionData = { lastResult: SubmissionResult<string[]> };
type ApplicationText = Translation<(typeof applicationMessages)["en"]>;

/** What a reply echoes at most: each field's maximum (a person's longest field for the people). */
const limits = { ...fieldLimits, parties: partyLimits.pepDetails };

/**
 * After a submit (`?submitted=APP-…`, the redirect's target) the page confirms it in place of the
 * form; an unknown reference shows the form. Never kept in a shared cache (it names the address).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const reference = new URL(request.url).searchParams.get("submitted");
  const application =
    reference && REFERENCE_PATTERN.test(reference)
      ? await applications().getByReference(reference)
      : undefined;
  if (!application) return { submitted: null };
  return data(
    { submitted: { reference: application.reference, maskedEmail: maskEmail(application.email) } },
    { headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}

/**
 * The documents' errors for the reply (refused files, or good files dropped with the form: said
 * whenever documents were sent but not kept, as a browser cannot give a file input back).
 */
function documentErrors(upload: KybUpload, t: ApplicationText): string[] {
  if (upload.errors.length > 0) return upload.errors;
  return upload.staged.length > 0 ? [t.toast.documentsNotKept] : [];
}

/** The form always shows at least one person (a post without any gets an empty director). */
function withOnePerson<R extends SubmissionResult<string[]>>(result: R): R {
  const initialValue = result.initialValue ?? {};
  const parties = initialValue.parties;
  if (Array.isArray(parties) && parties.length > 0) return result;
  return { ...result, initialValue: { ...initialValue, parties: [{ role: "director" }] } };
}

function withDocumentErrors<R extends SubmissionResult<string[]>>(
  reply: R,
  upload: KybUpload,
  t: ApplicationText,
): R {
  const result = withOnePerson(reply);
  const errors = documentErrors(upload, t);
  if (errors.length === 0) return result;
  return { ...result, status: "error", error: { ...result.error, [KYB_FIELD]: errors } };
}

async function readForm(
  request: Request,
  upload: KybUpload,
  t: ApplicationText,
): Promise<FormData> {
  try {
    return await readFormWithDocuments(request, upload);
  } catch (error) {
    upload.discard();
    if (isBodyTooLarge(error) || error instanceof MaxPartSizeExceededError) {
      throw new Response(t.documents.bodyTooLarge, { status: 413 });
    }
    // A broken multipart body (the parser's errors); disk errors (with a code) stay 500s.
    if (error instanceof Error && !("code" in error)) {
      throw new Response(t.documents.unreadable, { status: 400 });
    }
    throw error;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const t = inLocale(applicationMessages, requestLocale(request));
  const upload = createKybUpload({ root: kybRoot(), messages: t.documents });
  const formData = await readForm(request, upload, t);
  try {
    return await handleApplication(request, formData, upload, t);
  } finally {
    // Whatever was not attached to a stored application leaves no file behind.
    upload.discard();
  }
}

async function handleApplication(
  request: Request,
  formData: FormData,
  upload: KybUpload,
  t: ApplicationText,
) {
  const locale = requestLocale(request);
  // A value in the hidden honeypot means a bot: answer as if all went well, store nothing.
  if (checkHoneypot(formData) === "bot") {
    return redirectWithSuccess(paths.getStarted, t.toast.submitted);
  }

  const submission = parseWithZod(formData, { schema: buildApplicationSchema(t, locale) });

  // Without JavaScript, "Show cities" re-renders the form with what was typed and the country's
  // cities.
  if (formData.get("intent") === "show-cities") {
    return data<ActionData>({
      lastResult: withDocumentErrors(
        replyWithinLimits({ initialValue: submission.payload as Record<string, string> }, limits),
        upload,
        t,
      ),
    });
  }

  // "Add another person" or "Remove person" (Conform's list intents): without JavaScript the
  // server re-renders the form with the list changed, nothing checked yet.
  if (submission.status === undefined) {
    return data<ActionData>({
      lastResult: withDocumentErrors(replyWithinLimits(submission.reply(), limits), upload, t),
    });
  }

  if (submission.status !== "success" || upload.errors.length > 0) {
    // What was typed goes back into the form, never longer than each field's maximum.
    // Every problem (the terms among them) is in the form's summary and by its field; with
    // JavaScript the Terms Required toast has already shown in the browser.
    const lastResult = withDocumentErrors(replyWithinLimits(submission.reply(), limits), upload, t);
    return data<ActionData>({ lastResult }, { status: 400 });
  }

  const limit = await rateLimits().hit(`apply:${clientKey(request)}`, APPLICATION_LIMIT);
  if (!limit.allowed) {
    return jsonWithError<ActionData>(
      { lastResult: withDocumentErrors(submission.reply(), upload, t) },
      {
        message: t.toast.failed,
        description: t.toast.tooMany(
          inLocale(signInMessages, locale).minutes(waitMinutes(limit.retryAfterMs)),
        ),
      },
      { status: 429 },
    );
  }

  const result = await applications().submit(submission.value, {
    clientKey: clientKey(request),
    userAgent: userAgent(request),
    locale,
    attachDocuments: (q, applicationId) => upload.attach(q, applicationId),
  });
  if (!result.ok) {
    return jsonWithError<ActionData>(
      {
        lastResult: withDocumentErrors(
          submission.reply({
            fieldErrors: { email: [t.toast.alreadyField] },
          }),
          upload,
          t,
        ),
      },
      { message: t.toast.alreadyTitle, description: t.toast.already },
      { status: 409 },
    );
  }
  return redirectWithSuccess(paths.applicationSubmitted(result.reference), t.toast.submitted);
}

export default function GetStarted() {
  const { submitted } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const m = useMessages(applicationMessages).page;
  return (
    <>
      <PageHero eyebrow={m.eyebrow} title={m.title} lead={m.lead} />
      <Container className="pb-16">
        <BenefitCards />
        <section aria-labelledby="application-title" className="mx-auto mt-12 max-w-3xl">
          <h2 id="application-title" className="text-2xl font-bold text-ink">
            {m.heading}
          </h2>
          {submitted ? (
            <ApplicationConfirmation
              reference={submitted.reference}
              maskedEmail={submitted.maskedEmail}
            />
          ) : (
            <>
              <p className="mt-2 text-slate-700">
                {m.requiredBefore}
                <span className="text-red-700">*</span>
                {m.requiredAfter}
              </p>
              <div className="mt-8">
                <ApplicationForm lastResult={actionData?.lastResult} />
              </div>
            </>
          )}
        </section>
      </Container>
    </>
  );
}

/** Public and cached, except the confirmation (the loader's own Cache-Control wins). */
export const headers: HeadersFunction = (args) => {
  const own = args.loaderHeaders.get("Cache-Control");
  return own ? { "Cache-Control": own } : publicPageHeaders(args);
};

export const meta: MetaFunction = ({ matches }) => {
  const m = inLocale(applicationMessages, matchesLocale(matches)).meta;
  return seo(matches, {
    title: m.title,
    description: m.description,
    path: paths.getStarted,
  });
};
