/**
 * Tariff schedule (/tariff-schedule). Every fee, limit and asset on this page comes from
 * ~/content/tariff and ~/content/cryptocurrencies; nothing here is typed in by hand. The words
 * travel as loader data in the request's language (issue 33), from
 * ~/content/marketing/tariff-page.server.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CheckList } from "~/components/company/CheckList";
import { TariffTable } from "~/components/company/TariffTable";
import { ButtonLink, PageHero, Section, textLinkClass } from "~/components/ui";
import { CoinMark } from "~/components/ui/CoinMark";
import { company } from "~/content/company";
import { tariffSchedulePage } from "~/content/marketing/tariff-page.server";
import { MIN_TRANSFER_KES } from "~/core/payments/settlement-plan";
import { requestLocale } from "~/i18n/negotiate";
import { publicPageHeaders } from "~/utils/http";
import * as paths from "~/utils/paths";
import { seo } from "~/utils/seo";

export const headers = publicPageHeaders;

export const loader = ({ request }: LoaderFunctionArgs) =>
  tariffSchedulePage(requestLocale(request), Number(MIN_TRANSFER_KES));

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo(matches, {
    title: data?.text.meta.title ?? "Tariff Schedule",
    description: data?.text.meta.description ?? "",
    path: paths.tariffSchedule,
  });

export default function TariffSchedulePage() {
  const {
    text,
    transactionFees,
    conversionFees,
    exciseDutyPhrase,
    transactionFeesIntro,
    mpesaCharges,
    mobileMoneyLimits,
    pesalinkLimitRows,
    cryptoLimitRows,
    payableCryptocurrencies,
    settlementTimes,
  } = useLoaderData<typeof loader>();
  const { hero, fees, mobile, crypto, assets, notes } = text;
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead}>
        <ButtonLink to={paths.getStarted}>{hero.getStarted}</ButtonLink>
        <ButtonLink to={paths.exchangeRates} variant="secondary">
          {hero.rates}
        </ButtonLink>
      </PageHero>

      <Section id="transaction-fees" title={fees.title} intro={transactionFeesIntro}>
        <div className="space-y-8">
          <TariffTable
            id="fees-by-flow"
            caption={fees.byFlow.caption}
            columns={[
              { label: fees.byFlow.flow },
              { label: fees.byFlow.covers },
              { label: fees.byFlow.fee, figure: true },
            ]}
            rows={transactionFees.map((fee) => ({
              key: fee.id,
              header: fee.name,
              cells: [
                fee.description,
                <>
                  {fee.fee}
                  <span className="block font-normal text-slate-700">{exciseDutyPhrase}</span>
                </>,
              ],
            }))}
          />

          <TariffTable
            id="conversion-fees"
            caption={fees.conversion.caption}
            columns={[
              { label: fees.conversion.service },
              { label: fees.conversion.covers },
              { label: fees.conversion.fee, figure: true },
            ]}
            rows={conversionFees.map((fee) => ({
              key: fee.id,
              header: fee.name,
              cells: [
                fee.description,
                <>
                  {fee.fee}
                  <span className="block font-normal text-slate-700">{fee.note}</span>
                </>,
              ],
            }))}
          />

          <div id="mpesa-charges" className="space-y-3">
            <p className="text-slate-700">{fees.mpesa.text}</p>
            <TariffTable
              id="mpesa-charges-table"
              caption={fees.mpesa.caption}
              columns={[{ label: fees.mpesa.amount }, { label: fees.mpesa.charge, figure: true }]}
              rows={mpesaCharges.map((band) => ({
                key: band.key,
                header: band.band,
                cells: [band.charge],
              }))}
            />
            <p className="text-sm text-slate-600">{fees.mpesa.source}</p>
          </div>

          <CheckList items={fees.checks} />
        </div>
      </Section>

      <Section id="mobile-money-limits" title={mobile.title} intro={mobile.intro} tone="muted">
        <div className="space-y-8">
          <TariffTable
            id="mobile-money-table"
            caption={mobile.caption}
            columns={[
              { label: mobile.rail },
              { label: mobile.perTransaction, figure: true },
              { label: mobile.daily, figure: true },
              { label: mobile.maxBalance, figure: true },
            ]}
            rows={mobileMoneyLimits.map((rail) => ({
              key: rail.id,
              header: rail.name,
              cells: [rail.perTransaction, rail.daily, rail.maxBalance],
            }))}
          />

          <div className="rounded-2xl border border-brand-200 bg-white p-6">
            <h3 className="text-lg font-semibold text-ink">{mobile.splitTitle}</h3>
            <p className="mt-2 max-w-3xl text-slate-700">{mobile.split}</p>
          </div>

          <div>
            <h3 className="text-lg font-semibold text-ink">{mobile.pesalinkTitle}</h3>
            <TariffTable
              id="pesalink-table"
              caption={mobile.pesalinkCaption}
              className="mt-4"
              columns={[{ label: mobile.limit }, { label: mobile.amount, figure: true }]}
              rows={pesalinkLimitRows.map((row) => ({
                key: row.label,
                header: row.label,
                cells: [row.amount],
              }))}
            />
            <p className="mt-3 text-sm text-slate-700">{mobile.pesalinkNote}</p>
          </div>
        </div>
      </Section>

      <Section id="crypto-limits" title={crypto.title} intro={crypto.intro}>
        <TariffTable
          id="crypto-limits-table"
          caption={crypto.caption}
          columns={[
            { label: crypto.limit, className: "w-64" },
            { label: crypto.amount, figure: true, className: "w-52" },
            { label: crypto.effect },
          ]}
          rows={cryptoLimitRows.map((row) => ({
            key: row.label,
            header: row.label,
            cells: [row.amount, row.effect],
          }))}
        />
      </Section>

      <Section id="supported-assets" title={assets.title} intro={assets.intro} tone="muted">
        <TariffTable
          id="assets-table"
          caption={assets.caption}
          columns={[{ label: assets.asset }, { label: assets.symbol }, { label: assets.networks }]}
          rows={payableCryptocurrencies.map((coin) => ({
            key: coin.symbol,
            header: (
              <span className="flex items-center gap-3">
                <CoinMark symbol={coin.symbol} size="sm" />
                {coin.name}
              </span>
            ),
            cells: [
              <span className="font-mono font-semibold text-ink">{coin.symbol}</span>,
              coin.networks,
            ],
          }))}
        />
        <p className="mt-6 max-w-3xl text-slate-700">
          {assets.refreshed} {assets.indicativeNote} {assets.see}{" "}
          <Link to={paths.exchangeRates} className={textLinkClass}>
            {assets.ratesLink}
          </Link>{" "}
          {assets.andAll}{" "}
          <Link to={paths.supportedCurrencies} className={textLinkClass}>
            {assets.currenciesLink}
          </Link>
          .
        </p>
      </Section>

      <Section id="important-notes" title={notes.title}>
        <div className="grid gap-10 lg:grid-cols-2 lg:items-start">
          <ul className="space-y-4 text-slate-700">
            {[notes.locked, notes.network, notes.limits, notes.reviews].map((note) => (
              <li key={note.title}>
                <strong className="font-semibold text-ink">{note.title}</strong> {note.body}
              </li>
            ))}
            <li>
              <strong className="font-semibold text-ink">{notes.liability.title}</strong>{" "}
              {notes.liability.body}{" "}
              <Link to={paths.terms} className={textLinkClass}>
                {notes.liability.link}
              </Link>
              .
            </li>
            <li>
              <strong className="font-semibold text-ink">{notes.licence.title}</strong>{" "}
              {notes.licence.body}{" "}
              <a href={`mailto:${company.supportEmail}`} className={textLinkClass}>
                {company.supportEmail}
              </a>
              .
            </li>
          </ul>

          <TariffTable
            id="settlement-times"
            caption={notes.settlementCaption}
            narrow
            columns={[{ label: notes.rail }, { label: notes.time }]}
            rows={settlementTimes.map((entry) => ({
              key: entry.rail,
              header: entry.rail,
              cells: [entry.time],
            }))}
          />
        </div>
      </Section>
    </>
  );
}
