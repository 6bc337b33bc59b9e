/** External URLs (API docs, demo scheduling) come from configuration through the root loader. */
import { useRouteLoaderData } from "@remix-run/react";

type RootData = { ENV: { API_DOCS_URL: string; DEMO_SCHEDULING_URL: string } } | undefined;

export const FALLBACK_API_DOCS_URL = "https://docs.onehop.co.ke";
export const FALLBACK_DEMO_SCHEDULING_URL = "https://cal.com/onehop/demo";

export function useExternalUrls(): { apiDocsUrl: string; demoUrl: string } {
  const data = useRouteLoaderData("root") as RootData;
  return {
    apiDocsUrl: data?.ENV?.API_DOCS_URL || FALLBACK_API_DOCS_URL,
    demoUrl: data?.ENV?.DEMO_SCHEDULING_URL || FALLBACK_DEMO_SCHEDULING_URL,
  };
}
