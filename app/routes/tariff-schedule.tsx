/**
 * Tariff schedule (/tariff-schedule). Every fee, limit and asset on this page comes from
 * ~/content/tariff and ~/content/cryptocurrencies; nothing here is typed in by hand.
 */
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { CheckList } from "~/components/company/CheckList";
import { TariffTable } from "~/components/company/TariffTable";
import { ButtonLink, PageHero, Section, textLinkClass } from "~/components/ui";
import { CoinMark } from "~/components/ui/CoinMark";
import { company } from "~/content/company";
import { claims } from "~/content/claims";
import { payableCryptocurrencies } from "~/content/cryptocurrencies";
import {
  conversionFees,
  cryptoLimitRows,
  cryptoLimits,
  feeBps,
  formatBps,
  liabilityCapMonths,
  mobileMoneyLimits,
  mpesaB2cCharges,
  mpesaB2cChargesSource,
  pesalinkLimitRows,
  ratesRefreshSeconds,
  settlementTimes,
  transactionFees,
  exciseDutyPhrase,
  transactionFeesIntro,
} from "~/content/tariff";
import { MIN_TRANSFER_KES } from "~/core/payments/settlement-plan";
import { formatKes } from "~/utils/format";
import { publicPageHeaders } from "~/utils/http";
import { paths } from "~/utils/paths";
import { seo } from "~/utils/seo";

export const headers = publicPageHeaders;

const feeSummary = transactionFees.map((fee) => `${fee.name} ${formatBps(fee.bps)}`).join(", ");

export const meta: MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Tariff Schedule",
    description: `OneHop fees and limits: ${feeSummary}. Mobile money limits per rail, crypto limits from ${formatKes(cryptoLimits.minimum)}, supported assets and settlement times. No setup or monthly fees.`,
    path: paths.tariffSchedule,
  });

/** M-Pesa's smallest B2C transfer (core/payments/settlement-plan.ts). */
const mpesaMinimumKes = Number(MIN_TRANSFER_KES);

const railNames = mobileMoneyLimits.map((rail) => rail.name);
const railList = `${railNames.slice(0, -1).join(", ")} and ${railNames.at(-1) ?? ""}`;

/** A worked example of the automatic split, derived from the first rail's per-transaction limit. */
const [exampleRail] = mobileMoneyLimits;
const splitExample = (() => {
  const amount = Math.round((exampleRail.perTransaction * 8) / 5);
  return { amount, first: exampleRail.perTransaction, second: amount - exampleRail.perTransaction };
})();

export default function TariffSchedulePage() {
  return (
    <>
      <PageHero
        eyebrow="Pricing and limits"
        title="Tariff Schedule"
        lead={`Transparent, per-transaction pricing with no setup or monthly fees. This schedule lists what ${company.brand} charges, how much can move through each rail and which assets your customers can pay with.`}
      >
        <ButtonLink to={paths.getStarted}>Get Started</ButtonLink>
        <ButtonLink to={paths.exchangeRates} variant="secondary">
          View live rates
        </ButtonLink>
      </PageHero>

      <Section id="transaction-fees" title="Transaction Fees" intro={transactionFeesIntro}>
        <div className="space-y-8">
          <TariffTable
            id="fees-by-flow"
            caption="Fees by payment flow"
            columns={[
              { label: "Flow" },
              { label: "What it covers" },
              { label: "Fee per transaction", figure: true },
            ]}
            rows={transactionFees.map((fee) => ({
              key: fee.id,
              header: fee.name,
              cells: [
                fee.description,
                <>
                  {formatBps(fee.bps)}
                  <span className="block font-normal text-slate-700">{exciseDutyPhrase}</span>
                </>,
              ],
            }))}
          />

          <TariffTable
            id="conversion-fees"
            caption="Conversion and processing fees"
            columns={[
              { label: "Service" },
              { label: "What it covers" },
              { label: "Fee", figure: true },
            ]}
            rows={conversionFees.map((fee) => ({
              key: fee.id,
              header: fee.name,
              cells: [
                fee.description,
                <>
                  {formatBps(fee.bps)}
                  <span className="block font-normal text-slate-700">
                    {"plus" in fee
                      ? `plus ${fee.plus}, ${exciseDutyPhrase}`
                      : `of the amount, ${exciseDutyPhrase}`}
                  </span>
                </>,
              ],
            }))}
          />

          <div id="mpesa-charges" className="space-y-3">
            <p className="text-slate-700">
              Settling your collections to your own M-Pesa number carries no {company.brand} fee
              beyond the {formatBps(feeBps.c2b)} collection fee. Each transfer carries
              Safaricom&apos;s own B2C charge for its amount, passed on at cost; the{" "}
              {formatBps(feeBps.b2c)} disbursement fee applies only to payouts to other people.
              M-Pesa moves whole shillings: cents, and anything below the KES {mpesaMinimumKes}{" "}
              minimum transfer, stay in your balance and are paid with your next settlement.
            </p>
            <TariffTable
              id="mpesa-charges-table"
              caption="M-Pesa charge per settlement transfer"
              columns={[{ label: "Transfer amount" }, { label: "M-Pesa charge", figure: true }]}
              rows={mpesaB2cCharges.map((band) => ({
                key: band.minKes,
                header: `${formatKes(Math.max(band.minKes, mpesaMinimumKes))} to ${formatKes(band.maxKes)}`,
                cells: [band.chargeKes === 0 ? "Free" : formatKes(band.chargeKes)],
              }))}
            />
            <p className="text-sm text-slate-600">
              Source: {mpesaB2cChargesSource}. If Safaricom changes it, we update this table.
            </p>
          </div>

          <CheckList
            items={[
              "No setup fee, no monthly fee and no minimum volume.",
              "Mobile network and blockchain network fees are shown where they apply, before the customer pays.",
              "High-volume merchants can ask for custom pricing tiers.",
            ]}
          />
        </div>
      </Section>

      <Section
        id="mobile-money-limits"
        title="Mobile Money Limits"
        intro={`${railList} payouts follow the per-rail limits set by the Central Bank of Kenya and the mobile network operators.`}
        tone="muted"
      >
        <div className="space-y-8">
          <TariffTable
            id="mobile-money-table"
            caption="Limits per mobile money rail"
            columns={[
              { label: "Rail" },
              { label: "Per transaction", figure: true },
              { label: "Daily limit", figure: true },
              { label: "Maximum balance", figure: true },
            ]}
            rows={mobileMoneyLimits.map((rail) => ({
              key: rail.id,
              header: rail.name,
              cells: [
                formatKes(rail.perTransaction),
                formatKes(rail.daily),
                formatKes(rail.maxBalance),
              ],
            }))}
          />

          <div className="rounded-2xl border border-brand-200 bg-white p-6">
            <h3 className="text-lg font-semibold text-ink">
              Large amounts are split automatically
            </h3>
            <p className="mt-2 max-w-3xl text-slate-700">
              Amounts above a rail&rsquo;s limits are split automatically into multiple transfers,
              so you never have to break a payout up yourself. For example, a{" "}
              {formatKes(splitExample.amount)} payout to {exampleRail.name} is sent as two transfers
              of {formatKes(splitExample.first)} and {formatKes(splitExample.second)}. Amounts above
              the recipient&rsquo;s daily limit or maximum balance continue on the next day, or can
              go by PesaLink instead.
            </p>
          </div>

          <div>
            <h3 className="text-lg font-semibold text-ink">Bank transfers by PesaLink</h3>
            <TariffTable
              id="pesalink-table"
              caption="PesaLink bank transfer limits"
              className="mt-4"
              columns={[{ label: "Limit" }, { label: "Amount", figure: true }]}
              rows={pesalinkLimitRows.map((row) => ({
                key: row.label,
                header: row.label,
                cells: [formatKes(row.amountKes)],
              }))}
            />
            <p className="mt-3 text-sm text-slate-700">
              Your bank may set a lower limit for PesaLink transfers.
            </p>
          </div>
        </div>
      </Section>

      <Section
        id="crypto-limits"
        title="Crypto Limits"
        intro="Crypto payments are measured in their Kenyan shilling equivalent at the quote locked when the customer pays."
      >
        <TariffTable
          id="crypto-limits-table"
          caption="Crypto payment limits (KES equivalent)"
          columns={[
            { label: "Limit", className: "w-64" },
            { label: "Amount", figure: true, className: "w-52" },
            { label: "What happens" },
          ]}
          rows={cryptoLimitRows.map((row) => ({
            key: row.label,
            header: row.label,
            cells: [row.amount, row.effect],
          }))}
        />
      </Section>

      <Section
        id="supported-assets"
        title="Supported Assets"
        intro={`Your customers can pay with ${claims.crypto.payableNames}, or by ${railList}. You are always paid in Kenyan shillings.`}
        tone="muted"
      >
        <TariffTable
          id="assets-table"
          caption={`Cryptocurrencies ${claims.crypto.availability.payable.toLowerCase()}, and their networks`}
          columns={[{ label: "Asset" }, { label: "Symbol" }, { label: "Networks" }]}
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
              coin.networks.join(", "),
            ],
          }))}
        />
        <p className="mt-6 max-w-3xl text-slate-700">
          These assets use market rates refreshed every {ratesRefreshSeconds} seconds.{" "}
          {claims.crypto.indicativeNote} See the{" "}
          <Link to={paths.exchangeRates} className={textLinkClass}>
            live exchange rates
          </Link>{" "}
          and all{" "}
          <Link to={paths.supportedCurrencies} className={textLinkClass}>
            supported currencies
          </Link>
          .
        </p>
      </Section>

      <Section id="important-notes" title="Important Notes">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-start">
          <ul className="space-y-4 text-slate-700">
            <li>
              <strong className="font-semibold text-ink">Locked quotes.</strong> The KES amount is
              locked when the customer pays; the fee is worked out on that amount.
            </li>
            <li>
              <strong className="font-semibold text-ink">Network fees.</strong> Where a fee says
              &ldquo;plus mobile network fees&rdquo; or &ldquo;plus network fees&rdquo;, those
              charges are set by the mobile operator, the bank or the blockchain network and are
              added to our fee.
            </li>
            <li>
              <strong className="font-semibold text-ink">Rail limits can change.</strong> Mobile
              money limits are set by the Central Bank of Kenya and the operators. We apply changes
              as soon as they take effect and update this page.
            </li>
            <li>
              <strong className="font-semibold text-ink">Reviews and holds.</strong> We may hold a
              payment for review when the law requires it, for example to screen for fraud,
              sanctions or money laundering.
            </li>
            <li>
              <strong className="font-semibold text-ink">Liability.</strong> Our liability is
              limited to the fees you paid us in the previous {liabilityCapMonths} months, as set
              out in the{" "}
              <Link to={paths.terms} className={textLinkClass}>
                Terms and Conditions
              </Link>
              .
            </li>
            <li>
              <strong className="font-semibold text-ink">Licence.</strong> {company.legalName} holds{" "}
              {company.licenceName} number {company.licenceNumber}. Questions about this schedule:{" "}
              <a href={`mailto:${company.supportEmail}`} className={textLinkClass}>
                {company.supportEmail}
              </a>
              .
            </li>
          </ul>

          <TariffTable
            id="settlement-times"
            caption="Settlement times"
            narrow
            columns={[{ label: "Rail" }, { label: "Typical time" }]}
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
