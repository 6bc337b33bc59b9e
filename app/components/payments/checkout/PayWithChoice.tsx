/**
 * The checkout's choice of what to pay with (plain forms: they work without JavaScript). A payment
 * made in KES only offers every coin on every network, each with what it would cost now
 * (ADR 0052); one whose network was left open offers its asset's networks (ADR 0031).
 */
import { keepTogether } from "~/components/ui/keep-together";
import { buttonClass } from "~/components/ui";
import { checkoutMessages } from "~/i18n/catalogs/checkout";
import { useMessages } from "~/i18n/use-messages";

export interface ChoiceOption {
  /** The form value: a network id, or `ASSET:network` for a coin. */
  value: string;
  label: string;
  /** What this coin would cost ("6.22 USDT"), or null when it cannot be chosen now. */
  amount?: string | null;
  current: boolean;
}

function Options({ name, options }: { name: string; options: ChoiceOption[] }) {
  const m = useMessages(checkoutMessages).choice;
  return (
    <div className="mt-3 space-y-2">
      {options.map((option) => {
        const id = `${name}-${option.value.replace(":", "-")}`;
        const unavailable = option.amount === null;
        return (
          <div key={option.value} className="flex items-center gap-2">
            <input
              type="radio"
              id={id}
              name={name}
              value={option.value}
              defaultChecked={option.current}
              disabled={unavailable}
              className="h-5 w-5 shrink-0"
            />
            <label htmlFor={id} className={unavailable ? "text-slate-600" : "text-ink"}>
              {keepTogether(option.label)}
              {option.amount ? (
                <span className="text-slate-700">{` · ${option.amount}`}</span>
              ) : null}
              {option.current ? m.current : ""}
              {unavailable ? m.noRate : ""}
            </label>
          </div>
        );
      })}
    </div>
  );
}

export function PayWithChoice({
  asset,
  coins,
  networks,
  error,
}: {
  /** The payment's asset now. */
  asset: string;
  coins: ChoiceOption[];
  networks: ChoiceOption[];
  error?: string;
}) {
  const m = useMessages(checkoutMessages).choice;
  const message = error ? (
    <p role="alert" className="mt-3 font-medium text-red-800">
      {error}
    </p>
  ) : null;
  if (coins.length === 0 && networks.length < 2) return message;
  const coin = coins.length > 0;
  return (
    <form method="post" className="mt-4 rounded-xl border border-slate-200 p-4">
      <fieldset>
        <legend className="font-semibold text-ink">
          {coin ? m.coinLegend : m.networkLegend(asset)}
        </legend>
        <p className="mt-1 text-sm text-slate-700">{coin ? m.coinHint : m.networkHint}</p>
        {coin ? (
          <Options name="coin" options={coins} />
        ) : (
          <Options name="network" options={networks} />
        )}
      </fieldset>
      {message}
      <button type="submit" className={buttonClass("secondary", "mt-3")}>
        {coin ? m.payWithCoin : m.useNetwork}
      </button>
    </form>
  );
}
