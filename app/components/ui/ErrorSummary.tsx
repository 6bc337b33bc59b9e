/**
 * One summary at the top of a form that failed: "There are 6 problems with your application", each
 * problem a link to its field (the messages by each field stay). In the server's HTML (without
 * JavaScript it is what the page shows first); with JavaScript the heading takes the focus
 * (`focusKey` changes on each failed submit) and a link puts the focus in its field.
 */
import { useEffect, useRef } from "react";
import { uiMessages } from "~/i18n/catalogs/ui";
import { useMessages } from "~/i18n/use-messages";

export interface Problem {
  /** The field's id: the link goes to `#fieldId`. */
  fieldId: string;
  message: string;
}

export function ErrorSummary({
  problems,
  subject,
  focusKey,
  title,
}: {
  problems: readonly Problem[];
  /** What failed, after "with": "your application". */
  subject: string;
  /** Changes when the summary should take the focus again (a new failed submit). */
  focusKey?: unknown;
  /** The heading for `count` problems (default: app/i18n/catalogs/ui.ts, the page's language). */
  title?: (count: number) => string;
}) {
  const m = useMessages(uiMessages).errorSummary;
  const heading = useRef<HTMLHeadingElement>(null);
  const count = problems.length;
  const failed = count > 0;
  useEffect(() => {
    if (focusKey !== undefined && failed) heading.current?.focus();
  }, [focusKey, failed]);
  if (count === 0) return null;
  return (
    <div
      role="alert"
      aria-labelledby="error-summary-title"
      className="rounded-xl border-2 border-red-700 bg-red-50 p-5 text-red-950"
    >
      <h3
        id="error-summary-title"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700"
      >
        {title ? title(count) : count === 1 ? m.one(subject) : m.many(count, subject)}
      </h3>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        {problems.map((problem) => (
          <li key={`${problem.fieldId}-${problem.message}`}>
            <a
              href={`#${problem.fieldId}`}
              // With JavaScript the field itself takes the focus (a fragment link only scrolls).
              onClick={(event) => {
                const field = document.getElementById(problem.fieldId);
                if (!field) return;
                event.preventDefault();
                field.focus();
              }}
              className="font-semibold text-red-900 underline"
            >
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
