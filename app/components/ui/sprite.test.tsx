import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { railMarks } from "~/components/layout/PaymentMarks";
import { cryptocurrencies, type CryptoSymbol } from "~/content/cryptocurrencies";
import { CoinMark } from "./CoinMark";
import { Icon, type IconName } from "./icons";

const sprite = readFileSync(new URL("./sprite.svg", import.meta.url), "utf8");
const symbolIds = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);

/** Every icon name, once: tsc fails here when a name is added to or taken out of `IconName`. */
const everyIcon: Record<IconName, true> = {
  vault: true,
  lock: true,
  pulse: true,
  key: true,
  shield: true,
  phone: true,
  bulb: true,
  handshake: true,
  badge: true,
  document: true,
  rocket: true,
  xCircle: true,
  warning: true,
  checkCircle: true,
  code: true,
  pin: true,
  coins: true,
  exchange: true,
  store: true,
  bolt: true,
  chart: true,
  globe: true,
  star: true,
  headset: true,
  tag: true,
  plug: true,
  cart: true,
  send: true,
  building: true,
  ramp: true,
  wallet: true,
  clock: true,
  check: true,
  arrowRight: true,
  arrowDown: true,
};

describe("the SVG sprite", () => {
  it("draws every icon name, every coin's mark and every rail's wordmark, and nothing else", () => {
    const coinIds = cryptocurrencies.map((coin) => `coin-${coin.symbol}`);
    const railIds = railMarks.map((mark) => mark.id);
    expect([...symbolIds].sort()).toEqual(
      [...Object.keys(everyIcon), ...coinIds, ...railIds].sort(),
    );
    expect(new Set(symbolIds).size).toBe(symbolIds.length);
  });

  it("gives every symbol a view box and a drawing", () => {
    for (const [, id, viewBox, drawing] of sprite.matchAll(
      /<symbol id="([^"]+)" viewBox="([^"]+)">(.*?)<\/symbol>/g,
    )) {
      const size = id?.startsWith("coin-")
        ? "0 0 32 32"
        : id?.startsWith("rail-")
          ? "0 0 96 32"
          : "0 0 24 24";
      expect(viewBox, id).toBe(size);
      expect(drawing, id).toMatch(/<(path|circle|rect|ellipse|g)\b/);
    }
  });

  it("is what Icon and CoinMark point at, decorative and hidden from assistive technology", () => {
    const icon = renderToStaticMarkup(<Icon name="vault" />);
    expect(icon).toMatch(/<use href="[^"]*sprite[^"]*\.svg#vault"/);
    expect(icon).toContain('aria-hidden="true"');
    const coin = renderToStaticMarkup(<CoinMark symbol={"BTC" satisfies CryptoSymbol} />);
    expect(coin).toMatch(/<use href="[^"]*sprite[^"]*\.svg#coin-BTC"/);
    expect(coin).toContain('aria-hidden="true"');
  });
});
