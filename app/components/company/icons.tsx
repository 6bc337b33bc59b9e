/**
 * Line icons drawn for the company pages (About, Security, Onboarding, Tariff). Every icon is
 * decorative: the text next to it carries the meaning, so the SVG is hidden from assistive technology.
 */
import type { ReactNode } from "react";
import { cx } from "~/components/ui";

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
  check: (
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
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof paths;

/** A 24x24 stroked icon that inherits the text colour. Decorative only. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
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
      className={cx("h-6 w-6 shrink-0", className)}
    >
      {paths[name]}
    </svg>
  );
}

/** An icon on a soft brand-coloured tile, used at the top of cards. */
export function IconTile({ name }: { name: IconName }) {
  return (
    <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-inset ring-brand-100">
      <Icon name={name} />
    </span>
  );
}
