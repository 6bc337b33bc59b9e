/** A list of cards (a real <ul>), each with an icon badge and an <h3> title. */
import type { ReactNode } from "react";
import { Card, cx } from "~/components/ui";
import { Icon, IconBadge, type IconName } from "~/components/ui/icons";
import { marketingMessages } from "~/i18n/catalogs/marketing";
import { useMessages } from "~/i18n/use-messages";

export interface CardItem {
  title: string;
  body: ReactNode;
  /** Ticked points under the body. */
  points?: readonly string[];
  icon?: IconName;
  footer?: ReactNode;
}

const columns = {
  2: "sm:grid-cols-2",
  3: "md:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

export function CardGrid({
  items,
  cols = 3,
  label,
}: {
  items: readonly CardItem[];
  cols?: keyof typeof columns;
  label?: string;
}) {
  return (
    <ul aria-label={label} className={cx("grid gap-6", columns[cols])}>
      {items.map((item) => (
        <li key={item.title} className="flex">
          <Card
            className="flex w-full flex-col"
            title={item.title}
            icon={item.icon ? <IconBadge name={item.icon} /> : undefined}
          >
            <div className="space-y-3">
              {typeof item.body === "string" ? <p>{item.body}</p> : item.body}
              {item.points ? <CheckList items={item.points} /> : null}
            </div>
            {item.footer ? <div className="mt-4">{item.footer}</div> : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps (a real <ol>) with an <h3> each. */
export function StepList({
  steps,
  label,
}: {
  steps: readonly { title: string; body: string; icon?: IconName }[];
  label?: string;
}) {
  const m = useMessages(marketingMessages);
  return (
    <ol aria-label={label} className="grid gap-6 md:grid-cols-3">
      {steps.map((step, index) => (
        <li
          key={step.title}
          className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <div className="flex items-center gap-3">
            <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
              <span className="sr-only">{m.step} </span>
              {index + 1}
            </span>
            {step.icon ? <IconBadge name={step.icon} /> : null}
          </div>
          <h3 className="mt-4 text-lg font-semibold text-ink">{step.title}</h3>
          <p className="mt-2 text-slate-700">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** A checklist (a real <ul>) with decorative ticks. */
export function CheckList({
  items,
  tone = "plain",
}: {
  items: readonly string[];
  tone?: "plain" | "dark";
}) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <span
            className={cx("mt-0.5 shrink-0", tone === "dark" ? "text-brand-300" : "text-brand-700")}
          >
            <Icon name="check" className="h-5 w-5" />
          </span>
          <span className={tone === "dark" ? "text-slate-100" : "text-slate-700"}>{item}</span>
        </li>
      ))}
    </ul>
  );
}
