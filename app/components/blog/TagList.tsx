/** Tags as small labels, optionally each a link to the blog filtered by that tag. */
import { cx } from "~/components/ui";
import * as paths from "~/utils/paths";

export function tagHref(tag: string): string {
  return paths.blogTag(tag);
}

export function TagList({
  tags,
  limit,
  linked = false,
  label = "Tags",
  className,
}: {
  tags: readonly string[];
  limit?: number;
  linked?: boolean;
  label?: string;
  className?: string;
}) {
  const shown = limit === undefined ? tags : tags.slice(0, limit);
  if (shown.length === 0) return null;
  const pill =
    "inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800";
  return (
    <ul aria-label={label} className={cx("flex flex-wrap gap-2", className)}>
      {shown.map((tag) => (
        <li key={tag}>
          {linked ? (
            <a
              href={tagHref(tag)}
              className={cx(
                pill,
                "underline-offset-2 hover:bg-brand-50 hover:text-brand-800 hover:underline",
              )}
            >
              #{tag}
            </a>
          ) : (
            <span className={pill}>#{tag}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
