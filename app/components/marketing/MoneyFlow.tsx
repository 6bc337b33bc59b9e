/**
 * "How the money moves": the payment's hops as an ordered list. Arrows between steps are decorative
 * (the list order carries the sequence); captions are real text.
 */
import type { FlowStep } from "~/content/marketing/home";
import { Icon } from "~/components/ui/icons";
import { marketingMessages } from "~/i18n/catalogs/marketing";
import { useMessages } from "~/i18n/use-messages";

export function MoneyFlow({ steps, label }: { steps: readonly FlowStep[]; label: string }) {
  const m = useMessages(marketingMessages);
  return (
    <ol aria-label={label} className="grid gap-6 lg:grid-cols-5">
      {steps.map((step, index) => (
        <li key={step.title} className="relative flex">
          <div className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex items-center gap-3">
              <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                <Icon name={step.icon} />
              </span>
              <span className="text-sm font-semibold text-slate-700">
                <span className="sr-only">{m.step} </span>
                {index + 1}
                <span className="sr-only"> {m.ofTotal(steps.length)}</span>
              </span>
            </div>
            <h3 className="mt-4 text-base font-semibold text-ink">{step.title}</h3>
            <p className="mt-1 text-sm text-slate-700">{step.body}</p>
            {step.caption ? (
              <p className="mt-auto pt-4">
                <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-200">
                  <Icon name="check" className="h-3.5 w-3.5" />
                  {step.caption}
                </span>
              </p>
            ) : null}
          </div>
          {index < steps.length - 1 ? (
            <>
              {/* Between cards: down on small screens, right on large ones. */}
              <span className="absolute -bottom-6 left-1/2 z-10 flex h-6 w-6 -translate-x-1/2 items-center justify-center text-brand-700 lg:hidden">
                <Icon name="arrowDown" className="h-5 w-5" />
              </span>
              <span className="absolute top-1/2 -right-6 z-10 hidden h-6 w-6 -translate-y-1/2 items-center justify-center text-brand-700 lg:flex">
                <Icon name="arrowRight" className="h-4 w-4" />
              </span>
            </>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
