/**
 * Inline line icons drawn for the marketing pages (24x24, stroke = currentColor). Every icon is
 * decorative: hidden from assistive technology, the text next to it carries the meaning.
 */
import type { ReactNode } from "react";

const paths = {
  phone: (
    <>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </>
  ),
  lock: (
    <>
      <rect x="4.5" y="10.5" width="15" height="10.5" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
      <path d="M12 14.5v2.5" />
    </>
  ),
  shield: (
    <>
      <path d="M12 2.8 4.5 5.7v5.6c0 4.6 3.1 8.6 7.5 9.9 4.4-1.3 7.5-5.3 7.5-9.9V5.7z" />
      <path d="m8.8 12 2.3 2.3 4.3-4.6" />
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
  vault: (
    <>
      <rect x="3" y="4" width="18" height="15" rx="2" />
      <circle cx="12" cy="11.5" r="3.5" />
      <path d="M12 8v1M12 14v1M8.5 11.5h1M14.5 11.5h1" />
      <path d="M6.5 19v2M17.5 19v2" />
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
  code: (
    <>
      <path d="m8 7-5 5 5 5" />
      <path d="m16 7 5 5-5 5" />
      <path d="m13.5 4.5-3 15" />
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

export function Icon({ name, className = "h-6 w-6" }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
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
export function IconBadge({ name, tone = "brand" }: { name: IconName; tone?: "brand" | "inverse" }) {
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
