/**
 * Exchange rates (/exchange-rates): BTC, ETH, USDT and USDC in KES from the stored snapshot (never
 * a provider call during the render), a Refresh form that works without JavaScript, auto-refresh
 * with it.
 */
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Attribution } from "~/components/rates/Attribution";
import { REFRESH_ACTION } from "~/components/rates/copy";
import { formatEatStamp } from "~/utils/format";
import { RateCards, RatesSkeleton } from "~/components/rates/RateCards";
import { RatesNotice } from "~/components/rates/RatesNotice";
import { RefreshForm } from "~/components/rates/RefreshForm";
import { ServiceUnavailable } from "~/components/rates/ServiceUnavailable";
import { useRatesAutoRefresh } from "~/components/rates/useRatesAutoRefresh";
import { Badge, PageHero, Section } from "~/components/ui";
import { ratesPageCacheControl } from "~/core/rates/cache-control";
import { ratesMessages } from "~/i18n/catalogs/rates";
import { exchangeRatesMessages } from "~/i18n/catalogs/exchange-rates";
import { inLocale } from "~/i18n/messages";
import { matchesLocale } from "~/i18n/match-locale";
import { requestLocale } from "~/i18n/negotiate";
import { useLocale, useMessages } from "~/i18n/use-messages";
import { ratesService } from "~/wiring/rates.server";
import { assertSameOrigin } from "~/utils/request.server";
import { loaderCacheHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";
import { redirectWithError } from "~/utils/toast.server";

export async function loader() {
  const service = ratesService();
  const view = await service.current({ fallback: true });
  const now = Date.now();
  const payload = {
    status: view.status,
    rates: view.status === "unavailable" ? [] : view.rates,
    lastUpdatedAt: view.lastUpdatedAt,
    lastRefresh: view.lastRefresh
      ? { id: view.lastRefresh.id, outcome: view.lastRefresh.outcome }
      : null,
    marketSource: service.marketSource,
    now,
    refreshSeconds: Math.round(service.config.refreshIntervalMs / 1000),
  };
  return data(payload, {
    headers: { "Cache-Control": ratesPageCacheControl(view.lastRefresh, service.config, now) },
  });
}

/**
 * Refresh (or Try Again): at most one provider call per minimum spacing, however many visitors
 * press it.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const { failureToast } = inLocale(ratesMessages, requestLocale(request)).copy;
  const result = await ratesService().refresh("manual");
  const failed =
    result.status === "failed" ||
    (result.status === "skipped" && result.latest.outcome === "failed");
  if (failed) return redirectWithError(REFRESH_ACTION, failureToast);
  // A fresh URL, so no cache (ours or a CDN's) answers with the page from before the refresh.
  const attempt = result.status === "skipped" ? result.latest.id : result.attemptId;
  return redirect(`${REFRESH_ACTION}?updated=${attempt}`);
}

export const headers = loaderCacheHeaders;

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    ...inLocale(exchangeRatesMessages, matchesLocale(matches)).meta,
    path: paths.exchangeRates,
  });

export default function ExchangeRatesPage() {
  const view = useLoaderData<typeof loader>();
  const locale = useLocale();
  const m = useMessages(exchangeRatesMessages);
  const navigation = useNavigation();
  const { revalidating } = useRatesAutoRefresh({
    intervalMs: view.refreshSeconds * 1000,
    lastRefresh: view.lastRefresh,
  });
  const refreshing = navigation.state !== "idle" && navigation.formAction === REFRESH_ACTION;
  const loading =
    revalidating ||
    (navigation.state === "loading" && navigation.location.pathname === REFRESH_ACTION);
  const unavailable = view.status === "unavailable";
  const kinds = view.rates.map((rate) => rate.kind);

  return (
    <>
      <PageHero eyebrow={m.eyebrow} title={m.title} lead={m.lead(view.refreshSeconds)}>
        <div className="flex flex-wrap items-center gap-3">
          {view.lastUpdatedAt !== null ? (
            <Badge tone={view.status === "live" ? "success" : "warning"}>
              {m.lastUpdated(formatEatStamp(view.lastUpdatedAt, view.now, locale))}
            </Badge>
          ) : null}
          <RefreshForm busy={refreshing || revalidating} />
        </div>
      </PageHero>

      {/* The hero's own bottom padding is the space above the rates: no second gap under it. */}
      <Section title={m.section} className="pt-0">
        {loading ? (
          <RatesSkeleton />
        ) : unavailable ? (
          <ServiceUnavailable busy={refreshing} />
        ) : (
          <>
            <RatesNotice
              kinds={kinds}
              lastUpdatedAt={view.lastUpdatedAt}
              lastRefreshFailed={view.lastRefresh?.outcome === "failed"}
              refreshSeconds={view.refreshSeconds}
              now={view.now}
            />
            <RateCards rates={view.rates} now={view.now} />
          </>
        )}
        <Attribution
          marketSource={view.marketSource}
          derived={view.rates.some((rate) => rate.derived)}
          fallback={kinds.includes("fallback")}
        />
      </Section>
    </>
  );
}
