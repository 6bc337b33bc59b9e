/**
 * The merchant dashboard (issue 33): greeting, first-run checklist, this month's figures, the
 * balances and the account's details; and the "add your settlement number" call to action that
 * Create Payment shows. The checklist's links and which steps a role sees stay in
 * app/content/dashboard.ts and core/merchants/first-run-checklist.ts; its words are here by step.
 */
import { dashboardText, firstRunSteps, type FirstRunStepId } from "~/content/dashboard";
import { defineMessages } from "../messages";

type StepWords = { label: string; hint: string };

const stepsEn = Object.fromEntries(
  firstRunSteps.map((step) => [step.id, { label: step.label, hint: step.hint }]),
) as Record<FirstRunStepId, StepWords>;

const stepsSw: Record<FirstRunStepId, StepWords> = {
  settlement: {
    label: "Ongeza nambari yako ya ulipaji",
    hint: "Tunakulipa KES kupitia nambari hiyo. Hadi uiongeze, malipo ya wateja wako yanasubiri kwetu.",
  },
  team: {
    label: "Alika timu yako",
    hint: "Makeshia huunda malipo; wafanyakazi wa fedha huona salio na malipo yaliyotumwa.",
  },
  twoFactor: {
    label: "Washa uthibitishaji wa hatua mbili",
    hint: "Msimbo kutoka kwenye simu yako pamoja na nenosiri lako unapoingia.",
  },
  firstPayment: {
    label: "Pokea malipo yako ya kwanza",
    hint: "Unda malipo kisha ushiriki kiungo cha ukurasa wake wa malipo na mteja wako.",
  },
  apiKey: {
    label: "Unda ufunguo wa API",
    hint: "Ili tovuti yako au mfumo wako wa mauzo uunde malipo wenyewe.",
  },
};

export const dashboardMessages = defineMessages(
  {
    title: "Merchant Dashboard",
    metaDescription: "Your OneHop merchant dashboard.",
    welcomeBack: dashboardText.welcomeBack,
    welcome: dashboardText.welcome,
    createPayment: dashboardText.createPayment,
    thisMonth: "This month",
    noPaymentsTitle: dashboardText.noPaymentsTitle,
    noPaymentsBody: dashboardText.noPaymentsBody,
    noTestPaymentsBody: dashboardText.noTestPaymentsBody,
    balancesTitle: "Balances and settlement",
    /** Followed by the destination ("M-Pesa +254 712 345 678") and a full stop. */
    settledTo: "Settled to",
    changeWherePaid: "Change where you are paid",
    /** "No settlement number yet: payments wait until you [add one]." */
    noSettlementBefore: "No settlement number yet: payments wait until you",
    noSettlementLink: "add one",
    accountInformation: "Account Information",
    merchantId: "Merchant ID",
    username: "Username",
    businessName: "Business Name",
    contactEmail: "Contact Email",
    checklist: {
      title: dashboardText.checklistTitle,
      progress: dashboardText.progress,
      done: dashboardText.stepDone,
      toDo: dashboardText.stepToDo,
      steps: stepsEn,
    },
    stats: {
      totalRevenue: "Total Revenue",
      transactions: "Transactions",
      activeCustomers: "Active Customers",
      successRate: "Success Rate",
      noFinishedPayments: dashboardText.noFinishedPayments,
      fromLastMonth: dashboardText.fromLastMonth,
    },
    balances: {
      available: "Available",
      availableHint:
        "Yours for payouts; collections go to your destination as your payout schedule says",
      pending: "Pending",
      pendingHint: "Held for review (large payments)",
      inFlight: "On the way",
      inFlightHint: "Sent to your destination, waiting for the receipt",
    },
    addSettlement: {
      title: "No settlement number yet",
      body: "We pay you in KES to an M-Pesa number. Until you add one, the payments your customers make wait with us and are not paid out.",
      action: "Add your settlement number",
    },
  },
  {
    title: "Dashibodi ya mfanyabiashara",
    metaDescription: "Dashibodi yako ya mfanyabiashara kwenye OneHop.",
    welcomeBack: (name: string) => `Karibu tena, ${name}`,
    welcome: (name: string) => `Karibu, ${name}`,
    createPayment: "Unda malipo",
    thisMonth: "Mwezi huu",
    noPaymentsTitle: "Bado hakuna malipo",
    noPaymentsBody: "Takwimu zako za mwezi zitaonekana hapa baada ya malipo yako ya kwanza.",
    noTestPaymentsBody:
      "Malipo ya majaribio hufanywa kwa ufunguo wa API wa majaribio; takwimu zake zitaonekana hapa.",
    balancesTitle: "Salio na ulipaji",
    settledTo: "Unalipwa kupitia",
    changeWherePaid: "Badilisha mahali unapolipwa",
    noSettlementBefore: "Bado hakuna nambari ya ulipaji: malipo yanasubiri hadi",
    noSettlementLink: "uongeze nambari",
    accountInformation: "Maelezo ya akaunti",
    merchantId: "Kitambulisho cha mfanyabiashara",
    username: "Jina la mtumiaji",
    businessName: "Jina la biashara",
    contactEmail: "Barua pepe ya mawasiliano",
    checklist: {
      title: "Anza",
      progress: (done: number, total: number) => `${done} kati ya ${total} zimekamilika`,
      done: "Imekamilika",
      toDo: "Bado",
      steps: stepsSw,
    },
    stats: {
      totalRevenue: "Mapato yote",
      transactions: "Miamala",
      activeCustomers: "Wateja hai",
      successRate: "Kiwango cha mafanikio",
      noFinishedPayments: "Hakuna yaliyokamilika mwezi huu",
      fromLastMonth: "ukilinganisha na mwezi uliopita",
    },
    balances: {
      available: "Linapatikana",
      availableHint:
        "Pesa zako za kutuma; makusanyo hutumwa mahali malipo yanapotumwa kulingana na ratiba yako ya malipo",
      pending: "Inasubiri",
      pendingHint: "Pesa zimezuiliwa kwa ukaguzi (malipo makubwa)",
      inFlight: "Njiani",
      inFlightHint: "Pesa zimetumwa mahali malipo yanapotumwa, zinasubiri risiti",
    },
    addSettlement: {
      title: "Bado hakuna nambari ya ulipaji",
      body: "Tunakulipa KES kupitia nambari ya M-Pesa. Hadi uiongeze, malipo ya wateja wako yanasubiri kwetu na hayatumwi kwako.",
      action: "Ongeza nambari yako ya ulipaji",
    },
  },
);
