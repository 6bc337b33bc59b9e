import { footerMessages } from "~/i18n/catalogs/shell";
import { useMessages } from "~/i18n/use-messages";

/** Simple wordmarks for the mobile-money rails, drawn by us (not the operators' logos). */
const marks = [
  { name: "M-Pesa", text: "M-PESA", background: "#15803d", foreground: "#ffffff", size: 13 },
  {
    name: "Airtel Money",
    text: "airtel money",
    background: "#dc2626",
    foreground: "#ffffff",
    size: 11,
  },
  { name: "T-kash", text: "T-kash", background: "#1e3a8a", foreground: "#ffffff", size: 13 },
] as const;

export function PaymentMarks() {
  const m = useMessages(footerMessages);
  return (
    <ul className="flex flex-wrap gap-2" aria-label={m.paymentMethods}>
      {marks.map((mark) => (
        <li key={mark.name}>
          <svg viewBox="0 0 96 32" className="h-8 w-24" role="img" aria-label={mark.name}>
            <rect width="96" height="32" rx="6" fill={mark.background} />
            <text
              x="48"
              y="21"
              textAnchor="middle"
              fontFamily="system-ui, sans-serif"
              fontSize={mark.size}
              fontWeight="700"
              fill={mark.foreground}
            >
              {mark.text}
            </text>
          </svg>
        </li>
      ))}
    </ul>
  );
}
