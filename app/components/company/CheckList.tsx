/** A bulleted list with a tick before each item. */
import { cx } from "~/components/ui";
import { Icon } from "~/components/ui/icons";

export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cx("space-y-2 text-slate-700", className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2.5">
          <Icon name="checkCircle" className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
