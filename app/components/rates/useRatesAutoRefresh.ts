/**
 * With JavaScript: re-read the rates every refresh interval (the server refreshes them in the
 * background) while the tab is visible, and toast "Unable to fetch rates" when the data reveals a
 * failed refresh. A failure reported by the Refresh form's own redirect is toasted by the server
 * flash instead, so it is never shown twice.
 */
import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { notify } from "~/components/layout/Flash";
import { ratesMessages } from "~/i18n/catalogs/rates";
import { useMessages } from "~/i18n/use-messages";

export function useRatesAutoRefresh(input: {
  intervalMs: number;
  lastRefresh: { id: number; outcome: string } | null;
}): { revalidating: boolean } {
  const ratesCopy = useMessages(ratesMessages).copy;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const revalidatorRef = useRef(revalidator);
  useEffect(() => {
    revalidatorRef.current = revalidator;
  });

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === "hidden" || revalidatorRef.current.state !== "idle") return;
      revalidatorRef.current.revalidate();
    }, input.intervalMs);
    return () => window.clearInterval(timer);
  }, [input.intervalMs]);

  const afterSubmission = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting") afterSubmission.current = true;
  }, [navigation.state]);

  const notified = useRef<number | null>(null);
  const attempt = input.lastRefresh;
  useEffect(() => {
    if (navigation.state !== "idle") return;
    const flashWillShow = afterSubmission.current;
    afterSubmission.current = false;
    if (!attempt || attempt.outcome !== "failed" || notified.current === attempt.id) return;
    notified.current = attempt.id;
    if (!flashWillShow) notify({ type: "error", ...ratesCopy.failureToast });
  }, [attempt, navigation.state, ratesCopy]);

  return { revalidating: revalidator.state === "loading" };
}
