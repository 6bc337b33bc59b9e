/**
 * The curation rules as operators see them (spec section 9); the values come from
 * core/news/rules.ts.
 */
export interface Criteria {
  windowDays: number;
  maxEmojis: number;
  minContentLength: number;
  requiredTopics: readonly string[];
  excludedTopics: readonly string[];
  schedule: string;
}

export function CriteriaPanel({ criteria }: { criteria: Criteria }) {
  const rules = [
    `Only items from the last ${criteria.windowDays} days`,
    "Duplicates detected by normalized title and URL (tracking parameters removed), within the run and against every stored article",
    "No ALL CAPS titles",
    `At most ${criteria.maxEmojis} emojis`,
    `Minimum content length: ${criteria.minContentLength} characters`,
  ];
  return (
    <section
      aria-labelledby="criteria-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="criteria-heading" className="text-xl font-bold text-ink">
        Curation criteria
      </h2>
      <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-800">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <h3 className="mt-5 font-semibold text-ink">Required topics (at least one)</h3>
      <p className="mt-1 text-slate-800">{criteria.requiredTopics.join(", ")}</p>
      <h3 className="mt-4 font-semibold text-ink">Excluded topics</h3>
      <p className="mt-1 text-slate-800">{criteria.excludedTopics.join(", ")}</p>
      <h3 className="mt-4 font-semibold text-ink">Schedule</h3>
      <p className="mt-1 text-slate-800">{criteria.schedule}, when auto-ingest is on.</p>
    </section>
  );
}
