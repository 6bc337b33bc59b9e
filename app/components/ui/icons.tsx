/**
 * The one set of line icons (24x24, stroke = currentColor) for every page: marketing, company
 * pages, tariff. Every icon is decorative: the text next to it carries the meaning, so the SVG is
 * hidden from assistive technology. The drawings live in sprite.svg, fetched once and cached with
 * the build, so no page's JavaScript carries them (ADR 0067).
 */
import spriteHref from "./sprite.svg";

/** The icons drawn in sprite.svg (sprite.test.ts holds the two equal). */
export type IconName =
  | "vault"
  | "lock"
  | "pulse"
  | "key"
  | "shield"
  | "phone"
  | "bulb"
  | "handshake"
  | "badge"
  | "document"
  | "rocket"
  | "xCircle"
  | "warning"
  | "checkCircle"
  | "code"
  | "pin"
  | "coins"
  | "exchange"
  | "store"
  | "bolt"
  | "chart"
  | "globe"
  | "star"
  | "headset"
  | "tag"
  | "plug"
  | "cart"
  | "send"
  | "building"
  | "ramp"
  | "wallet"
  | "clock"
  | "check"
  | "arrowRight"
  | "arrowDown";

/** A stroked icon that inherits the text colour; `className` sets its size (24px by default). */
export function Icon({
  name,
  className = "h-6 w-6 shrink-0",
}: {
  name: IconName;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={24}
      height={24}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}

/** The icon in a tinted rounded square, as used at the top of cards. */
export function IconBadge({
  name,
  tone = "brand",
}: {
  name: IconName;
  tone?: "brand" | "inverse";
}) {
  return (
    <span
      className={
        tone === "brand"
          ? "inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-inset ring-brand-100"
          : "inline-flex h-11 w-11 items-center justify-center rounded-xl bg-white/10 text-white ring-1 ring-inset ring-white/20"
      }
    >
      <Icon name={name} />
    </span>
  );
}
