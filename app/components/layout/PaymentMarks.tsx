import spriteHref from "~/components/ui/sprite.svg";
import { footerMessages } from "~/i18n/catalogs/shell";
import { useMessages } from "~/i18n/use-messages";

/**
 * Simple wordmarks for the mobile-money rails, drawn by us (not the operators' logos), in the
 * sprite (`rail-*`); each names itself.
 */
export const railMarks = [
  { name: "M-Pesa", id: "rail-mpesa" },
  { name: "Airtel Money", id: "rail-airtel" },
  { name: "T-kash", id: "rail-tkash" },
] as const;

export function PaymentMarks() {
  const m = useMessages(footerMessages);
  return (
    <ul className="flex flex-wrap gap-2" aria-label={m.paymentMethods}>
      {railMarks.map((mark) => (
        <li key={mark.name}>
          <svg viewBox="0 0 96 32" className="h-8 w-24" role="img" aria-label={mark.name}>
            <use href={`${spriteHref}#${mark.id}`} />
          </svg>
        </li>
      ))}
    </ul>
  );
}
