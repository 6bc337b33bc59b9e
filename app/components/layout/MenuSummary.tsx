import { headerMessages } from "~/i18n/catalogs/shell";
import { useMessages } from "~/i18n/use-messages";

/** The "Menu" button of a <details> menu (the public header's and the app shells' phone menus). */
export function MenuSummary() {
  const m = useMessages(headerMessages);
  return (
    <summary className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100">
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
        <path
          d="M4 6h16M4 12h16M4 18h16"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      {m.menu}
    </summary>
  );
}
