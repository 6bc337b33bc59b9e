/**
 * The blog's body format (see `Article.body` in app/content/articles/types.ts) parsed into blocks
 * the page renders as React elements. Plain text in, plain text out: nothing here is ever HTML.
 */

export type BodyBlock =
  | { kind: "heading"; level: 2 | 3; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "bullets"; items: string[] }
  | { kind: "numbered"; start: number; items: string[] };

const HEADING = /^(#{2,3}) +(.+)$/;
const BULLET = /^- +(.+)$/;
const NUMBERED = /^(\d{1,4})\. +(.+)$/;

export function parseBody(body: string): BodyBlock[] {
  const blocks: BodyBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const raw of body.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (line === "") {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading?.[1] && heading[2]) {
      flush();
      blocks.push({
        kind: "heading",
        level: heading[1].length === 2 ? 2 : 3,
        text: heading[2].trim(),
      });
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet?.[1]) {
      flush();
      const last = blocks.at(-1);
      if (last?.kind === "bullets") last.items.push(bullet[1]);
      else blocks.push({ kind: "bullets", items: [bullet[1]] });
      continue;
    }
    const numbered = NUMBERED.exec(line);
    if (numbered?.[1] && numbered[2]) {
      flush();
      const last = blocks.at(-1);
      if (last?.kind === "numbered") last.items.push(numbered[2]);
      else blocks.push({ kind: "numbered", start: Number(numbered[1]), items: [numbered[2]] });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Only http(s) links leave our pages; anything else (javascript:, data:, relative) gives null. */
export function safeExternalUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

const flat = (text: string) => text.replace(/\s+/g, " ").trim();
const ELLIPSIS = /(?:…|\.\.\.)$/;

/**
 * The body without the tl;dr repeated in it. A curated article's tl;dr is the opening of the
 * story (app/core/news/text.ts `excerpt`), and feeds put the same opening at the top of the full
 * text, so a body read from a feed starts with, or carries as whole paragraphs, the very text the
 * tl;dr box above it shows. The first run of paragraphs (from the start of any paragraph) that
 * spells out the tl;dr, spacing aside, is removed; when the tl;dr ends inside a paragraph, the
 * rest of that paragraph stays (after "…" when the tl;dr was cut mid-sentence). A body that was
 * only the tl;dr becomes empty. Anything else is returned unchanged.
 */
export function withoutRepeatedTldr(body: string, tldr: string): string {
  const cut = ELLIPSIS.test(tldr.trim());
  const wanted = flat(tldr.trim().replace(ELLIPSIS, ""));
  if (wanted.length === 0) return body;
  const blocks = body
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0);
  for (let start = 0; start < blocks.length; start++) {
    let rest = wanted;
    let index = start;
    let remainder: string | null = null;
    while (rest.length > 0 && index < blocks.length) {
      const text = flat(blocks[index] ?? "");
      if (rest.startsWith(text) && (rest.length === text.length || rest[text.length] === " ")) {
        rest = rest.slice(text.length).trimStart();
        index += 1;
        continue;
      }
      if (text.startsWith(rest)) {
        const after = text.slice(rest.length);
        // The tl;dr must end at a word boundary unless it was cut ("…") mid-word.
        if (cut || /^[\s.,;:!?)"'’”]/.test(after)) {
          const tail = after.replace(/^[\s]+/, "");
          remainder = tail.length > 0 ? (cut ? `…${tail}` : tail.replace(/^[.,;:]\s*/, "")) : "";
          rest = "";
          index += 1;
        }
      }
      break;
    }
    if (rest.length > 0) continue;
    const kept = [
      ...blocks.slice(0, start),
      ...(remainder ? [remainder] : []),
      ...blocks.slice(index),
    ];
    return kept.join("\n\n");
  }
  return body;
}
