import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { keepTogether } from "./keep-together";

const html = (text: string) => renderToStaticMarkup(<p>{keepTogether(text)}</p>);

describe("keepTogether", () => {
  it("keeps M-Pesa, token standards and KES amounts on one line, the text unchanged", () => {
    expect(html("From Crypto to M-Pesa in one hop")).toBe(
      '<p>From Crypto to <span class="whitespace-nowrap">M-Pesa</span> in one hop</p>',
    );
    expect(html("Ethereum (ERC-20)")).toBe(
      '<p>Ethereum (<span class="whitespace-nowrap">ERC-20</span>)</p>',
    );
    expect(html("Pay KES 11,664,684.96 now")).toBe(
      '<p>Pay <span class="whitespace-nowrap">KES 11,664,684.96</span> now</p>',
    );
  });

  it("leaves other text as it is", () => {
    expect(html("Bitcoin")).toBe("<p>Bitcoin</p>");
    expect(html("well-known")).toBe("<p>well-known</p>");
  });
});
