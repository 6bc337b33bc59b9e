/**
 * The merchant app's frame (issue 33): the side navigation and phone menu, who is signed in, Sign
 * Out, the error page inside the app, and the step-up page ("Confirm it is you"). The operator
 * console draws the same shell in English (its pages' locale is always "en").
 */
import { sectionErrorText, type MerchantNavId } from "~/content/app-navigation";
import type { TeamRole } from "~/core/accounts/permissions";
import { defineMessages } from "../messages";

const navEn: Record<MerchantNavId, string> = {
  dashboard: "Dashboard",
  payments: "Payments",
  till: "Till",
  statements: "Statements",
  payouts: "Payouts",
  paymentLinks: "Payment links",
  balances: "Balances and settlement",
  settings: "Settings",
  team: "Team",
  developers: "Developers",
  security: "Security",
};

const navSw: Record<MerchantNavId, string> = {
  dashboard: "Dashibodi",
  payments: "Malipo",
  till: "Till",
  statements: "Taarifa za akaunti",
  payouts: "Malipo yaliyotumwa",
  paymentLinks: "Viungo vya malipo",
  balances: "Salio na ulipaji",
  settings: "Mipangilio",
  team: "Timu",
  developers: "Wasanidi programu",
  security: "Usalama",
};

/** The roles as the shell names the signed-in member (core's teamRoleInfo labels stay English). */
const rolesEn: Record<TeamRole, string> = {
  owner: "Owner",
  admin: "Admin",
  finance: "Finance",
  developer: "Developer",
  cashier: "Cashier",
  viewer: "Viewer",
};

export const rolesSw: Record<TeamRole, string> = {
  owner: "Mmiliki",
  admin: "Msimamizi",
  finance: "Fedha",
  developer: "Msanidi programu",
  cashier: "Keshia",
  viewer: "Mtazamaji",
};

export const appShellMessages = defineMessages(
  {
    /** The section's name beside the logo, and the navigation landmark's name. */
    section: "Merchant",
    navLabel: "Merchant",
    signOut: "Sign Out",
    merchantId: "Merchant ID",
    nav: navEn,
    roles: rolesEn,
  },
  {
    section: "Mfanyabiashara",
    navLabel: "Mfanyabiashara",
    signOut: "Toka",
    merchantId: "Kitambulisho cha mfanyabiashara",
    nav: navSw,
    roles: rolesSw,
  },
);

/** The error page inside a signed-in section (SectionError). */
export const sectionErrorMessages = defineMessages(
  {
    ...sectionErrorText,
    error: (status: number) => `Error ${status}`,
    /** Followed by the support e-mail address (a link) and a full stop. */
    keepsHappening: "If it keeps happening, write to",
    backTo: (place: string) => `Back to ${place}`,
    /** The merchant app's home and the public home page, after "Back to". */
    dashboard: "the dashboard",
    homePage: "the home page",
  },
  {
    notFoundTitle: "Ukurasa haupatikani",
    notFoundBody: "Ukurasa huu haupo, au si sehemu ya akaunti yako.",
    failedTitle: "Kuna hitilafu",
    failedBody: "Hatukuweza kuonyesha ukurasa huu. Jaribu tena baada ya muda mfupi.",
    forbiddenTitle: "Huna ruhusa",
    forbiddenBody: "Akaunti yako haina ruhusa ya kufungua ukurasa huu.",
    error: (status: number) => `Hitilafu ${status}`,
    keepsHappening: "Tatizo likiendelea, tuandikie kwa",
    backTo: (place: string) => `Rudi kwenye ${place}`,
    dashboard: "dashibodi",
    homePage: "ukurasa wa mwanzo",
  },
);

/** Step-up before a sensitive action (merchant.confirm.tsx). */
export const stepUpMessages = defineMessages(
  {
    title: "Confirm it is you",
    metaTitle: "Confirm It Is You",
    metaDescription: "Confirm your identity before a sensitive change.",
    codeIntro:
      "This action needs a fresh code. Enter the 6-digit code from your authenticator app.",
    passwordIntro: "This action needs your password again.",
    password: "Password",
    passwordRequired: "Enter your password.",
    checking: "Checking...",
    confirm: "Confirm",
    confirmed: "Confirmed",
  },
  {
    title: "Thibitisha kuwa ni wewe",
    metaTitle: "Thibitisha kuwa ni wewe",
    metaDescription: "Thibitisha utambulisho wako kabla ya mabadiliko nyeti.",
    codeIntro:
      "Kitendo hiki kinahitaji msimbo mpya. Weka msimbo wa tarakimu 6 kutoka kwenye programu yako ya uthibitishaji.",
    passwordIntro: "Kitendo hiki kinahitaji nenosiri lako tena.",
    password: "Nenosiri",
    passwordRequired: "Weka nenosiri lako.",
    checking: "Inakagua...",
    confirm: "Thibitisha",
    confirmed: "Imethibitishwa",
  },
);
