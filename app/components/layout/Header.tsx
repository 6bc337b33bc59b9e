import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClass, Container, cx } from "~/components/ui";
import { company } from "~/content/company";
import { headerNavIn, navMessages, type NavLink as NavItem } from "~/content/navigation";
import { headerMessages } from "~/i18n/catalogs/shell";
import type { Locale } from "~/i18n/locales";
import { useLocale, useMessages } from "~/i18n/use-messages";
import * as paths from "~/utils/paths";
import { LanguageSwitch } from "./LanguageSwitch";
import { Logo } from "./Logo";
import { MenuSummary } from "./MenuSummary";

function NavItemLink({ item, className }: { item: NavItem; className: string }) {
  return (
    <NavLink
      to={item.to}
      prefetch="intent"
      className={({ isActive }) =>
        cx(className, isActive && "text-brand-800 underline underline-offset-4")
      }
    >
      {item.label}
    </NavLink>
  );
}

/** "Dashboard" for a signed-in merchant; "Sign In" and "Get Started" for everyone else. */
function AccountLinks({ signedIn, wide = false }: { signedIn: boolean; wide?: boolean }) {
  const m = useMessages(headerMessages);
  const grow = wide ? "flex-1" : undefined;
  if (signedIn) {
    return (
      <Link to={paths.merchantDashboard} className={buttonClass("primary", grow)}>
        {m.dashboard}
      </Link>
    );
  }
  return (
    <>
      <Link to={paths.merchantSignIn} className={buttonClass(wide ? "secondary" : "ghost", grow)}>
        {m.signIn}
      </Link>
      <Link to={paths.getStarted} className={buttonClass("primary", grow)}>
        {m.getStarted}
      </Link>
    </>
  );
}

/**
 * From which width the header shows its links on one line (narrower windows get the menu), per
 * language. English: from 1024 px, with tighter spacing below 1280 px. The Kiswahili labels are
 * about 115 px longer ("Viwango vya ubadilishaji", "Nyaraka za API"): they would run off a
 * 1024 px window, so Kiswahili keeps the menu up to 1279 px and uses the tighter spacing on one
 * line from 1280 px. Whole class names, so Tailwind finds them.
 */
const WIDE: Record<
  Locale,
  { nav: string; list: string; link: string; actions: string; menu: string }
> = {
  en: {
    nav: "hidden lg:block",
    list: "flex items-center xl:gap-1",
    link: "lg:px-2 xl:px-3",
    actions: "hidden shrink-0 items-center gap-2 lg:flex",
    menu: "menu-toggle lg:hidden",
  },
  sw: {
    nav: "hidden xl:block",
    list: "flex items-center",
    link: "xl:px-2",
    actions: "hidden shrink-0 items-center gap-2 xl:flex",
    menu: "menu-toggle xl:hidden",
  },
};

/**
 * Fixed top header. The mobile menu is a <details> element: it opens without JavaScript; with
 * JavaScript it also closes after each navigation. Eight links and two buttons fit on one line
 * from a 1024 px laptop up in English, from 1280 px in Kiswahili (see WIDE); narrower windows
 * get the menu, which also holds the language switch (the one line has no room for it: the
 * footer's is on every page).
 */
export function Header({ signedIn }: { signedIn: boolean }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const m = useMessages(headerMessages);
  const headerNav = headerNavIn(useMessages(navMessages));
  const wide = WIDE[useLocale()];
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);

  const linkClass =
    "whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100";
  const wideLinkClass = cx(linkClass, wide.link);
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <Container className="flex h-16 items-center justify-between gap-4">
        <Link
          to={paths.home}
          className="flex shrink-0 items-center gap-2 text-lg font-bold text-ink"
          aria-label={m.home(company.brand)}
        >
          <Logo />
          <span>{company.brand}</span>
        </Link>
        <nav aria-label={m.mainNav} className={wide.nav}>
          <ul className={wide.list}>
            {headerNav.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} className={wideLinkClass} />
              </li>
            ))}
          </ul>
        </nav>
        <div className={wide.actions}>
          <AccountLinks signedIn={signedIn} />
        </div>
        <details ref={menu} className={wide.menu}>
          <MenuSummary />
          {/* Scrolls inside itself when a short window (a phone on its side) cannot hold it. */}
          <div className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white shadow-lg">
            <Container className="py-4">
              <nav aria-label={m.mobileNav}>
                <ul className="flex flex-col gap-1">
                  {headerNav.map((item) => (
                    <li key={item.label}>
                      <NavItemLink item={item} className={cx(linkClass, "block text-base")} />
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="mt-4 flex gap-2 border-t border-slate-200 pt-4">
                <AccountLinks signedIn={signedIn} wide />
              </div>
              <div className="mt-3 flex justify-center">
                <LanguageSwitch />
              </div>
            </Container>
          </div>
        </details>
      </Container>
    </header>
  );
}
