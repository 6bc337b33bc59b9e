/**
 * "Live data | Test data" on the dashboard and the payments list (issue 13), and the banner that
 * says so while test data is shown: test payments are made with test API keys against the
 * simulators, and nobody should mistake them for real money. Plain links (`?mode=test`, see
 * core/api/mode.ts): they work without JavaScript.
 */
import { Link } from "@remix-run/react";
import { cx } from "~/components/ui";
import { withDataMode } from "~/core/api/mode";
import type { ApiMode } from "~/core/api/vocabulary";
import { developersMessages } from "~/i18n/catalogs/developers";
import { useMessages } from "~/i18n/use-messages";

export function DataModeSwitch({
  mode,
  path,
  className,
}: {
  mode: ApiMode;
  /** The page's own address, without the mode parameter. */
  path: string;
  className?: string;
}) {
  const m = useMessages(developersMessages).dataMode;
  const choices = [
    { mode: "live", label: m.live },
    { mode: "test", label: m.test },
  ] as const;
  return (
    <div className={className}>
      <nav aria-label={m.nav}>
        <ul className="inline-flex rounded-lg border border-slate-300 bg-white p-1 text-sm">
          {choices.map((choice) => {
            const current = choice.mode === mode;
            return (
              <li key={choice.mode}>
                <Link
                  to={withDataMode(path, choice.mode)}
                  aria-current={current ? "page" : undefined}
                  className={cx(
                    "block rounded-md px-3 py-1.5 font-medium focus:outline-none focus:ring-2 focus:ring-brand-700",
                    current
                      ? choice.mode === "test"
                        ? "bg-amber-100 text-amber-950"
                        : "bg-brand-800 text-white"
                      : "text-slate-800 hover:bg-slate-100",
                  )}
                >
                  {choice.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {mode === "test" ? <TestDataBanner /> : null}
    </div>
  );
}

export function TestDataBanner() {
  const m = useMessages(developersMessages).dataMode;
  return (
    <p
      role="note"
      className="mt-4 rounded-xl border-2 border-amber-500 bg-amber-50 px-4 py-3 font-medium text-amber-950"
    >
      <strong className="font-bold">{m.bannerTitle}</strong> {m.banner}
    </p>
  );
}
