/**
 * The frame of a signed-in section (the merchant app, the operator console): a side navigation on
 * wide screens, a top bar with a "Menu" disclosure on phones, who is signed in, Sign Out, and the
 * page's one `<main id="main">`. The phone menu is a `<details>` element, so it opens without
 * JavaScript; with JavaScript it also closes after a navigation, on Escape and on a click outside.
 * The merchant app passes its language switch (`languageSwitch`); the operator console, kept in
 * English, passes none. The shell's own words follow the page's language (the console's is "en").
 */
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Logo } from "~/components/layout/Logo";
import { cx } from "~/components/ui";
import { Icon } from "~/components/ui/icons";
import type { AppNavItem, NavLocation } from "~/content/app-navigation";
import { company } from "~/content/company";
import { MenuSummary } from "~/components/layout/MenuSummary";
import { appShellMessages } from "~/i18n/catalogs/app-shell";
import { useMessages } from "~/i18n/use-messages";

export interface ShellIdentity {
  /** The business or the operator's name. */
  name: string;
  /** The line under it: the merchant ID, the operator's role. */
  detail: ReactNode;
}

export interface AppShellProps {
  /** The section's name beside the logo ("Merchant", "Console"). */
  section: string;
  /** The section's home page (the logo's link). */
  home: string;
  /** The navigation landmark's accessible name. */
  navLabel: string;
  items: readonly AppNavItem[];
  identity: ShellIdentity;
  signOutAction: string;
  /**
   * The "English | Kiswahili" switch (components/layout/LanguageSwitch), shown in the side
   * navigation and the phone top bar; none in a section kept in English.
   */
  languageSwitch?: ReactNode;
  children: ReactNode;
}

function NavList({ items, at }: { items: readonly AppNavItem[]; at: NavLocation }) {
  return (
    <ul className="space-y-1">
      {items.map((item) => {
        const current = item.current(at);
        return (
          <li key={item.label}>
            <Link
              to={item.to}
              aria-current={current ? "page" : undefined}
              className={cx(
                "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium",
                current
                  ? "bg-brand-50 font-semibold text-brand-800 ring-1 ring-inset ring-brand-100"
                  : "text-slate-700 hover:bg-slate-100 hover:text-ink",
              )}
            >
              <Icon
                name={item.icon}
                className={cx("h-5 w-5 shrink-0", current ? "text-brand-700" : "text-slate-500")}
              />
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Identity({ identity }: { identity: ShellIdentity }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2.5 ring-1 ring-inset ring-slate-200">
      <p className="break-words text-sm font-semibold text-ink">{identity.name}</p>
      <p className="mt-0.5 text-xs text-slate-600">{identity.detail}</p>
    </div>
  );
}

function SignOut({ action, className }: { action: string; className?: string }) {
  const m = useMessages(appShellMessages);
  return (
    <Form method="post" action={action} className={className}>
      <button
        type="submit"
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink"
      >
        <Icon name="arrowRight" className="h-5 w-5 shrink-0 text-slate-500" />
        {m.signOut}
      </button>
    </Form>
  );
}

function Brand({ section, home }: { section: string; home: string }) {
  return (
    <Link to={home} className="flex items-center gap-2 text-lg font-bold text-ink">
      <Logo />
      <span>{company.brand}</span>
      <span className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
        {section}
      </span>
    </Link>
  );
}

/** With JavaScript, the phone menu closes after a navigation, on Escape and on a click outside. */
function usePhoneMenu(at: NavLocation & { hash: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [at.pathname, at.search, at.hash]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
        return;
      }
      if (event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    document.addEventListener("keydown", close);
    document.addEventListener("click", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("click", close);
    };
  }, []);
  return menu;
}

export function AppShell({
  section,
  home,
  navLabel,
  items,
  identity,
  signOutAction,
  languageSwitch,
  children,
}: AppShellProps) {
  const location = useLocation();
  const at = { pathname: location.pathname, search: location.search };
  const menu = usePhoneMenu({ ...at, hash: location.hash });
  return (
    <div className="flex min-h-full flex-1 flex-col bg-slate-50 lg:flex-row">
      {/* Wide screens: the side navigation. */}
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
        <div className="sticky top-0 flex h-screen flex-col gap-6 overflow-y-auto px-4 py-5">
          <Brand section={section} home={home} />
          <Identity identity={identity} />
          <nav aria-label={navLabel} className="flex-1">
            <NavList items={items} at={at} />
          </nav>
          <SignOut action={signOutAction} className="border-t border-slate-200 pt-4" />
          {languageSwitch ? <div className="-mt-3 px-1">{languageSwitch}</div> : null}
        </div>
      </aside>

      {/* Phones and tablets: a top bar with a menu. */}
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white lg:hidden">
        <div className="flex h-14 items-center justify-between gap-3 px-4">
          <Brand section={section} home={home} />
          {languageSwitch ? <div className="ml-auto hidden sm:block">{languageSwitch}</div> : null}
          <details ref={menu} className="menu-toggle">
            <MenuSummary />
            <div className="absolute inset-x-0 top-14 max-h-[calc(100vh-3.5rem)] space-y-4 overflow-y-auto border-b border-slate-200 bg-white px-4 py-4 shadow-lg">
              <Identity identity={identity} />
              <nav aria-label={navLabel}>
                <NavList items={items} at={at} />
              </nav>
              <SignOut action={signOutAction} className="border-t border-slate-200 pt-3" />
              {languageSwitch ? (
                <div className="border-t border-slate-200 pt-3 sm:hidden">{languageSwitch}</div>
              ) : null}
            </div>
          </details>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
