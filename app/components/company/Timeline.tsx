/** A vertical company timeline: an ordered list, one entry per year, oldest first. */
import { cx } from "~/components/ui";

export interface TimelineItem {
  year: number;
  title: string;
  body: string;
  highlights?: readonly string[];
}

export function Timeline({
  items,
  labelledBy,
  className,
}: {
  items: readonly TimelineItem[];
  /** id of the heading that names the list. */
  labelledBy?: string;
  className?: string;
}) {
  return (
    <ol
      aria-labelledby={labelledBy}
      className={cx("relative border-l-2 border-brand-200 pl-8 sm:pl-10", className)}
    >
      {items.map((item) => (
        <li key={item.year} className="relative pb-10 last:pb-0">
          <span
            aria-hidden="true"
            className="absolute -left-[2.69rem] top-1 flex h-5 w-5 items-center justify-center rounded-full border-2 border-brand-700 bg-white sm:-left-[3.19rem]"
          >
            <span className="h-2 w-2 rounded-full bg-brand-700" />
          </span>
          <h3>
            <span className="block text-sm font-bold tracking-wide text-brand-800">
              {item.year}
              <span className="sr-only">: </span>
            </span>
            <span className="mt-1 block text-lg font-semibold text-ink">{item.title}</span>
          </h3>
          <p className="mt-2 max-w-3xl text-slate-700">{item.body}</p>
          {item.highlights && item.highlights.length > 0 ? (
            <ul className="mt-3 space-y-1.5 text-slate-700">
              {item.highlights.map((highlight) => (
                <li key={highlight} className="flex gap-2">
                  <span
                    aria-hidden="true"
                    className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-700"
                  />
                  <span>{highlight}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
