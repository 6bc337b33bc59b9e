import { sitemapPages } from "../../app/content/navigation";

/**
 * Every public page; later issues append their routes here so axe and the no-JS checks cover them.
 */
export const publicRoutes: readonly string[] = [
  ...sitemapPages.map((page) => page.path),
  "/blog/stablecoins-for-kenyan-merchants",
];
