/**
 * Feed HTML to our plain text. Everything that comes out of a feed goes through here before it is
 * stored: no tag, script, style or URL scheme survives, and the result is written in the blog's
 * text format (paragraphs separated by blank lines, "## " headings, "- " bullets, "1. " numbered
 * lines).
 */
import { compile, type HtmlToTextOptions } from "html-to-text";

const htmlOptions: HtmlToTextOptions = {
  wordwrap: false,
  decodeEntities: true,
  selectors: [
    { selector: "a", options: { ignoreHref: true } },
    { selector: "img", format: "skip" },
    { selector: "picture", format: "skip" },
    { selector: "video", format: "skip" },
    { selector: "audio", format: "skip" },
    { selector: "iframe", format: "skip" },
    { selector: "object", format: "skip" },
    { selector: "embed", format: "skip" },
    { selector: "svg", format: "skip" },
    { selector: "noscript", format: "skip" },
    { selector: "form", format: "skip" },
    { selector: "button", format: "skip" },
    { selector: "figcaption", format: "skip" },
    {
      selector: "h1",
      format: "heading",
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
    },
    {
      selector: "h2",
      format: "heading",
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
    },
    {
      selector: "h3",
      format: "heading",
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
    },
    {
      selector: "h4",
      format: "heading",
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
    },
    {
      selector: "h5",
      format: "heading",
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
    },
    {
      selector: "h6",
      format: "heading",
      options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
    },
    { selector: "ul", options: { itemPrefix: "- " } },
    { selector: "table", format: "block" },
    { selector: "tr", format: "block" },
    { selector: "td", format: "inline" },
    { selector: "th", format: "inline" },
  ],
};

/** Compiled once: html-to-text builds its selector machinery per options object. */
const convert = compile(htmlOptions);

/** Characters XML 1.0 forbids, plus lone surrogates and the byte-order mark. */
const INVALID_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Drop a leading BOM and every character XML 1.0 does not allow (feeds do ship them). */
export function stripInvalidCharacters(text: string): string {
  return text.replace(INVALID_CHARACTERS, "");
}

const TAG_LIKE = /<\/?[a-z!][^<>]*>/i;
/** Text still entity-encoded after a pass (`&lt;p&gt;`, `&#039;`): it was encoded twice. */
const ENCODED = /&(?:[a-z][a-z0-9]{1,31}|#\d{1,7}|#x[0-9a-f]{1,6});/i;
const SCRIPT_SCHEMES = /\b(?:javascript|vbscript)\s*:/gi;

/**
 * HTML (or text that may hold HTML, entity-encoded once or more) to plain text. Encoded markup
 * (`&amp;lt;p&amp;gt;`) decodes to tags or to `&lt;p&gt;` on a pass, so further passes run while
 * tags or encoded tags remain (at most three more); whatever still looks like a tag after that is
 * removed, and script-capable URL schemes are cut out of the text.
 */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return "";
  let text = convert(stripInvalidCharacters(html));
  for (let pass = 0; pass < 3 && (TAG_LIKE.test(text) || ENCODED.test(text)); pass++)
    text = convert(text);
  text = text.replace(/<\/?[a-z!][^<>]*>/gi, " ").replace(SCRIPT_SCHEMES, "");
  return tidy(text);
}

/** WordPress and aggregator boilerplate at the end of summaries. */
const BOILERPLATE = [
  /\s*The post .{1,300}? appeared first on .{1,200}?\.?\s*$/is,
  /\s*\[(?:…|\.\.\.|&#8230;)\]\s*$/,
  /\s*(?:Read|Continue reading)(?: more| the full (?:story|article))?(?:\.\.\.|…)?\s*$/i,
];

/** Collapse whitespace inside lines, keep paragraph breaks, trim boilerplate. */
function tidy(text: string): string {
  let result = text
    .replace(/\r\n?/g, "\n")
    .replace(/[\t\f\v\u00A0\u2000-\u200B\u202F\u205F\u3000]+/g, " ")
    .split("\n")
    .map((line) => line.replace(/ {2,}/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  for (const pattern of BOILERPLATE) result = result.replace(pattern, "").trim();
  return result;
}

/** One line of plain text (titles): markup and line breaks removed. */
export function toSingleLine(html: string | null | undefined): string {
  return htmlToPlainText(html).replace(/\s+/g, " ").trim();
}

/**
 * Plain text to the blog body format. Paragraph breaks are kept; a line that would read as one of
 * our markers by accident ("## ", "- ", "1. ") is kept as the list or heading it was in the HTML,
 * which is harmless: the body is rendered as React text either way.
 */
export function toArticleBody(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((block) =>
      block
        .split("\n")
        .map((line) => line.replace(/^\s*(\d+)\.\s+/, "$1. ").replace(/^\s*[*•]\s+/, "- "))
        .join("\n")
        .trim(),
    )
    .filter((block) => block.length > 0)
    .join("\n\n");
}

/** The first sentences of `text` up to about `max` characters, cut at a word boundary. */
export function excerpt(text: string, max = 280): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const sentences = flat.match(/[^.!?]+[.!?]+(?:\s|$)/g) ?? [];
  let result = "";
  for (const sentence of sentences) {
    if ((result + sentence).trim().length > max) break;
    result += sentence;
  }
  if (result.trim().length >= max / 3) return result.trim();
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2)).trim()}…`;
}
