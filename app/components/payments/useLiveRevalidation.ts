/**
 * Keep a page's data fresh while `active` (issue 11, item 6): revalidate the loaders every
 * `intervalMs`, only while the tab is visible, and at once when it becomes visible again.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

export function useLiveRevalidation(active: boolean, intervalMs = 5_000) {
  const revalidator = useRevalidator();
  // The latest revalidator, without restarting the timer on every state change.
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!active) return;
    const refresh = () => {
      if (document.visibilityState === "hidden") return;
      if (latest.current.state === "idle") latest.current.revalidate();
    };
    const timer = setInterval(refresh, intervalMs);
    const onVisibility = () => {
      if (document.visibilityState === "visible") refresh();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [active, intervalMs]);
}
