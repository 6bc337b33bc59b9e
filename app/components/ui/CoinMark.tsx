/**
 * Our own simple marks for the supported cryptocurrencies: small SVGs drawn by us (a coloured
 * disc with a white glyph in the spirit of each coin's logo), no letters and no one else's files.
 * The drawings live in sprite.svg (`coin-BTC`, …), fetched once and cached with the build.
 * They are decorative: the coin's name is always written next to the mark, so the SVG is
 * aria-hidden.
 */
import type { CryptoSymbol } from "~/content/cryptocurrencies";
import { cx } from "./index";
import spriteHref from "./sprite.svg";

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
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cx("shrink-0", sizes[size], className)}
      data-coin-mark={symbol}
    >
      <use href={`${spriteHref}#coin-${symbol}`} />
    </svg>
  );
}
