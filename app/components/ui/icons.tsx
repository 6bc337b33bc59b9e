/**
 * The one set of line icons (24x24, stroke = currentColor) for every page: marketing, company
 * pages, tariff. Every icon is decorative: the text next to it carries the meaning, so the SVG is
 * hidden from assistive technology.
 */
import type { ReactNode } from "react";

const paths = {
  /** A vault door: institutional custody. */
  vault: (
    <>
      <rect x="3" y="4" width="18" height="15" rx="2" />
      <circle cx="12" cy="11.5" r="3.5" />
      <path d="M12 8v1.5M12 13.5V15M8.5 11.5H10M14 11.5h1.5M6 19v1.5M18 19v1.5" />
    </>
  ),
  /** A padlock: encryption. */
  lock: (
    <>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
      <path d="M8 10.5V7a4 4 0 0 1 8 0v3.5M12 14.5v2.5" />
    </>
  ),
  /** A pulse line on a screen: monitoring. */
  pulse: (
    <>
      <rect x="2.5" y="4" width="19" height="13" rx="2" />
      <path d="M5.5 11h3l1.5-3 2.5 6 1.5-3h4.5M9 20.5h6M12 17v3.5" />
    </>
  ),
  /** A key: access control. */
  key: (
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="M10.8 12.2 19.5 3.5M16.5 6.5l2.5 2.5M14 9l2 2" />
    </>
  ),
  /** A shield with a tick: security first. */
  shield: (
    <>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3Z" />
      <path d="m8.75 12 2.25 2.25 4.25-4.5" />
    </>
  ),
  /** A phone with a signal: accessibility (mobile money reaches everyone). */
  phone: (
    <>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2" />
      <path d="M10.5 18.5h3M9.5 9.5a3.5 3.5 0 0 1 5 0M11 11.25a1.4 1.4 0 0 1 2 0" />
    </>
  ),
  /** A light bulb: innovation. */
  bulb: (
    <>
      <path d="M9 17.5h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2v1.6h5v-1.6c0-.8.4-1.5 1-2A6 6 0 0 0 12 3Z" />
    </>
  ),
  /** Two linked rings: trust. */
  handshake: (
    <>
      <circle cx="9" cy="12" r="5" />
      <circle cx="15" cy="12" r="5" />
    </>
  ),
  /** A rosette: certification. */
  badge: (
    <>
      <circle cx="12" cy="9" r="6" />
      <path d="m9.5 9 1.75 1.75L14.75 7.5M8.5 14l-1.5 7 5-2.5 5 2.5-1.5-7" />
    </>
  ),
  /** A document with lines: paperwork. */
  document: (
    <>
      <path d="M14 2.5H7a2 2 0 0 0-2 2v15a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-12l-5-5Z" />
      <path d="M14 2.5v5h5M8.5 12.5h7M8.5 16h7" />
    </>
  ),
  /** A rocket: going live. */
  rocket: (
    <>
      <path d="M12 15.5 8.5 12C10 7 13.5 3.5 20.5 3.5c0 7-3.5 10.5-8.5 12Z" />
      <path d="M8.5 12H5l2.5-3.5h4M12 15.5V19l3.5-2.5v-4M6.5 17.5c-1 .5-2 2-2 3 1 0 2.5-1 3-2" />
      <circle cx="15.25" cy="8.75" r="1.25" />
    </>
  ),
  /** A tick in a circle. */
  /** A cross in a circle: ended without payment (expired, canceled). */
  xCircle: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6m0-6-6 6" />
    </>
  ),
  /** A warning triangle: needs attention. */
  warning: <path d="M12 4 2.5 20h19zM12 10v4.5m0 2.5v.5" />,
  checkCircle: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.25 2.75 2.75L16 9.5" />
    </>
  ),
  /** Angle brackets: code and integration. */
  code: (
    <>
      <path d="m8 7-5 5 5 5M16 7l5 5-5 5M13.5 4.5l-3 15" />
    </>
  ),
  /** A map pin: Nairobi. */
  pin: (
    <>
      <path d="M12 21.5s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11Z" />
      <circle cx="12" cy="10.5" r="2.5" />
    </>
  ),
  /** Coins stacked: settlement. */
  coins: (
    <>
      <ellipse cx="12" cy="6" rx="7" ry="2.5" />
      <path d="M5 6v4c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5V6M5 10v4c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-4M5 14v4c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-4" />
    </>
  ),
  exchange: (
    <>
      <path d="M4 8h14.5" />
      <path d="m15 4.5 3.5 3.5-3.5 3.5" />
      <path d="M20 16H5.5" />
      <path d="m9 12.5-3.5 3.5L9 19.5" />
    </>
  ),
  store: (
    <>
      <path d="M3.5 9.5 5 4h14l1.5 5.5" />
      <path d="M3.5 9.5a2.8 2.8 0 0 0 5.7 0 2.8 2.8 0 0 0 5.6 0 2.8 2.8 0 0 0 5.7 0" />
      <path d="M5 12v8.5h14V12" />
      <path d="M10 20.5v-5h4v5" />
    </>
  ),
  bolt: <path d="M13.5 2.5 5 13.5h6l-1 8 8.5-11h-6z" />,
  chart: (
    <>
      <path d="M3.5 20.5h17" />
      <path d="m4.5 15.5 5-5 3.5 3.5 6.5-7" />
      <path d="M15 7h4.5v4.5" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18" />
      <path d="M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </>
  ),
  star: <path d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8z" />,
  headset: (
    <>
      <path d="M4.5 14v-2a7.5 7.5 0 0 1 15 0v2" />
      <rect x="3.5" y="13.5" width="4" height="6" rx="1.5" />
      <rect x="16.5" y="13.5" width="4" height="6" rx="1.5" />
      <path d="M18.5 19.5c0 1.2-1.5 2-4 2H12" />
    </>
  ),
  tag: (
    <>
      <path d="M3.5 12.2V4.5a1 1 0 0 1 1-1h7.7l8.3 8.3a1.5 1.5 0 0 1 0 2.1l-6.2 6.2a1.5 1.5 0 0 1-2.1 0z" />
      <circle cx="8" cy="8" r="1.5" />
    </>
  ),
  plug: (
    <>
      <path d="M9 3v4.5M15 3v4.5" />
      <path d="M6.5 7.5h11V11a5.5 5.5 0 0 1-11 0z" />
      <path d="M12 16.5V21" />
    </>
  ),
  cart: (
    <>
      <path d="M2.5 3.5h2.6l2.3 11h10.8l2.3-8H6.3" />
      <circle cx="9" cy="19" r="1.5" />
      <circle cx="17" cy="19" r="1.5" />
    </>
  ),
  send: (
    <>
      <path d="M21 3 10.5 13.5" />
      <path d="M21 3 14.5 21l-4-7.5L3 9.5z" />
    </>
  ),
  building: (
    <>
      <path d="M4 21V5.5l8-3v18.5" />
      <path d="M12 8.5h8V21" />
      <path d="M2.5 21h19" />
      <path d="M7.5 8h1M7.5 12h1M7.5 16h1M15.5 12h1M15.5 16h1" />
    </>
  ),
  ramp: (
    <>
      <path d="M7 20V5" />
      <path d="m3.5 8.5 3.5-3.5 3.5 3.5" />
      <path d="M17 4v15" />
      <path d="m20.5 15.5-3.5 3.5-3.5-3.5" />
    </>
  ),
  wallet: (
    <>
      <path d="M19.5 7.5V5.5a1.5 1.5 0 0 0-1.5-1.5H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h14.5a1 1 0 0 0 1-1v-10a1 1 0 0 0-1-1H5a2 2 0 0 1-2-2" />
      <circle cx="16.5" cy="13.5" r="1.2" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.5 2" />
    </>
  ),
  /** A tick. */
  check: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  arrowRight: (
    <>
      <path d="M4 12h15" />
      <path d="m13.5 6 6 6-6 6" />
    </>
  ),
  arrowDown: (
    <>
      <path d="M12 4v15" />
      <path d="m6 13.5 6 6 6-6" />
    </>
  ),
} as const satisfies Record<string, ReactNode>;

export type IconName = keyof typeof paths;

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
      {paths[name]}
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
