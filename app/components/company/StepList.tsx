/** Numbered steps (an ordered list), each with a heading, an explanation and an optional link. */
import { cx, LinkLine } from "~/components/ui";
import { marketingMessages } from "~/i18n/catalogs/marketing";
import { useMessages } from "~/i18n/use-messages";
import { CheckList } from "./CheckList";

export interface StepItem {
  id: string;
  title: string;
  body: string;
  /** How long the step usually takes, e.g. "About 10 minutes". */
  duration?: string;
  details?: readonly string[];
  link?: { to: string; label: string };
}

export function StepList({
  steps,
  labelledBy,
  className,
}: {
  steps: readonly StepItem[];
  labelledBy?: string;
  className?: string;
}) {
  const m = useMessages(marketingMessages);
  return (
    <ol aria-labelledby={labelledBy} className={cx("grid gap-6 lg:grid-cols-2", className)}>
      {steps.map((step, index) => (
        <li
          key={step.id}
          id={`step-${step.id}`}
          className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <span
            aria-hidden="true"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white"
          >
            {index + 1}
          </span>
          <div className="min-w-0">
            <h3 className="text-lg font-semibold text-ink">
              <span className="sr-only">
                {m.step} {index + 1}:{" "}
              </span>
              {step.title}
            </h3>
            {step.duration ? (
              <p className="mt-1 text-sm font-medium text-brand-800">{step.duration}</p>
            ) : null}
            <p className="mt-2 text-slate-700">{step.body}</p>
            {step.details && step.details.length > 0 ? (
              <CheckList items={step.details} className="mt-3 text-sm" />
            ) : null}
            {step.link ? <LinkLine link={step.link} className="mt-4" /> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
