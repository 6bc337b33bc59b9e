/**
 * The public shell drawn around every public page (header, phone menu, ticker, footer), the 404
 * and 403 pages, the root error page and the toasts' own controls (issue 33). The links' labels
 * are in app/content/navigation.ts, the ticker's statistics in app/content/ticker.ts and the
 * company's own words in app/content/company.ts.
 */
import { defineMessages } from "../messages";

/** The header and the phone menu (MenuSummary's "Menu" is the app shells' too). */
export const headerMessages = defineMessages(
  {
    skipToContent: "Skip to content",
    home: (brand: string) => `${brand} home`,
    mainNav: "Main",
    mobileNav: "Mobile",
    menu: "Menu",
    dashboard: "Dashboard",
    signIn: "Sign In",
    getStarted: "Get Started",
  },
  {
    skipToContent: "Ruka hadi kwenye maudhui",
    home: (brand: string) => `Ukurasa wa mwanzo wa ${brand}`,
    mainNav: "Menyu kuu",
    mobileNav: "Menyu ya simu",
    menu: "Menyu",
    dashboard: "Dashibodi",
    signIn: "Ingia",
    getStarted: "Anza",
  },
);

export const footerMessages = defineMessages(
  {
    socialMedia: "Social media",
    paymentMethods: "Payment methods",
    allRightsReserved: "All rights reserved.",
  },
  {
    socialMedia: "Mitandao ya kijamii",
    paymentMethods: "Njia za malipo",
    allRightsReserved: "Haki zote zimehifadhiwa.",
  },
);

/** An external link's words for screen readers (ExternalLink: the footer's and every page's). */
export const linkMessages = defineMessages(
  { opensInNewTab: "(opens in a new tab)" },
  { opensInNewTab: "(inafunguka kwenye kichupo kipya)" },
);

/** The ticker's controls; the statistics themselves are in app/content/ticker.ts. */
export const tickerMessages = defineMessages(
  {
    title: "Market statistics",
    source: (name: string) => `Source: ${name}`,
    pause: "Pause ticker",
    play: "Play ticker",
  },
  {
    title: "Takwimu za soko",
    source: (name: string) => `Chanzo: ${name}`,
    pause: "Sitisha takwimu",
    play: "Endesha takwimu",
  },
);

/** 404, 403 and the root error boundary, with their <title>s. */
export const statusMessages = defineMessages(
  {
    notFoundTitle: "Page not found | OneHop",
    errorTitle: "Something went wrong | OneHop",
    notFound: "Oops! Page not found",
    notFoundBody: "The page you are looking for does not exist or has moved.",
    accessDenied: "Access denied",
    accessDeniedBody: "Your account does not have access to this page.",
    returnHome: "Return to Home",
    unexpected: "Unexpected Application Error!",
    /** Followed by the support e-mail address (a link) and a full stop. */
    tryAgainContact: "Please try again. If the problem continues, contact",
    error: "Error",
    unknownError: "Unknown error",
  },
  {
    notFoundTitle: "Ukurasa haupatikani | OneHop",
    errorTitle: "Kuna hitilafu | OneHop",
    notFound: "Samahani! Ukurasa haupatikani",
    notFoundBody: "Ukurasa unaoutafuta haupo au umehamishwa.",
    accessDenied: "Huna ruhusa",
    accessDeniedBody: "Akaunti yako haina ruhusa ya kufungua ukurasa huu.",
    returnHome: "Rudi ukurasa wa mwanzo",
    unexpected: "Hitilafu isiyotarajiwa!",
    tryAgainContact: "Tafadhali jaribu tena. Tatizo likiendelea, wasiliana na",
    error: "Hitilafu",
    unknownError: "Hitilafu isiyojulikana",
  },
);

/** sonner's own controls around the toasts (its English defaults, and their Kiswahili). */
export const toastMessages = defineMessages(
  {
    close: "Close toast",
    notifications: "Notifications",
  },
  {
    close: "Funga ujumbe",
    notifications: "Arifa",
  },
);
