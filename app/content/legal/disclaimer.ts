/** Blog content disclaimer (/blog/disclaimer). */
import { company } from "../company";
import type { LegalDocument } from "./types";
import * as paths from "~/utils/paths";

export const disclaimer: LegalDocument = {
  title: "Blog Content Disclaimer",
  description: `What you should know before relying on news, explainers and product updates published on the ${company.brand} blog.`,
  path: paths.blogDisclaimer,
  lastUpdated: "March 2024",
  intro: [
    {
      kind: "p",
      text: `The ${company.brand} blog shares news, explainers and product updates about stablecoins, crypto payments, settlement and regulation in Kenya and across Africa. It is published by ${company.legalName} for general information. By reading it you accept the points below.`,
    },
  ],
  sections: [
    {
      id: "not-financial-advice",
      title: "Not financial advice",
      blocks: [
        {
          kind: "p",
          text: "Nothing on the blog is financial, investment, legal, tax or accounting advice, or an offer or recommendation to buy, sell or hold any crypto asset or to use any particular service. Articles do not take your personal circumstances into account.",
        },
        {
          kind: "p",
          text: "Before making a financial or business decision, do your own research and speak to a qualified, licensed adviser.",
        },
      ],
    },
    {
      id: "curated-news",
      title: "Curated third-party news",
      blocks: [
        {
          kind: "p",
          text: "Many items in our News category are short summaries of stories first published by independent news outlets. We select them for relevance to merchants, such as stablecoins, on-ramps and off-ramps, merchant payments, settlement and compliance, and we leave out airdrops, giveaways, meme coins, price predictions, gambling, NFTs and sponsored content.",
        },
        {
          kind: "p",
          text: "Every curated item names its original source and links to it. The original outlet owns its reporting and remains responsible for it; our summary is not a substitute for reading the full article. If you own content we have summarised and want it changed or removed, contact us using the details below.",
        },
      ],
    },
    {
      id: "accuracy",
      title: "Accuracy and timeliness",
      blocks: [
        {
          kind: "p",
          text: "We take care to summarise sources fairly, but we cannot verify every fact reported by third parties, and we make no guarantee that any article is complete, accurate or up to date. Regulations, fees, limits and market conditions change quickly, and an article reflects the position on its publication date only.",
        },
        {
          kind: "p",
          text: "For the current terms of our own services, always rely on our Terms and Conditions, Tariff Schedule and Compliance pages rather than blog posts.",
        },
      ],
    },
    {
      id: "forward-looking-statements",
      title: "Forward-looking statements",
      blocks: [
        {
          kind: "p",
          text: "Some articles, including product updates, describe plans, expectations or forecasts, for example about new features, market growth or regulatory timelines. These statements are based on information available when written and involve risks and uncertainties. Actual results may differ materially, and we have no duty to update them.",
        },
      ],
    },
    {
      id: "crypto-risk",
      title: "Crypto asset risks",
      blocks: [
        { kind: "p", text: "Crypto assets carry significant risks. In particular:" },
        {
          kind: "ul",
          items: [
            "prices can move sharply in minutes, and you can lose some or all of the value you hold;",
            "stablecoins can lose their peg to the currency they track;",
            "blockchain transactions cannot be reversed, and funds sent to the wrong address or network may be lost for good;",
            "crypto assets are not legal tender in Kenya and are not protected by deposit insurance;",
            "laws and tax rules for crypto assets are changing in Kenya and elsewhere.",
          ],
        },
      ],
    },
    {
      id: "external-links",
      title: "External links and no endorsement",
      blocks: [
        {
          kind: "p",
          text: "The blog links to third-party websites, including news outlets, data providers and project pages. We do not control those sites and are not responsible for their content, accuracy, availability or privacy practices. Visiting them is at your own risk.",
        },
        {
          kind: "p",
          text: "Mentioning or linking to a company, product, crypto asset, person or outlet does not mean we endorse it or have a relationship with it. We are not paid to publish any article, and any partnership we write about is identified as such.",
        },
      ],
    },
    {
      id: "corrections",
      title: "Corrections and contact",
      blocks: [
        {
          kind: "p",
          text: `If you find an error, a broken attribution or an outdated statement, please e-mail ${company.supportEmail} with the article link and the correction. We review every report and, where we agree, correct the article promptly and note significant corrections in it.`,
        },
        {
          kind: "p",
          text: `You can also write to ${company.legalName}, ${company.postalAddress.join(", ")}.`,
        },
      ],
    },
  ],
};
