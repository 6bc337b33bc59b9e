/** Blog constants shared by the server read functions and the pages (spec sections 4 and 9). */
export const BLOG_CATEGORIES = ["all", "News", "Explainers", "Product Updates"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];
/** Latest Headlines: up to 12 items. */
export const HEADLINES_LIMIT = 12;
/** Sidebar: the 5 newest published News articles. */
export const SIDEBAR_LIMIT = 5;
/** Article cards per page of the list. */
export const BLOG_PAGE_SIZE = 12;
/** Tags shown on a headline card. */
export const HEADLINE_TAGS = 3;
