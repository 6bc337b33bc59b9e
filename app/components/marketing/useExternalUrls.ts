/** External URLs (demo scheduling) come from configuration through the root loader. */
import { useRouteLoaderData } from "@remix-run/react";

type RootData = { ENV: { DEMO_SCHEDULING_URL: string } } | undefined;

export const FALLBACK_DEMO_SCHEDULING_URL = "https://cal.com/onehop/demo";

export function useExternalUrls(): { demoUrl: string } {
  const data = useRouteLoaderData("root") as RootData;
  return {
    demoUrl: data?.ENV?.DEMO_SCHEDULING_URL || FALLBACK_DEMO_SCHEDULING_URL,
  };
}
