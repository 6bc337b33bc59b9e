/**
 * The payment-flow tabs on /solutions.
 *
 * Without JavaScript (and in the server render) each tab is a link to `?flow=<id>#how-it-works` and
 * only the selected flow is rendered, so the URL is the state and every flow is a shareable page.
 * Once hydrated, the same control becomes an ARIA tablist (roving tabindex, Left/Right/Home/End,
 * automatic activation) that keeps the URL in sync without a scroll jump.
 */
import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Stat, cx } from "~/components/ui";
import type { FlowId, PaymentFlow } from "~/content/marketing/solutions";
import { marketingMessages } from "~/i18n/catalogs/marketing";
import { useMessages } from "~/i18n/use-messages";
import * as paths from "~/utils/paths";

const tabId = (id: FlowId) => `flow-tab-${id}`;
const panelId = (id: FlowId) => `flow-panel-${id}`;

const tabClass = (selected: boolean) =>
  cx(
    "inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold transition-colors",
    selected ? "bg-brand-700 text-white shadow-sm" : "text-slate-800 hover:bg-white hover:text-ink",
  );

export function FlowTabs({
  flows,
  label,
  path = paths.solutions,
  anchor = "how-it-works",
}: {
  flows: readonly PaymentFlow[];
  label: string;
  path?: string;
  anchor?: string;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = (flows.find((flow) => flow.id === searchParams.get("flow")) ?? flows[0])?.id;
  const [selectedId, setSelectedId] = useState<FlowId | undefined>(fromUrl);
  const [hydrated, setHydrated] = useState(false);
  const tabs = useRef(new Map<FlowId, HTMLButtonElement>());

  useEffect(() => setHydrated(true), []);
  // Back/forward or a link elsewhere on the page changed ?flow=: follow it.
  useEffect(() => setSelectedId(fromUrl), [fromUrl]);

  if (flows.length === 0) return null;
  const selected = flows.find((flow) => flow.id === selectedId) ?? flows[0]!;

  function select(id: FlowId) {
    setSelectedId(id);
    setSearchParams({ flow: id }, { replace: true, preventScrollReset: true });
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = flows.length - 1;
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % flows.length
        : event.key === "ArrowLeft"
          ? (index - 1 + flows.length) % flows.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const flow = flows[next];
    if (!flow) return;
    select(flow.id);
    tabs.current.get(flow.id)?.focus();
  }

  if (!hydrated) {
    return (
      <div>
        <nav aria-label={label}>
          <ul className="inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
            {flows.map((flow) => {
              const isSelected = flow.id === selected.id;
              return (
                <li key={flow.id}>
                  <Link
                    to={`${path}?flow=${flow.id}#${anchor}`}
                    aria-current={isSelected ? "true" : undefined}
                    className={tabClass(isSelected)}
                  >
                    {flow.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div id={panelId(selected.id)} className="mt-8">
          <FlowPanelContent flow={selected} />
        </div>
      </div>
    );
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
      >
        {flows.map((flow, index) => {
          const isSelected = flow.id === selected.id;
          return (
            <button
              key={flow.id}
              ref={(element) => {
                if (element) tabs.current.set(flow.id, element);
                else tabs.current.delete(flow.id);
              }}
              type="button"
              role="tab"
              id={tabId(flow.id)}
              aria-selected={isSelected}
              aria-controls={panelId(flow.id)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(flow.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={tabClass(isSelected)}
            >
              {flow.label}
            </button>
          );
        })}
      </div>
      {flows.map((flow) => (
        <div
          key={flow.id}
          role="tabpanel"
          id={panelId(flow.id)}
          aria-labelledby={tabId(flow.id)}
          hidden={flow.id !== selected.id}
          tabIndex={0}
          className="mt-8 rounded-2xl"
        >
          <FlowPanelContent flow={flow} />
        </div>
      ))}
    </div>
  );
}

function FlowPanelContent({ flow }: { flow: PaymentFlow }) {
  const m = useMessages(marketingMessages);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h3 className="text-2xl font-bold tracking-tight text-ink">{flow.title}</h3>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{flow.summary}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <h4 className="text-base font-semibold text-ink">{m.steps}</h4>
          <ol className="mt-4 grid gap-4 sm:grid-cols-3">
            {flow.steps.map((step, index) => (
              <li key={step.title} className="rounded-xl bg-slate-50 p-4">
                <span className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                  <span className="sr-only">{m.step} </span>
                  {index + 1}
                </span>
                <p className="mt-3 font-semibold text-ink">{step.title}</p>
                <p className="mt-1 text-sm text-slate-700">{step.body}</p>
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h4 className="text-base font-semibold text-ink">{m.useCases}</h4>
          <ul className="mt-4 list-disc space-y-1.5 pl-5 text-slate-700 marker:text-brand-700">
            {flow.useCases.map((useCase) => (
              <li key={useCase}>{useCase}</li>
            ))}
          </ul>
        </div>
      </div>
      <dl className="mt-8 grid gap-6 border-t border-slate-200 pt-6 sm:grid-cols-3">
        {flow.stats.map((stat) => (
          <Stat key={stat.label} value={stat.value} label={stat.label} />
        ))}
      </dl>
    </div>
  );
}
