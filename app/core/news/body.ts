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
