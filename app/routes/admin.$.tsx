/**
 * An unknown address under /admin/: for an operator, "not found" inside the console
 * (the layout's ErrorBoundary draws it); signed out, the layout sends them to sign in first.
 */
import { notFoundLoader } from "~/utils/not-found.server";
import { notFoundMeta } from "~/utils/seo";

export const loader = notFoundLoader;
export const meta = notFoundMeta;

/** Never drawn: the loader always answers 404 and the layout's ErrorBoundary shows it. */
export default function ConsoleNotFound() {
  return null;
}
