/**
 * Monitoring rules for compliance operators (/admin/compliance/monitoring, issue 31, item 3; ADR
 * 0056): each rule with what it looks for, on or off and its thresholds (one form per rule, checked
 * on the server, every change audited), "Run now", and the recent alerts with their cases. Plain
 * forms: everything works without JavaScript.
 */
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { caseStatusLabels } from "~/components/admin/compliance/case-labels";
import { RuleForm } from "~/components/admin/compliance/RuleForm";
import { ConsolePage } from "~/components/app/ConsolePage";
import { SubmitButton } from "~/components/ui/form";
import { ResponsiveTable } from "~/components/ui/ResponsiveTable";
import { monitoringPage } from "~/content/monitoring-rules";
import {
  checkThresholds,
  monitoringRules,
  ruleDefinition,
} from "~/core/compliance/monitoring/rules";
import { monitoringRuleKeys, type MonitoringRuleKey } from "~/core/compliance/vocabulary";
import { formatEatDateTime } from "~/utils/format";
import { privatePageHeaders } from "~/utils/http";
import { requireOperator } from "~/utils/operator-auth.server";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { jsonWithError, redirectWithSuccess } from "~/utils/toast.server";
import { monitoring } from "~/wiring/monitoring.server";

const PAGE = paths.adminMonitoring;
const ROLES = ["compliance"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request, [...ROLES]);
  const service = monitoring();
  const [settings, alerts] = await Promise.all([service.ruleSettings(), service.recentAlerts()]);
  return {
    rules: settings.map((each) => ({
      ...each,
      changed:
        each.updatedAt === null
          ? null
          : `Changed ${formatEatDateTime(each.updatedAt)} EAT by ${each.updatedBy ?? "an operator"}.`,
    })),
    alerts,
    schedule: service.scheduleLabel,
  };
}

export type MonitoringActionData = {
  rule: MonitoringRuleKey | null;
  values: Record<string, string>;
  errors: Record<string, string>;
};

const isRule = (value: unknown): value is MonitoringRuleKey =>
  typeof value === "string" && (monitoringRuleKeys as readonly string[]).includes(value);

export async function action({ request }: ActionFunctionArgs) {
  const operator = await requireOperator(request, [...ROLES]);
  const form = await request.formData();
  const now = Date.now();
  if (form.get("intent") === "run") {
    const run = await monitoring().runMonitoring({ now });
    return redirectWithSuccess(PAGE, monitoringPage.ran(run.raised.length));
  }
  const rule = form.get("rule");
  const values = Object.fromEntries(
    [...form.entries()].map(([key, value]) => [
      key,
      typeof value === "string" ? value.slice(0, 40) : "",
    ]),
  );
  if (!isRule(rule))
    return jsonWithError<MonitoringActionData>(
      { rule: null, values, errors: { form: monitoringPage.unknownRule } },
      { message: monitoringPage.notSaved, description: monitoringPage.unknownRule },
      { status: 400 },
    );
  const checked = checkThresholds(rule, values);
  if (!checked.ok)
    return jsonWithError<MonitoringActionData>(
      { rule, values, errors: checked.errors },
      { message: monitoringPage.notSaved, description: Object.values(checked.errors)[0] },
      { status: 400 },
    );
  const changed = await monitoring().saveRuleSettings({
    rule,
    enabled: form.get("enabled") === "on",
    thresholds: checked.thresholds,
    operatorId: operator.id,
    now,
  });
  const title = ruleDefinition(rule).title;
  return redirectWithSuccess(
    `${PAGE}#rule-${rule}-title`,
    changed ? monitoringPage.saved(title) : monitoringPage.unchanged(title),
  );
}

const ruleTitles = Object.fromEntries(
  monitoringRules.map((rule) => [rule.key, rule.title]),
) as Record<MonitoringRuleKey, string>;

export default function MonitoringRulesPage() {
  const { rules, alerts, schedule } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as MonitoringActionData | undefined;
  return (
    <ConsolePage title={monitoringPage.title}>
      <p className="max-w-3xl text-slate-700">{monitoringPage.intro}</p>
      <p className="mt-2 text-slate-700">{`Schedule: ${schedule}.`}</p>
      {refused?.errors.form ? (
        <p className="mt-4 font-medium text-red-800" role="alert">
          {refused.errors.form}
        </p>
      ) : null}

      <h2 className="mt-8 text-xl font-semibold text-ink">{monitoringPage.alertsHeading}</h2>
      {alerts.length === 0 ? (
        <p className="mt-3 text-slate-700">{monitoringPage.noAlerts}</p>
      ) : (
        <ResponsiveTable
          caption={monitoringPage.alertsHeading}
          rows={alerts}
          rowKey={(row) => row.id}
          title={{
            heading: "Case",
            cell: (row) =>
              row.caseId ? (
                <Link
                  to={paths.adminCase(row.caseId)}
                  className="font-semibold text-brand-800 underline"
                >
                  {row.caseTitle ?? row.caseId}
                </Link>
              ) : (
                row.id
              ),
            detail: (row) => row.id,
          }}
          columns={[
            { heading: "Rule", cell: (row) => ruleTitles[row.rule] },
            { heading: "Merchant", cell: (row) => row.merchantId ?? "Several or none" },
            { heading: "Raised (EAT)", cell: (row) => formatEatDateTime(row.createdAt) },
            {
              heading: "Case status",
              cell: (row) => (row.caseStatus ? caseStatusLabels[row.caseStatus] : "No case"),
            },
          ]}
        />
      )}

      <Form method="post" className="mt-6 space-y-2">
        <h2 className="text-xl font-semibold text-ink">{monitoringPage.runHeading}</h2>
        <p className="text-slate-700">{monitoringPage.runHint}</p>
        <input type="hidden" name="intent" value="run" />
        <SubmitButton pendingLabel="Running…" variant="secondary">
          Run now
        </SubmitButton>
      </Form>

      <h2 className="mt-10 text-xl font-semibold text-ink">{monitoringPage.rulesHeading}</h2>
      <div className="mt-4 space-y-6">
        {rules.map((rule) => (
          <RuleForm
            key={rule.rule}
            definition={ruleDefinition(rule.rule)}
            enabled={rule.enabled}
            thresholds={rule.thresholds}
            changed={rule.changed}
            refused={refused?.rule === rule.rule ? refused : undefined}
          />
        ))}
      </div>
    </ConsolePage>
  );
}

export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: monitoringPage.title,
    description: "Monitoring rules, their thresholds and recent alerts.",
    path: paths.adminMonitoring,
    noindex: true,
  });
