import { cx, TextLink } from "~/components/ui";
import { Icon } from "~/components/ui/icons";
import type { FirstRunChecklist as Checklist } from "~/core/merchants/first-run-checklist";
import { dashboardMessages } from "~/i18n/catalogs/dashboard";
import { useMessages } from "~/i18n/use-messages";

/**
 * The dashboard's first-run checklist: each step the member's role may do, with a link to where it
 * is done while it is not, and its state in words ("Done", "To do"), not colour alone. A step's
 * words are the page's language's, found by the step's id (the checklist carries the English).
 */
export function FirstRunChecklist({
  checklist,
  className,
}: {
  checklist: Checklist;
  className?: string;
}) {
  const m = useMessages(dashboardMessages).checklist;
  return (
    <section
      aria-labelledby="first-run-title"
      className={cx("rounded-2xl border border-slate-200 bg-white p-6 shadow-sm", className)}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="first-run-title" className="text-lg font-semibold text-ink">
          {m.title}
        </h2>
        <p id="first-run-progress" className="text-sm font-medium text-slate-700">
          {m.progress(checklist.done, checklist.total)}
        </p>
      </div>
      <ol className="mt-4 space-y-3" aria-describedby="first-run-progress">
        {checklist.steps.map((step) => (
          <li
            key={step.id}
            className={cx(
              "flex gap-3 rounded-xl p-4",
              step.done ? "bg-emerald-50" : "border border-slate-200",
            )}
          >
            <Icon
              name={step.done ? "checkCircle" : "arrowRight"}
              className={cx(
                "mt-0.5 h-5 w-5 shrink-0",
                step.done ? "text-emerald-800" : "text-slate-500",
              )}
            />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">
                {step.done ? (
                  m.steps[step.id].label
                ) : (
                  <TextLink to={step.to}>{m.steps[step.id].label}</TextLink>
                )}{" "}
                <span
                  className={cx(
                    "ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold",
                    step.done ? "bg-emerald-100 text-emerald-900" : "bg-slate-100 text-slate-800",
                  )}
                >
                  {step.done ? m.done : m.toDo}
                </span>
              </p>
              {step.done ? null : (
                <p className="mt-1 text-sm text-slate-700">{m.steps[step.id].hint}</p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
