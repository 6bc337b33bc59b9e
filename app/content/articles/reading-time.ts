/**
 * Reading time for the blog's plain-text body format (see `Article.body` in ./types): words are
 * whitespace-separated runs that contain a letter or a digit, after the line markers ("## ", "###
 * ", "- ", "1. ") are dropped, so markup never counts as reading. 200 words a minute, rounded up.
 */

export const wordsPerMinute = 200;

const lineMarker = /^(?:#{2,3} |- |\d+\. )/;
const hasLetterOrDigit = /[\p{L}\p{N}]/u;

/** Words of a body in our text format. */
export function countWords(body: string): number {
  let words = 0;
  for (const line of body.split(/\r?\n/)) {
    const text = line.trim().replace(lineMarker, "");
    for (const token of text.split(/\s+/)) {
      if (hasLetterOrDigit.test(token)) words += 1;
    }
  }
  return words;
}

/** Minutes to read a body: ceil(words / 200). */
export function readingTime(body: string): number {
  return Math.ceil(countWords(body) / wordsPerMinute);
}
