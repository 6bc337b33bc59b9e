/**
 * The outlets the feed list starts with (protocols.md section 5). URLs marked unverified there are
 * seeded disabled, with a note, until an operator has checked them.
 */
export interface DefaultFeed {
  name: string;
  url: string;
  enabled: boolean;
  note: string | null;
}

const UNVERIFIED = "URL unverified (several projects mark it for review): check it, then enable.";

export const DEFAULT_FEEDS: readonly DefaultFeed[] = [
  {
    name: "CoinDesk",
    url: "https://www.coindesk.com/arc/outboundfeeds/rss/",
    enabled: true,
    note: null,
  },
  { name: "Cointelegraph", url: "https://cointelegraph.com/rss", enabled: true, note: null },
  { name: "The Block", url: "https://www.theblock.co/rss.xml", enabled: true, note: null },
  { name: "Decrypt", url: "https://decrypt.co/feed", enabled: true, note: null },
  {
    name: "Bitcoin Magazine",
    url: "https://bitcoinmagazine.com/.rss/full/",
    enabled: true,
    note: null,
  },
  { name: "CryptoSlate", url: "https://cryptoslate.com/feed/", enabled: true, note: null },
  { name: "TechCabal", url: "https://techcabal.com/feed/", enabled: true, note: null },
  { name: "Techpoint Africa", url: "https://techpoint.africa/feed/", enabled: true, note: null },
  { name: "Disrupt Africa", url: "https://disruptafrica.com/feed/", enabled: true, note: null },
  {
    name: "African Business",
    url: "https://african.business/feed",
    enabled: true,
    note: "Seen in one source only.",
  },
  {
    name: "Business Daily Africa",
    url: "https://www.businessdailyafrica.com/rss",
    enabled: false,
    note: UNVERIFIED,
  },
  {
    name: "Nation Africa (Kenya)",
    url: "https://nation.africa/kenya/rss.xml",
    enabled: false,
    note: UNVERIFIED,
  },
];
