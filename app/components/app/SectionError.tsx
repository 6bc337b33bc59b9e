/**
 * What a signed-in section (merchant app, operator console) shows when one of its pages fails: "not
 * found" or "access denied" with a link back to the section's home, or a calm message with the
 * support address. A thrown Response's own text (ours, e.g. "Payment not found", in English and
 * marked so) may be shown; an unexpected error's message and stack never are.
 */
import { isRouteErrorResponse } from "@remix-run/react";
import { ButtonLink, Container } from "~/components/ui";
import { company } from "~/content/company";
import { sectionErrorMessages } from "~/i18n/catalogs/app-shell";
import { HTML_LANG } from "~/i18n/locales";
import { useLocale, useMessages } from "~/i18n/use-messages";

export function SectionError({
  error,
  home,
  homeLabel,
}: {
  error: unknown;
  home: string;
  /** Where `home` leads, after "Back to", in the page's language ("the dashboard"). */
  homeLabel: string;
}) {
  const text = useMessages(sectionErrorMessages);
  const locale = useLocale();
  const response = isRouteErrorResponse(error) ? error : null;
  const status = response?.status;
  const detail =
    response && typeof response.data === "string" && response.data.length <= 200
      ? response.data
      : null;
  const [title, body] =
    status === 404
      ? [text.notFoundTitle, text.notFoundBody]
      : status === 403
        ? [text.forbiddenTitle, text.forbiddenBody]
        : [text.failedTitle, text.failedBody];
  return (
    <Container className="py-16">
      <div className="max-w-xl">
        {status ? (
          <p className="text-sm font-semibold text-brand-800">{text.error(status)}</p>
        ) : null}
        <h1 className="mt-2 text-3xl font-bold text-ink">{title}</h1>
        <p className="mt-3 text-slate-700">{body}</p>
        {detail && detail !== "Not Found" ? (
          // The route's own words are English: marked so, on a page in another language.
          <p className="mt-2 text-slate-700" lang={locale === "en" ? undefined : HTML_LANG.en}>
            {detail}
          </p>
        ) : null}
        {status === 404 || status === 403 ? null : (
          <p className="mt-3 text-slate-700">
            {text.keepsHappening}{" "}
            <a
              className="font-semibold text-brand-800 underline"
              href={`mailto:${company.supportEmail}`}
            >
              {company.supportEmail}
            </a>
            .
          </p>
        )}
        <ButtonLink to={home} className="mt-8">
          {text.backTo(homeLabel)}
        </ButtonLink>
      </div>
    </Container>
  );
}
