import { cx, TextLink } from "~/components/ui";
import { Icon } from "~/components/ui/icons";
import { dashboardText } from "~/content/dashboard";
import type { FirstRunChecklist as Checklist } from "~/core/merchants/first-run-checklist";

/**
 * The dashboard's first-run checklist: each step the member's role may do, with a link to where it
 * is done while it is not, and its state in words ("Done", "To do"), not colour alone.
 */
export function FirstRunChecklist({
  checklist,
  className,
}: {
  checklist: Checklist;
  className?: string;
}) {
  return (
    <section
      aria-labelledby="first-run-title"
      className={cx("rounded-2xl border border-slate-200 bg-white p-6 shadow-sm", className)}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="first-run-title" className="text-lg font-semibold text-ink">
          {dashboardText.checklistTitle}
        </h2>
        <p id="first-run-progress" className="text-sm font-medium text-slate-700">
          {dashboardText.progress(checklist.done, checklist.total)}
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
                {step.done ? step.label : <TextLink to={step.to}>{step.label}</TextLink>}{" "}
                <span
                  className={cx(
                    "ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold",
                    step.done ? "bg-emerald-100 text-emerald-900" : "bg-slate-100 text-slate-800",
                  )}
                >
                  {step.done ? dashboardText.stepDone : dashboardText.stepToDo}
                </span>
              </p>
              {step.done ? null : <p className="mt-1 text-sm text-slate-700">{step.hint}</p>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
