/**
 * Our own simple marks for the supported cryptocurrencies: small inline SVGs drawn here (a coloured
 * disc with a white glyph in the spirit of each coin's logo), no letters and no external files.
 * They are decorative: the coin's name is always written next to the mark, so the SVG is
 * aria-hidden.
 */
import type { ReactNode } from "react";
import type { CryptoSymbol } from "~/content/cryptocurrencies";
import { cx } from "./index";

const white = { fill: "#ffffff" } as const;
const line = {
  fill: "none",
  stroke: "#ffffff",
  strokeWidth: 2.2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** The Bitcoin "B" with its four ticks, upright; BTC tilts it one way and BCH the other. */
const bitcoinB = (
  <>
    <path
      {...line}
      d="M12.5 9.5h5.2a3.2 3.2 0 0 1 0 6.4h-5.2zM12.5 15.9h6a3.3 3.3 0 0 1 0 6.6h-6z"
    />
    <path {...line} strokeWidth={1.8} d="M14.3 7v2.5M17.3 7v2.5M14.3 22.5V25M17.3 22.5V25" />
  </>
);

/** A ring of `count` shapes drawn by `at` around the centre. */
function ring(count: number, radius: number, at: (x: number, y: number, i: number) => ReactNode) {
  return Array.from({ length: count }, (_, i) => {
    const angle = (i / count) * 2 * Math.PI - Math.PI / 2;
    const x = Math.round((16 + radius * Math.cos(angle)) * 100) / 100;
    const y = Math.round((16 + radius * Math.sin(angle)) * 100) / 100;
    return at(x, y, i);
  });
}

const marks: Record<CryptoSymbol, { background: string; glyph: ReactNode }> = {
  BTC: { background: "#f7931a", glyph: <g transform="rotate(14 16 16)">{bitcoinB}</g> },
  ETH: {
    background: "#627eea",
    glyph: (
      <>
        <path {...white} fillOpacity={0.65} d="M16 5v8.1l6.9 3.1z" />
        <path {...white} d="M16 5 9.1 16.2l6.9-3.1z" />
        <path {...white} fillOpacity={0.65} d="M16 21.4V27l6.9-9.6z" />
        <path {...white} d="M16 27v-5.6l-6.9-4z" />
        <path {...white} fillOpacity={0.4} d="m16 20.1 6.9-3.9-6.9-3.1z" />
        <path {...white} fillOpacity={0.8} d="m9.1 16.2 6.9 3.9v-7z" />
      </>
    ),
  },
  USDT: {
    background: "#26a17b",
    glyph: (
      <>
        <path {...white} d="M9 8.5h14v3.6h-5.2V24h-3.6V12.1H9z" />
        <ellipse cx="16" cy="15.2" rx="7.6" ry="2.3" {...line} strokeWidth={1.4} />
      </>
    ),
  },
  USDC: {
    background: "#2775ca",
    glyph: (
      <>
        <path
          {...line}
          strokeWidth={1.6}
          d="M12 7.4a9.5 9.5 0 0 0 0 17.2M20 7.4a9.5 9.5 0 0 1 0 17.2"
        />
        <path
          {...line}
          strokeWidth={1.8}
          d="M19 13c-.5-1.3-1.7-2-3.1-2-1.8 0-3.1.9-3.1 2.3 0 3.2 6.5 1.6 6.5 5 0 1.5-1.4 2.6-3.4 2.6-1.6 0-2.9-.7-3.4-2M16 8.8v2.2M16 21v2.2"
        />
      </>
    ),
  },
  BNB: {
    background: "#f0b90b",
    glyph: (
      <>
        <path {...white} d="m16 12.4 3.6 3.6-3.6 3.6-3.6-3.6z" />
        <path {...white} d="m16 6.5 6 6-2 2-4-4-4 4-2-2zM16 25.5l-6-6 2-2 4 4 4-4 2 2z" />
        <path {...white} d="m8.2 14 2 2-2 2-2-2zM23.8 14l2 2-2 2-2-2z" />
      </>
    ),
  },
  XRP: {
    background: "#23292f",
    glyph: (
      <path {...line} d="M9 9.5l4.2 4a4 4 0 0 0 5.6 0l4.2-4M9 22.5l4.2-4a4 4 0 0 1 5.6 0l4.2 4" />
    ),
  },
  ADA: {
    background: "#0033ad",
    glyph: (
      <>
        {ring(6, 4.6, (x, y, i) => (
          <circle key={`a${i}`} cx={x} cy={y} r={1.6} {...white} />
        ))}
        {ring(6, 9, (x, y, i) => (
          <circle key={`b${i}`} cx={x} cy={y} r={1} {...white} />
        ))}
      </>
    ),
  },
  SOL: {
    background: "#14141f",
    glyph: (
      <>
        <path fill="#14f195" d="M11 9.5h13l-3 3H8z" />
        <path fill="#9945ff" d="M8 14.5h13l3 3H11z" />
        <path fill="#19fb9b" d="M11 19.5h13l-3 3H8z" />
      </>
    ),
  },
  DOGE: {
    background: "#ba9f33",
    glyph: <path {...line} d="M12.5 9h3.5a7 7 0 0 1 0 14h-3.5zM10 16h7" />,
  },
  DOT: {
    background: "#e6007a",
    glyph: (
      <>
        {ring(6, 7.5, (x, y, i) => (
          <ellipse
            key={i}
            cx={x}
            cy={y}
            rx={2.6}
            ry={1.7}
            transform={`rotate(${i * 60} ${x} ${y})`}
            {...white}
          />
        ))}
        <circle cx="16" cy="16" r="2.2" {...white} />
      </>
    ),
  },
  DAI: {
    background: "#f5ac37",
    glyph: <path {...line} d="M12 9h4a7 7 0 0 1 0 14h-4zM9.5 14.2h13M9.5 17.8h13" />,
  },
  MATIC: {
    background: "#8247e5",
    glyph: (
      <path
        {...line}
        strokeWidth={2}
        d="m13.5 13.4-3-1.7-3 1.7v3.5l3 1.7 3-1.7v-5.6l3-1.7 3 1.7v1.6m-1 3.9 3 1.7 3-1.7v-3.5l-3-1.7-3 1.7v5.6l-3 1.7-3-1.7v-1.6"
      />
    ),
  },
  SHIB: {
    background: "#e42d04",
    glyph: (
      <>
        <ellipse cx="16" cy="19.5" rx="4.6" ry="3.8" {...white} />
        <circle cx="10.2" cy="14.5" r="1.9" {...white} />
        <circle cx="13.6" cy="10.8" r="1.9" {...white} />
        <circle cx="18.4" cy="10.8" r="1.9" {...white} />
        <circle cx="21.8" cy="14.5" r="1.9" {...white} />
      </>
    ),
  },
  TRX: {
    background: "#eb0029",
    glyph: (
      <path {...line} strokeWidth={1.8} d="m8 8.5 16 3.2-8.3 11.8zm0 0 7.7 15M24 11.7l-8.3 3.6" />
    ),
  },
  AVAX: {
    background: "#e84142",
    glyph: (
      <>
        <path {...white} d="M14.2 8.6a1 1 0 0 1 1.7 0l1.9 3.3-5.3 9.6H8.3a.8.8 0 0 1-.7-1.2z" />
        <path
          {...white}
          d="M19.7 15.2a1 1 0 0 1 1.7 0l3.6 6.1a.8.8 0 0 1-.7 1.2h-7.2a.8.8 0 0 1-.7-1.2z"
        />
      </>
    ),
  },
  LEO: {
    background: "#3b3b3b",
    glyph: (
      <path {...line} strokeWidth={2} d="M16 7.5 23.4 11.8v8.4L16 24.5l-7.4-4.3v-8.4zM16 12v8" />
    ),
  },
  LTC: {
    background: "#345d9d",
    glyph: <path {...line} strokeWidth={2.4} d="M14 8.5 12 22.5h9M9.5 17.5l7.5-3" />,
  },
  XLM: {
    background: "#14141f",
    glyph: (
      <>
        <path
          {...line}
          strokeWidth={1.8}
          d="M22.2 11.6a7.4 7.4 0 0 0-13.2 6.4M9.8 20.4a7.4 7.4 0 0 0 13.2-6.4"
        />
        <path {...line} strokeWidth={1.8} d="M7 19.5 25 11.2M7 21.6l18-8.3" />
      </>
    ),
  },
  BCH: { background: "#0ac18e", glyph: <g transform="rotate(-28 16 16)">{bitcoinB}</g> },
};

const sizes = { sm: "h-7 w-7", md: "h-10 w-10" } as const;

/** The mark of one coin: a decorative SVG disc, to sit next to the coin's written name. */
export function CoinMark({
  symbol,
  size = "md",
  className,
}: {
  symbol: CryptoSymbol;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const mark = marks[symbol];
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cx("shrink-0", sizes[size], className)}
      data-coin-mark={symbol}
    >
      <circle cx="16" cy="16" r="16" fill={mark.background} />
      {mark.glyph}
    </svg>
  );
}
