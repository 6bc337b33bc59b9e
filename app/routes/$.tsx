/**
 * Any path no other route matches: log it and answer 404 ("Oops! Page not found", as the root error
 * boundary shows it).
 */
import { NotFound } from "~/components/layout/StatusPages";
import { notFoundLoader } from "~/utils/not-found.server";
import { notFoundMeta } from "~/utils/seo";

export const loader = notFoundLoader;
export const action = notFoundLoader;
export const meta = notFoundMeta;

export default function CatchAll() {
  return <NotFound />;
}
