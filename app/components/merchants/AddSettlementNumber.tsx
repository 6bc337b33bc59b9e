import { ButtonLink, cx } from "~/components/ui";
import { Icon } from "~/components/ui/icons";
import { dashboardMessages } from "~/i18n/catalogs/dashboard";
import { useMessages } from "~/i18n/use-messages";
import * as paths from "~/utils/paths";

/**
 * The call to action a merchant without a settlement (M-Pesa) number sees on Create Payment (the
 * dashboard has it as the first step of its checklist): until one is added, confirmed payments
 * cannot be paid out.
 */
export function AddSettlementNumber({ className }: { className?: string }) {
  const m = useMessages(dashboardMessages).addSettlement;
  return (
    <section
      aria-labelledby="add-settlement-number-title"
      className={cx(
        "flex flex-col gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:flex-row sm:items-center sm:justify-between",
        className,
      )}
    >
      <div className="flex gap-3">
        <Icon name="phone" className="mt-0.5 h-6 w-6 shrink-0 text-amber-800" />
        <div>
          <h2 id="add-settlement-number-title" className="font-semibold text-amber-950">
            {m.title}
          </h2>
          <p className="mt-1 text-sm text-amber-950">{m.body}</p>
        </div>
      </div>
      <ButtonLink to={paths.merchantSettings} className="shrink-0">
        {m.action}
      </ButtonLink>
    </section>
  );
}
