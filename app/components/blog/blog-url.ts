/**
 * Blog list URLs: every filtered view is a shareable GET URL; defaults ("all", page 1) are left
 * out.
 */
import * as paths from "~/utils/paths";

export interface BlogQuery {
  topic?: string;
  category?: string;
  tag?: string | null;
  page?: number;
}

export function blogHref(query: BlogQuery, hash?: string): string {
  const params = new URLSearchParams();
  if (query.topic && query.topic !== "all") params.set("topic", query.topic);
  if (query.category && query.category !== "all") params.set("category", query.category);
  if (query.tag) params.set("tag", query.tag);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return `${paths.blog}${search ? `?${search}` : ""}${hash ? `#${hash}` : ""}`;
}
