/**
 * Give the event loop a turn: long work (checking a 10,000-row payout file, writing its rows) runs
 * in slices with this between them, so requests that arrived meanwhile (a customer's checkout) are
 * answered before the next slice (issue 27, item 8). Isomorphic: setImmediate on Node.
 */
export const yieldToEventLoop = (): Promise<void> =>
  new Promise((resolve) => setImmediate(resolve));
