/**
 * A list call's answer: await it for one page, or iterate it with `for await` to walk every
 * item, page after page, with `starting_after` set to the page's `next_starting_after` (an id for
 * payments, events and batches; a line number for a batch's rows). A list asked with
 * `ending_before` walks the other way: each page newer than the last, with `ending_before` set to
 * the first id of the page before (each page is still newest first).
 */

/** What every list answer has. */
export interface ListPage<T> {
  object: "list";
  data: T[];
  has_more?: boolean;
  next_starting_after?: string | number | null;
}

type ItemOf<P> = P extends { data: (infer T)[] } ? T : never;
export type Cursor = string | number;

export class ListPromise<P extends ListPage<unknown>>
  implements PromiseLike<P>, AsyncIterable<ItemOf<P>>
{
  #first: Promise<P> | undefined;

  /**
   * `fetchPage(cursor)` asks for the page after `cursor` (undefined: the first page); `backward`
   * when the list pages back with `ending_before`, the cursor then being the first id of a page.
   */
  constructor(
    private readonly fetchPage: (cursor: Cursor | undefined) => Promise<P>,
    private readonly backward = false,
  ) {}

  /** The first page (requested once, on first use). */
  firstPage(): Promise<P> {
    this.#first ??= this.fetchPage(undefined);
    return this.#first;
  }

  then<A = P, B = never>(
    onFulfilled?: ((page: P) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.firstPage().then(onFulfilled, onRejected);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<ItemOf<P>> {
    let page = await this.firstPage();
    for (;;) {
      for (const item of page.data) yield item as ItemOf<P>;
      const next = this.backward
        ? (page.data[0] as { id?: string } | undefined)?.id
        : page.next_starting_after;
      if (!page.has_more || next === undefined || next === null) return;
      page = await this.fetchPage(next);
    }
  }

  /** Every item (page after page) up to `limit` of them: a guard against a very long list. */
  async toArray({ limit }: { limit: number }): Promise<ItemOf<P>[]> {
    const items: ItemOf<P>[] = [];
    if (limit <= 0) return items;
    for await (const item of this) {
      items.push(item);
      if (items.length >= limit) break;
    }
    return items;
  }
}
