import { ButtonLink, cx } from "~/components/ui";
import { Icon } from "~/components/ui/icons";
import { paths } from "~/utils/paths";

/**
 * The call to action a merchant without a settlement (M-Pesa) number sees on Create Payment (the
 * dashboard has it as the first step of its checklist): until one is added, confirmed payments
 * cannot be paid out.
 */
export function AddSettlementNumber({ className }: { className?: string }) {
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
            No settlement number yet
          </h2>
          <p className="mt-1 text-sm text-amber-950">
            We pay you in KES to an M-Pesa number. Until you add one, the payments your customers
            make wait with us and are not paid out.
          </p>
        </div>
      </div>
      <ButtonLink to={paths.merchantSettings} className="shrink-0">
        Add your settlement number
      </ButtonLink>
    </section>
  );
}
