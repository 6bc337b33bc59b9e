/**
 * What a list parser reads: the file's bytes, whole or as a stream of chunks, and the error it
 * gives for a file it cannot read. Isomorphic (no Node built-ins): the parsers read chunk by chunk
 * so that a 28 MB file is never a 28 MB string, and a fetch or an upload can be handed over as it
 * comes.
 */

/** A file's bytes: all at once, or chunk by chunk (an upload, a download). */
export type ListBytes = Uint8Array | AsyncIterable<Uint8Array>;

/** A file that is not the list it claims to be (or not readable at all): the operator's message. */
export class ListFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ListFormatError";
  }
}

/** Bytes handed to the parsers at a time when the input is one buffer. */
const SLICE = 256 * 1024;

/** The chunks of `input`, in order (a buffer is cut in slices so parsing can yield in between). */
export async function* chunksOf(input: ListBytes): AsyncIterable<Uint8Array> {
  if (input instanceof Uint8Array) {
    for (let at = 0; at < input.byteLength; at += SLICE)
      yield input.subarray(at, Math.min(at + SLICE, input.byteLength));
    return;
  }
  for await (const chunk of input) yield chunk;
}

/**
 * The text of `input`, decoded as UTF-8 chunk by chunk (a character split between chunks is kept
 * whole). A byte sequence that is not UTF-8 is refused rather than turned into U+FFFD: a list
 * published in another encoding would otherwise be imported with broken names.
 */
export async function* textChunksOf(input: ListBytes): AsyncIterable<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  try {
    for await (const chunk of chunksOf(input)) {
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (error) {
    if (error instanceof TypeError)
      throw new ListFormatError("The file is not UTF-8 text: it is not a list we can read.");
    throw error;
  }
}

/** Every byte of `input` in one buffer (for the small CSV files). */
export async function bytesOf(input: ListBytes): Promise<Uint8Array> {
  if (input instanceof Uint8Array) return input;
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of input) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  const all = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

/**
 * A string of its own: the parsers' text comes as slices of a 256 KB chunk of the file, and a slice
 * kept in an entry keeps its whole chunk alive (V8's sliced strings). Joined to a character and
 * cut again, it is copied into a string of its own size, and the chunk can go.
 */
export function ownString(value: string): string {
  return value.length < 13 ? value : ` ${value}`.slice(1);
}

/** Collapse runs of white space (line breaks inside a name) and trim; null when nothing is left. */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.replace(/\s+/g, " ").trim();
  return text === "" ? null : ownString(text);
}
