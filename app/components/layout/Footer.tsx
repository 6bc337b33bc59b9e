import { Link } from "@remix-run/react";
import { Container } from "~/components/ui";
import { company, companyMessages } from "~/content/company";
import { footerNavIn, navMessages } from "~/content/navigation";
import { footerMessages } from "~/i18n/catalogs/shell";
import { useMessages } from "~/i18n/use-messages";
import { LanguageSwitch } from "./LanguageSwitch";
import { Logo } from "./Logo";
import { PaymentMarks } from "./PaymentMarks";

/** `year`: the copyright year, this year in Nairobi (the root loader's). */
export function Footer({ year }: { year: number }) {
  const m = useMessages(footerMessages);
  const companyText = useMessages(companyMessages);
  const footerNav = footerNavIn(useMessages(navMessages));
  const linkClass = "text-slate-200 underline-offset-4 hover:text-white hover:underline";
  return (
    <footer className="bg-slate-900 text-slate-200">
      <Container className="grid gap-10 py-12 md:grid-cols-5">
        <div className="md:col-span-2">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold text-white">
            <Logo />
            <span>{company.brand}</span>
          </Link>
          <p className="mt-4 max-w-sm text-sm">{companyText.footerBlurb}</p>
          <div className="mt-6">
            <PaymentMarks />
          </div>
          <ul className="mt-6 flex gap-4 text-sm" aria-label={m.socialMedia}>
            {company.social.map((item) => (
              <li key={item.name}>
                <a href={item.href} className={linkClass}>
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {footerNav.map((group) => (
          <nav key={group.heading} aria-label={group.heading}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">
              {group.heading}
            </h2>
            <ul className="mt-4 space-y-2 text-sm">
              {group.links.map((item) => (
                <li key={item.label}>
                  <Link to={item.to} className={linkClass}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>
      <div className="border-t border-slate-700">
        <Container className="flex flex-col gap-4 py-8 text-sm md:flex-row md:justify-between">
          <address className="not-italic">
            <p className="font-semibold text-white">{company.legalName}</p>
            {company.postalAddress.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <p>
              <a className={linkClass} href={`mailto:${company.supportEmail}`}>
                {company.supportEmail}
              </a>
              {" · "}
              <a className={linkClass} href={company.phoneHref}>
                {company.phone}
              </a>
            </p>
          </address>
          <div className="md:text-right">
            <div className="mb-3 flex md:justify-end">
              <LanguageSwitch tone="dark" />
            </div>
            <p>
              © {year} {company.legalName}. {m.allRightsReserved}
            </p>
            <p className="mt-1 text-slate-300">
              {companyText.licenceName} {company.licenceNumber}
            </p>
          </div>
        </Container>
      </div>
    </footer>
  );
}
