/**
 * `export { postOnlyLoader as loader }` on a route that only takes POSTs (providers' callbacks): a
 * GET or HEAD answers 405 with `Allow: POST`, where Remix would answer a 400 for a route without a
 * loader.
 */
export function postOnlyLoader(): Response {
  return Response.json(
    { error: "method not allowed" },
    { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } },
  );
}
