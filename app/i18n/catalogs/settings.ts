/**
 * Settings (issue 33): settlement destinations, the payout schedule, split and failover, the KRA
 * PIN, directors and owners, and the data page: their words, the forms' validation messages and
 * the toasts of their actions. Core's English (railNames, the destination statuses, the policy's
 * labels, the export sections and retained records) stays the source for the API, CSV files and
 * e-mails; the pages map them by key here.
 */
import type { DestinationStatus } from "~/core/destinations/vocabulary";
import { keepLabels, scheduleLabels } from "~/core/funding/policy";
import type { RailId } from "~/core/rails/types";
import type { ExportSection } from "~/core/retention/sections";
import type { RETAINED_RECORDS } from "~/core/retention/rule";
import { kenyanPhoneError } from "~/utils/phone";
import { defineMessages } from "../messages";

type RetainedLabel = (typeof RETAINED_RECORDS)[number]["label"];

/** "a Safaricom", "an Airtel" (the English network message's article). */
const article = (name: string) => `${/^[AEIOU]/.test(name) ? "an" : "a"} ${name}`;

export const settingsMessages = defineMessages(
  {
    page: {
      title: "Settlement settings",
      metaDescription: "Where OneHop pays you.",
      back: "Back to the dashboard",
      introBefore:
        "Your payments are paid out to your default destination (or split between your destinations), as your payout schedule below says. ",
      limits: (perTransfer: string, daily: string) =>
        `M-Pesa pays up to ${perTransfer} a transfer and ${daily} a day`,
      introAfter:
        "; anything above waits for the next day. Each transfer carries the provider's own charge, passed on at cost (see the ",
      tariffLink: "tariff schedule",
      currentlyPaying: (label: string) => `Currently paying to ${label}.`,
      noDestination: "No settlement number yet: payments wait until you add one.",
      held: (destination: string, date: string) =>
        `Payouts to ${destination} start after ${date}`,
      heldAfter: ". A new destination waits before it is paid, in case someone else added it.",
      destinationsTitle: "Your payout destinations",
      policyTitle: "When you are paid",
      due: (amount: string) => `${amount} of your payments is waiting for the next daily payout.`,
      keptBefore: "Money kept in your OneHop balance pays your ",
      keptLink: "bulk and single payouts",
      keptAfter: ". Money you top up is never paid back out to your destination.",
      onlyOwnerChange: "Only an account owner can change this.",
      splitTitle: "Split and failover",
      addTitle: "Add a destination",
      addIntro:
        "We check every new destination with its provider and show you the registered name to confirm before anything is paid there.",
      addHintWait: (hours: number) =>
        `To change where you are paid. We e-mail you about the change, and payouts to a new destination start after ${hours} hours.`,
      addHint: "To change where you are paid. We e-mail you about the change.",
      onlyOwnerWhere: "Only an account owner can change where you are paid.",
      approvalTitle: "Payout approval",
      approvalNone: "Single payouts are sent without a second approval.",
      approvalAbove: (amount: string) =>
        `Single payouts above ${amount} wait for a second member's approval.`,
      approvalFileAlways: " A payout file always does. Only an account owner can change this.",
      businessTitle: "Business details on your statements",
      kraPinShown: (pin: string) => `KRA PIN: ${pin}.`,
      noKraPin: "No KRA PIN yet.",
      onlyOwnerAdmin: " Only an owner or admin can change it.",
      ownersLink: "Directors and owners",
      dataLink: "Your data: download it or ask for erasure",
    },
    rails: {
      mpesa: "M-Pesa",
      "airtel-money": "Airtel Money",
      "t-kash": "T-Kash",
      pesalink: "Bank account (PesaLink)",
    } satisfies Record<RailId, string>,
    /** "Equity Bank Kenya account ••••9886" (a masked bank account in a toast or notice). */
    maskedBankAccount: (bank: string, last4: string) => `${bank} account ••••${last4}`,
    destinations: {
      status: {
        verifying: "Being checked",
        confirm_name: "Confirm the registered name",
        verified: "Verified",
        failed: "Not verified",
        removed: "Removed",
      } satisfies Record<DestinationStatus, string>,
      default: "Default",
      splitShare: (percent: number) => `${percent}% of each settlement`,
      registeredName: "Registered name: ",
      youEntered: (name: string) => ` (you entered ${name})`,
      nameDiffers:
        "This name does not match the account name you entered. Confirm it only if the account is yours.",
      noName:
        "The check payment arrived, but the provider did not give the registered name. Confirm that the money reached your account.",
      notCheckedYet: "We could not check it with the provider yet.",
      checkOnItsWay: "A small check payment is on its way; refresh this page to see its result.",
      heldUntil: (date: string) => `Payouts start after ${date}`,
      heldAfter: ": a new destination waits before it is paid, in case someone else added it.",
      confirmYes: "Yes, this account is mine",
      confirming: "Confirming...",
      rejectNo: "No, it is not mine",
      saving: "Saving...",
      checkAgain: "Check again",
      checking: "Checking...",
      makeDefault: "Make default",
      remove: "Remove",
      removing: "Removing...",
    },
    add: {
      payTo: "Pay me to",
      chooseWhere: "Choose where to be paid",
      mobile: "Mobile number",
      mobileHint: "For M-Pesa, Airtel Money and T-Kash: the number the wallet is registered to.",
      bankLegend: "For a bank account (PesaLink)",
      bank: "Bank",
      chooseBank: "Choose your bank",
      accountNumber: "Account number",
      accountName: "Account name",
      accountNameHint: "As the bank holds it: we check it with the bank.",
      password: "Your password",
      adding: "Adding...",
      submit: "Add destination",
      errors: {
        password: "Enter your password to change where you are paid",
        rail: "Choose where to be paid",
        phoneFormat: "Enter a Kenyan mobile number such as 0712 345 678",
        bankList: "Choose your bank from the list",
        accountNumberLength: "An account number has at most 20 digits",
        accountNameLength: "Enter the account name in at most 100 characters",
        accountNumberRequired: "Enter the account number",
        accountNameRequired: "Enter the name the account is held in",
        accountDigitsOnly: "An account number has digits only",
        accountDigits: (bank: string, min: number, max: number, got: number) =>
          `${bank} account numbers have ${min === max ? `${min}` : `between ${min} and ${max}`} digits (got ${got})`,
        phoneRequired: (rail: string) => `Enter the ${rail} number to be paid to`,
        phoneInvalid: kenyanPhoneError,
        otherNetwork: (network: string, rail: string, expected: string) =>
          `That is ${article(network)} number: ${rail} pays ${expected} numbers only`,
        unknownNetwork: (expected: string, rail: string) =>
          `That is not ${article(expected)} number: ${rail} pays ${expected} numbers only`,
        railUnavailable: (rail: string) => `${rail} payouts are not available yet`,
        duplicate: "You already have this destination.",
        tooMany: "You have the most destinations allowed: remove one first.",
        throttled: (minutes: number) =>
          `Too many wrong passwords. Try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`,
        busy: "We are very busy right now, so your password was not checked and nothing changed. Please try again in a few seconds.",
        wrongPassword: "That password is not right. Enter the password you sign in with.",
      },
    },
    policy: {
      scheduleLabels,
      keepLabels,
      scheduleHints: {
        instant:
          "Each confirmed payment goes to your destination straight away, with its own charge.",
        daily:
          "Payments collect in your OneHop balance and go in one transfer a day: one charge instead of many.",
      },
      keepHints: {
        none: "Your balance only holds money you top up.",
        percent: "A share of every payment stays, ready for bulk and single payouts.",
        float:
          "Payments fill your balance up to this amount first; only what is above it is paid out.",
      },
      whenLegend: "When we pay you",
      dailyTime: "Time of the daily payout (Nairobi time)",
      chooseTime: "Choose a time",
      keepLegend: "What stays in your OneHop balance for payouts",
      keepPercent: "Percentage of each payment to keep",
      keepPercentHint: "A whole number from 1 to 100. Used when you keep a percentage.",
      example: (value: string) => `e.g. ${value}`,
      keepFloat: "Float to keep (KES)",
      keepFloatHint: (max: string) =>
        `Whole shillings, up to ${max}. Used when you keep a float.`,
      saving: "Saving...",
      save: "Save payout schedule",
      whenDaily: (time: string) =>
        `Your payments are paid out once a day at ${time} (Nairobi time), in one transfer`,
      whenInstant: "Each payment is paid out as soon as it is confirmed",
      keptPercent: (percent: number) =>
        `; ${percent}% of each payment stays in your OneHop balance for payouts`,
      keptFloat: (amount: string) => `; ${amount} stays in your OneHop balance for payouts`,
      errors: {
        schedule: "Choose when you are paid",
        keep: "Choose what stays in your OneHop balance",
        dailyTime: "Choose a time between 06:00 and 21:30",
        percent: "Enter a whole percentage from 1 to 100",
        floatFormat: "Enter whole shillings, such as 20000",
        floatRange: (max: string) => `Enter from KES 1 to ${max}`,
      },
    },
    splits: {
      help: "Leave every share empty to pay everything to your default destination.",
      shareFor: (destination: string) => `Share for ${destination} (%)`,
      failover:
        "When a destination's provider is down, pay my other verified destination instead",
      saving: "Saving...",
      save: "Save split and failover",
      errors: {
        whole: "Each share is a whole percent from 1 to 100",
        twoNeeded:
          "A split needs at least two destinations: leave every share empty to use the default",
        total: (total: number) => `The shares add up to ${total}%: they must add up to 100%`,
        verifiedOnly: "Only verified destinations can take a share",
      },
    },
    kraPin: {
      label: "KRA PIN",
      hint: "As on your KRA PIN certificate, such as P051234567X. Printed on your statements. Leave it blank to remove it.",
      placeholder: "e.g. P051234567X",
      saving: "Saving...",
      save: "Save KRA PIN",
      invalid: "Enter the 11-character PIN from your KRA PIN certificate, such as P051234567X",
    },
    toasts: {
      splitSaved: "Split and failover saved",
      splitOn: "Each settlement is now split between your destinations.",
      splitOff: "Each settlement goes to your default destination.",
      notFound: "That destination was not found",
      notChecking: "That destination is not being checked",
      notWaiting: "That destination is not waiting for your answer",
      notVerified: "Only a verified destination can be the default",
      isDefault: "Make another destination the default before removing this one",
      notVerifiedTitle: "Destination not verified",
      checkDetails: (reason: string) => `${reason}. Check the details and add it again.`,
      checking: "Checking the destination",
      nameFound: "Check the registered name below and confirm it is yours to start using it.",
      payoutPending:
        "We are sending a small check payment to it. When it arrives, confirm the registered name here.",
      unavailable:
        "We could not check it with the provider right now: use Check again in a few minutes.",
      verified: "Destination verified",
      verifiedDescription: (label: string) => `${label} can now be paid.`,
      rejected: "Destination not used",
      rejectedDescription: (label: string) => `Nothing will be paid to ${label}.`,
      defaultChanged: "Default destination changed",
      defaultChangedDescription: (label: string) => `Settlements now go to ${label}.`,
      removed: "Destination removed",
      removedDescription: (label: string) => `Nothing more will be paid to ${label}.`,
      added: "Destination added",
      approvalSaved: "Approval limit saved",
      approvalSavedAbove: (amount: string) =>
        `Single payouts above ${amount} now wait for a second member's approval.`,
      scheduleSaved: "Payout schedule saved",
      scheduleUnchanged: "Payout schedule unchanged",
      kraPinSaved: "KRA PIN saved",
      kraPinShown: (pin: string) => `Your statements now show KRA PIN ${pin}.`,
      kraPinRemoved: "Your statements no longer show a KRA PIN.",
    },
    owners: {
      title: "Directors and owners",
      metaDescription: "The people behind your business.",
      back: "Back to settings",
      intro:
        "The law asks us to know who runs and who owns your business: every director, and every beneficial owner holding 25% or more. Keep this list up to date; we check every name against the sanctions lists. Someone removed stays in our records, marked removed, as the law requires.",
      peopleTitle: "People listed",
      nobody: "Nobody is listed yet: add your directors below.",
      listLabel: "Directors and owners",
      director: "Director",
      owner: "Beneficial owner",
      notGiven: "Not given",
      role: "Role: ",
      nationality: "Nationality: ",
      idNumber: "ID or passport: ",
      dateOfBirth: "Date of birth: ",
      pep: "Politically exposed: ",
      pepYes: "Yes (declared)",
      pepNo: "No",
      change: "Change",
      changeWhose: (name: string) => `Change ${name}'s details`,
      remove: "Remove",
      removeWho: (name: string) => `Remove ${name}`,
      changeTitle: "Change details",
      addTitle: "Add a director or owner",
      saving: "Saving...",
      saveChanges: "Save changes",
      addPerson: "Add person",
      cancel: "Cancel",
      toasts: {
        removed: "Person removed",
        removedDescription: "Their record is kept, marked removed.",
        saved: "Details saved",
        savedDescription: (name: string) => `${name}'s details are updated.`,
        added: "Person added",
        addedDirector: (name: string) => `${name} is listed as a director.`,
        addedOwner: (name: string) => `${name} is listed as a beneficial owner.`,
        notSaved: "Not saved",
      },
    },
    data: {
      title: "Your data",
      metaDescription: "Download your data or ask for erasure.",
      back: "Back to settings",
      intro: (years: number, keptUntil: string) =>
        `Download everything we hold about your business, or ask us to erase what the law lets us erase. Financial and KYC records are kept ${years} years after your account closes (the Proceeds of Crime and Anti-Money Laundering Act): yours are kept ${keptUntil}.`,
      keptUntilDate: (date: string) => `until ${date}`,
      keptUntilOpen: (years: number) => `until ${years} years after your account closes`,
      exportTitle: "Download your data",
      exportIntro:
        "Your business details, team members (never passwords or second-factor secrets), API keys (never their secrets), payments, refunds, payouts, settlements, statement lines and your audit log. The JSON file has every section; each CSV file has one, for a spreadsheet.",
      downloadAll: "Download everything (JSON)",
      sections: {
        business: "Business details",
        members: "Team members",
        api_keys: "API keys (never their secrets)",
        payments: "Payments",
        refunds: "Refunds",
        payouts: "Payouts",
        settlement_transfers: "Settlements and transfers",
        ledger_entries: "Statement lines (ledger entries)",
        audit: "Audit log",
      } satisfies Record<ExportSection, string>,
      erasureTitle: "Ask for erasure",
      erasureIntro:
        "We remove now: marketing consent, your team's SMS numbers, removed members' e-mail addresses, passwords, second factors and sign-in history, invitations never accepted, and your customers' e-mail addresses on payments older than 90 days.",
      weKeep: (keptUntil: string) => `We keep ${keptUntil}, as the law requires:`,
      retained: {
        "Payments and their events": "Payments and their events",
        "M-Pesa collections": "M-Pesa collections",
        "Refunds, with the travel rule's data": "Refunds, with the travel rule's data",
        "Settlements and other transfers": "Settlements and other transfers",
        "Balance top-ups": "Balance top-ups",
        "Payout destinations and their checks": "Payout destinations and their checks",
        "Payouts and their recipients": "Payouts and their recipients",
        "The ledger behind your statements": "The ledger behind your statements",
        "Your application and business details": "Your application and business details",
        "KYB documents": "KYB documents",
        "Directors and beneficial owners": "Directors and beneficial owners",
        "Sanctions screening results": "Sanctions screening results",
        "Compliance records": "Compliance records",
        "The audit log of who did what": "The audit log of who did what",
        "API keys' records (never their secrets)": "API keys' records (never their secrets)",
        "Your data requests": "Your data requests",
      } satisfies Record<RetainedLabel, string>,
      /** What an erasure removed, keyed by core's English (requests.server.ts). */
      removedItems: {
        "Marketing consent (newsletter)": "Marketing consent (newsletter)",
        "Team members' SMS numbers": "Team members' SMS numbers",
        "Removed members' e-mail addresses, passwords and second factors":
          "Removed members' e-mail addresses, passwords and second factors",
        "Removed members' sign-in history": "Removed members' sign-in history",
        "Invitations never accepted": "Invitations never accepted",
        "Customers' e-mails on payments older than 90 days":
          "Customers' e-mails on payments older than 90 days",
      },
      resultTitle: (date: string) => `Your erasure request of ${date}`,
      removedLabel: "Removed:",
      noneHeld: "none held",
      keptLabel: (keptUntil: string) => `Kept ${keptUntil}, as the law requires:`,
      confirm: "I understand that what is removed cannot be brought back.",
      confirmRequired: "Tick the box to confirm: what is removed cannot be brought back",
      erasing: "Erasing...",
      erase: "Erase what can be erased",
      onlyOwner: "Only the owner can ask for erasure.",
      requestsTitle: "Your requests",
      download: "Download",
      erasure: "Erasure",
      completed: "completed",
      erasureDone: "Erasure done",
      erasureDoneDescription: (keptUntil: string) =>
        `What could be removed now was removed. Your financial and KYC records are kept ${keptUntil}.`,
    },
  },
  {
    page: {
      title: "Mipangilio ya ulipaji",
      metaDescription: "Mahali OneHop inapokulipa.",
      back: "Rudi kwenye dashibodi",
      introBefore:
        "Malipo yako hutumwa mahali pako pa msingi pa kupokea malipo (au hugawanywa kati ya mahali pako pa kupokea malipo), kama ratiba yako ya malipo hapa chini inavyosema. ",
      limits: (perTransfer: string, daily: string) =>
        `M-Pesa hutuma hadi ${perTransfer} kwa utumaji mmoja na ${daily} kwa siku`,
      introAfter:
        "; kinachozidi kinasubiri siku inayofuata. Kila utumaji una gharama ya mtoa huduma mwenyewe, tunayoipitisha kwako bila faida (angalia ",
      tariffLink: "viwango vya ada",
      currentlyPaying: (label: string) => `Kwa sasa tunalipa kwa ${label}.`,
      noDestination:
        "Bado hakuna nambari ya kupokea malipo: malipo yanasubiri hadi uweke moja.",
      held: (destination: string, date: string) =>
        `Malipo kwa ${destination} yataanza baada ya ${date}`,
      heldAfter:
        ". Mahali papya pa kupokea malipo husubiri kabla ya kulipwa, endapo mtu mwingine ndiye aliyepaweka.",
      destinationsTitle: "Mahali pako pa kupokea malipo",
      policyTitle: "Unapolipwa",
      due: (amount: string) =>
        `${amount} ya malipo yako inasubiri utumaji unaofuata wa kila siku.`,
      keptBefore: "Pesa zinazobaki kwenye salio lako la OneHop hulipia ",
      keptLink: "utumaji wako wa malipo, wa makundi na wa mmoja mmoja",
      keptAfter:
        ". Pesa unazoongeza kwenye salio hazitumwi tena mahali pako pa kupokea malipo.",
      onlyOwnerChange: "Ni mmiliki wa akaunti tu anayeweza kubadilisha hili.",
      splitTitle: "Mgawanyo na njia mbadala",
      addTitle: "Ongeza mahali pa kupokea malipo",
      addIntro:
        "Tunakagua kila mahali papya pa kupokea malipo na mtoa huduma wake, na kukuonyesha jina lililosajiliwa ulithibitishe kabla ya chochote kulipwa huko.",
      addHintWait: (hours: number) =>
        `Ili kubadilisha mahali unapolipwa. Tutakutumia barua pepe kuhusu mabadiliko haya, na malipo kwa mahali papya yataanza baada ya saa ${hours}.`,
      addHint:
        "Ili kubadilisha mahali unapolipwa. Tutakutumia barua pepe kuhusu mabadiliko haya.",
      onlyOwnerWhere: "Ni mmiliki wa akaunti tu anayeweza kubadilisha mahali unapolipwa.",
      approvalTitle: "Idhini ya utumaji wa malipo",
      approvalNone: "Malipo ya mmoja mmoja hutumwa bila idhini ya pili.",
      approvalAbove: (amount: string) =>
        `Malipo ya mmoja mmoja yanayozidi ${amount} husubiri idhini ya mwanachama wa pili.`,
      approvalFileAlways:
        " Faili la malipo huhitaji idhini hiyo kila wakati. Ni mmiliki wa akaunti tu anayeweza kubadilisha hili.",
      businessTitle: "Taarifa za biashara kwenye taarifa zako za akaunti",
      kraPinShown: (pin: string) => `KRA PIN ya biashara: ${pin}.`,
      noKraPin: "Bado hakuna KRA PIN.",
      onlyOwnerAdmin: " Ni mmiliki au msimamizi tu anayeweza kuibadilisha.",
      ownersLink: "Wakurugenzi na wamiliki",
      dataLink: "Data yako: ipakue au omba ifutwe",
    },
    rails: {
      mpesa: "M-Pesa",
      "airtel-money": "Airtel Money",
      "t-kash": "T-Kash",
      pesalink: "Akaunti ya benki (PesaLink)",
    },
    maskedBankAccount: (bank: string, last4: string) => `${bank} akaunti ••••${last4}`,
    destinations: {
      status: {
        verifying: "Inakaguliwa",
        confirm_name: "Thibitisha jina lililosajiliwa",
        verified: "Imethibitishwa",
        failed: "Haijathibitishwa",
        removed: "Imeondolewa",
      },
      default: "Msingi",
      splitShare: (percent: number) => `${percent}% ya kila ulipaji`,
      registeredName: "Jina lililosajiliwa: ",
      youEntered: (name: string) => ` (uliweka ${name})`,
      nameDiffers:
        "Jina hili halilingani na jina la akaunti uliloweka. Lithibitishe tu ikiwa akaunti ni yako.",
      noName:
        "Malipo ya ukaguzi yamefika, lakini mtoa huduma hakutoa jina lililosajiliwa. Thibitisha kwamba pesa zimefika kwenye akaunti yako.",
      notCheckedYet: "Bado hatujaweza kuikagua na mtoa huduma.",
      checkOnItsWay:
        "Malipo madogo ya ukaguzi yako njiani; onyesha upya ukurasa huu kuona matokeo yake.",
      heldUntil: (date: string) => `Malipo yataanza baada ya ${date}`,
      heldAfter:
        ": mahali papya pa kupokea malipo husubiri kabla ya kulipwa, endapo mtu mwingine ndiye aliyepaweka.",
      confirmYes: "Ndiyo, akaunti hii ni yangu",
      confirming: "Inathibitisha...",
      rejectNo: "Hapana, si yangu",
      saving: "Inahifadhi...",
      checkAgain: "Kagua tena",
      checking: "Inakagua...",
      makeDefault: "Fanya msingi",
      remove: "Ondoa",
      removing: "Inaondoa...",
    },
    add: {
      payTo: "Nilipe kwa",
      chooseWhere: "Chagua mahali pa kulipwa",
      mobile: "Nambari ya simu",
      mobileHint:
        "Kwa M-Pesa, Airtel Money na T-Kash: nambari ambayo pochi imesajiliwa kwayo.",
      bankLegend: "Kwa akaunti ya benki (PesaLink)",
      bank: "Benki",
      chooseBank: "Chagua benki yako",
      accountNumber: "Nambari ya akaunti",
      accountName: "Jina la akaunti",
      accountNameHint: "Kama benki inavyolishikilia: tunalikagua na benki.",
      password: "Nenosiri lako",
      adding: "Inaongeza...",
      submit: "Ongeza mahali pa kupokea malipo",
      errors: {
        password: "Weka nenosiri lako ili kubadilisha mahali unapolipwa",
        rail: "Chagua mahali pa kulipwa",
        phoneFormat: "Weka nambari ya simu ya Kenya, kama 0712 345 678",
        bankList: "Chagua benki yako kutoka kwenye orodha",
        accountNumberLength: "Nambari ya akaunti ina tarakimu zisizozidi 20",
        accountNameLength: "Weka jina la akaunti kwa herufi zisizozidi 100",
        accountNumberRequired: "Weka nambari ya akaunti",
        accountNameRequired: "Weka jina ambalo akaunti imesajiliwa kwalo",
        accountDigitsOnly: "Nambari ya akaunti ina tarakimu tu",
        accountDigits: (bank: string, min: number, max: number, got: number) =>
          `Nambari za akaunti za ${bank} zina tarakimu ${min === max ? `${min}` : `kati ya ${min} na ${max}`} (umeweka ${got})`,
        phoneRequired: (rail: string) => `Weka nambari ya ${rail} ya kulipwa`,
        phoneInvalid: "Weka nambari ya simu ya Kenya, kama 0712 345 678",
        otherNetwork: (network: string, rail: string, expected: string) =>
          `Hiyo ni nambari ya ${network}: ${rail} hulipa nambari za ${expected} tu`,
        unknownNetwork: (expected: string, rail: string) =>
          `Hiyo si nambari ya ${expected}: ${rail} hulipa nambari za ${expected} tu`,
        railUnavailable: (rail: string) => `Malipo kwa ${rail} bado hayapatikani`,
        duplicate: "Tayari una mahali hapa pa kupokea malipo.",
        tooMany: "Umefikia idadi ya juu ya mahali pa kupokea malipo: ondoa pamoja kwanza.",
        throttled: (minutes: number) =>
          `Nenosiri limekosewa mara nyingi mno. Jaribu tena baada ya dakika ${minutes}.`,
        busy: "Tuna shughuli nyingi sana sasa hivi, kwa hiyo nenosiri lako halikukaguliwa na hakuna kilichobadilika. Jaribu tena baada ya sekunde chache.",
        wrongPassword: "Nenosiri hilo si sahihi. Weka nenosiri unalotumia kuingia.",
      },
    },
    policy: {
      scheduleLabels: {
        instant: "Tuma kila malipo mara moja",
        daily: "Tuma malipo mara moja kwa siku",
      },
      keepLabels: {
        none: "Usibakize chochote: tuma yote",
        percent: "Bakiza asilimia ya kila malipo",
        float: "Bakiza kiasi maalum kwa utumaji wa malipo",
      },
      scheduleHints: {
        instant:
          "Kila malipo yaliyothibitishwa hutumwa mahali pako pa kupokea malipo mara moja, na gharama yake.",
        daily:
          "Malipo hukusanyika kwenye salio lako la OneHop na hutumwa kwa utumaji mmoja kwa siku: gharama moja badala ya nyingi.",
      },
      keepHints: {
        none: "Salio lako lina pesa unazoongeza tu.",
        percent:
          "Sehemu ya kila malipo hubaki, tayari kwa utumaji wa malipo wa makundi na wa mmoja mmoja.",
        float:
          "Malipo hujaza salio lako hadi kiasi hiki kwanza; kinachozidi tu ndicho hutumwa kwako.",
      },
      whenLegend: "Tunapokulipa",
      dailyTime: "Saa ya utumaji wa kila siku (saa za Nairobi)",
      chooseTime: "Chagua saa",
      keepLegend: "Kinachobaki kwenye salio lako la OneHop kwa utumaji wa malipo",
      keepPercent: "Asilimia ya kila malipo ya kubakiza",
      keepPercentHint: "Namba kamili kuanzia 1 hadi 100. Inatumika ukibakiza asilimia.",
      example: (value: string) => `mfano ${value}`,
      keepFloat: "Kiasi cha kubakiza (KES)",
      keepFloatHint: (max: string) =>
        `Shilingi kamili, hadi ${max}. Kinatumika ukibakiza kiasi maalum.`,
      saving: "Inahifadhi...",
      save: "Hifadhi ratiba ya malipo",
      whenDaily: (time: string) =>
        `Malipo yako hutumwa kwako mara moja kwa siku saa ${time} (saa za Nairobi), kwa utumaji mmoja`,
      whenInstant: "Kila malipo hutumwa kwako mara tu yanapothibitishwa",
      keptPercent: (percent: number) =>
        `; ${percent}% ya kila malipo hubaki kwenye salio lako la OneHop kwa utumaji wa malipo`,
      keptFloat: (amount: string) =>
        `; ${amount} hubaki kwenye salio lako la OneHop kwa utumaji wa malipo`,
      errors: {
        schedule: "Chagua unapolipwa",
        keep: "Chagua kinachobaki kwenye salio lako la OneHop",
        dailyTime: "Chagua saa kati ya 06:00 na 21:30",
        percent: "Weka asilimia kamili kuanzia 1 hadi 100",
        floatFormat: "Weka shilingi kamili, kama 20000",
        floatRange: (max: string) => `Weka kuanzia KES 1 hadi ${max}`,
      },
    },
    splits: {
      help: "Acha kila sehemu wazi ili kutuma kila kitu mahali pako pa msingi pa kupokea malipo.",
      shareFor: (destination: string) => `Sehemu ya ${destination} (%)`,
      failover:
        "Mtoa huduma wa mahali pa kupokea malipo akiwa hafanyi kazi, lipa mahali pangu pengine palipothibitishwa",
      saving: "Inahifadhi...",
      save: "Hifadhi mgawanyo na njia mbadala",
      errors: {
        whole: "Kila sehemu ni asilimia kamili kuanzia 1 hadi 100",
        twoNeeded:
          "Mgawanyo unahitaji angalau mahali pawili pa kupokea malipo: acha kila sehemu wazi ili kutumia pa msingi",
        total: (total: number) => `Sehemu zinafika ${total}% kwa jumla: lazima zifike 100%`,
        verifiedOnly: "Ni mahali palipothibitishwa tu panapoweza kupata sehemu",
      },
    },
    kraPin: {
      label: "KRA PIN ya biashara",
      hint: "Kama ilivyo kwenye cheti chako cha KRA PIN, kama P051234567X. Huchapishwa kwenye taarifa zako za akaunti. Iache wazi ili kuiondoa.",
      placeholder: "mfano P051234567X",
      saving: "Inahifadhi...",
      save: "Hifadhi KRA PIN",
      invalid: "Weka PIN ya herufi 11 kutoka kwenye cheti chako cha KRA PIN, kama P051234567X",
    },
    toasts: {
      splitSaved: "Mgawanyo na njia mbadala vimehifadhiwa",
      splitOn: "Kila ulipaji sasa unagawanywa kati ya mahali pako pa kupokea malipo.",
      splitOff: "Kila ulipaji unaenda mahali pako pa msingi pa kupokea malipo.",
      notFound: "Mahali hapo pa kupokea malipo hapajapatikana",
      notChecking: "Mahali hapo pa kupokea malipo hapakaguliwi",
      notWaiting: "Mahali hapo pa kupokea malipo hapasubiri jibu lako",
      notVerified: "Ni mahali palipothibitishwa tu panapoweza kuwa pa msingi",
      isDefault: "Fanya mahali pengine kuwa pa msingi kabla ya kuondoa hapa",
      notVerifiedTitle: "Mahali pa kupokea malipo hapajathibitishwa",
      checkDetails: (reason: string) => `${reason}. Kagua maelezo kisha upaongeze tena.`,
      checking: "Tunakagua mahali pa kupokea malipo",
      nameFound:
        "Kagua jina lililosajiliwa hapa chini na uthibitishe kuwa ni lako ili kuanza kulitumia.",
      payoutPending:
        "Tunatuma malipo madogo ya ukaguzi huko. Yakifika, thibitisha jina lililosajiliwa hapa.",
      unavailable:
        "Hatukuweza kukagua na mtoa huduma sasa hivi: tumia Kagua tena baada ya dakika chache.",
      verified: "Mahali pa kupokea malipo pamethibitishwa",
      verifiedDescription: (label: string) => `${label} sasa inaweza kulipwa.`,
      rejected: "Mahali pa kupokea malipo hapatatumika",
      rejectedDescription: (label: string) => `Hakuna kitakacholipwa kwa ${label}.`,
      defaultChanged: "Mahali pa msingi pa kupokea malipo pamebadilishwa",
      defaultChangedDescription: (label: string) => `Ulipaji sasa unaenda kwa ${label}.`,
      removed: "Mahali pa kupokea malipo pameondolewa",
      removedDescription: (label: string) => `Hakuna kitakacholipwa tena kwa ${label}.`,
      added: "Mahali papya pa kupokea malipo pameongezwa",
      approvalSaved: "Kikomo cha idhini kimehifadhiwa",
      approvalSavedAbove: (amount: string) =>
        `Malipo ya mmoja mmoja yanayozidi ${amount} sasa yanasubiri idhini ya mwanachama wa pili.`,
      scheduleSaved: "Ratiba ya malipo imehifadhiwa",
      scheduleUnchanged: "Ratiba ya malipo haijabadilika",
      kraPinSaved: "KRA PIN imehifadhiwa",
      kraPinShown: (pin: string) => `Taarifa zako za akaunti sasa zinaonyesha KRA PIN ${pin}.`,
      kraPinRemoved: "Taarifa zako za akaunti hazionyeshi tena KRA PIN.",
    },
    owners: {
      title: "Wakurugenzi na wamiliki",
      metaDescription: "Watu walio nyuma ya biashara yako.",
      back: "Rudi kwenye mipangilio",
      intro:
        "Sheria inatutaka tujue nani anaendesha na nani anamiliki biashara yako: kila mkurugenzi, na kila mmiliki halisi mwenye hisa 25% au zaidi. Hakikisha orodha hii iko sahihi kila wakati; tunakagua kila jina kwenye orodha za vikwazo. Mtu aliyeondolewa hubaki kwenye kumbukumbu zetu, akiwa ameandikwa ameondolewa, kama sheria inavyotaka.",
      peopleTitle: "Watu walioorodheshwa",
      nobody: "Bado hakuna aliyeorodheshwa: ongeza wakurugenzi wako hapa chini.",
      listLabel: "Wakurugenzi na wamiliki",
      director: "Mkurugenzi",
      owner: "Mmiliki halisi",
      notGiven: "Halijatolewa",
      role: "Jukumu: ",
      nationality: "Uraia: ",
      idNumber: "Kitambulisho au pasipoti: ",
      dateOfBirth: "Tarehe ya kuzaliwa: ",
      pep: "Mwenye wadhifa wa umma: ",
      pepYes: "Ndiyo (imetangazwa)",
      pepNo: "Hapana",
      change: "Badilisha",
      changeWhose: (name: string) => `Badilisha maelezo ya ${name}`,
      remove: "Ondoa",
      removeWho: (name: string) => `Ondoa ${name}`,
      changeTitle: "Badilisha maelezo",
      addTitle: "Ongeza mkurugenzi au mmiliki",
      saving: "Inahifadhi...",
      saveChanges: "Hifadhi mabadiliko",
      addPerson: "Ongeza mtu",
      cancel: "Ghairi",
      toasts: {
        removed: "Mtu ameondolewa",
        removedDescription: "Kumbukumbu yake imehifadhiwa, ikiwa imeandikwa ameondolewa.",
        saved: "Maelezo yamehifadhiwa",
        savedDescription: (name: string) => `Maelezo ya ${name} yamesasishwa.`,
        added: "Mtu ameongezwa",
        addedDirector: (name: string) => `${name} ameorodheshwa kama mkurugenzi.`,
        addedOwner: (name: string) => `${name} ameorodheshwa kama mmiliki halisi.`,
        notSaved: "Haijahifadhiwa",
      },
    },
    data: {
      title: "Data yako",
      metaDescription: "Pakua data yako au omba ifutwe.",
      back: "Rudi kwenye mipangilio",
      intro: (years: number, keptUntil: string) =>
        `Pakua kila kitu tulicho nacho kuhusu biashara yako, au tuombe tufute kile ambacho sheria inaturuhusu kufuta. Kumbukumbu za kifedha na za KYC huhifadhiwa miaka ${years} baada ya akaunti yako kufungwa (Sheria ya Mapato ya Uhalifu na Kupambana na Utakatishaji wa Fedha): zako zinahifadhiwa ${keptUntil}.`,
      keptUntilDate: (date: string) => `hadi ${date}`,
      keptUntilOpen: (years: number) => `hadi miaka ${years} baada ya akaunti yako kufungwa`,
      exportTitle: "Pakua data yako",
      exportIntro:
        "Taarifa za biashara yako, wanachama wa timu (kamwe si manenosiri wala siri za hatua ya pili), funguo za API (kamwe si siri zake), malipo, marejesho, utumaji wa malipo, ulipaji, mistari ya taarifa ya akaunti na kumbukumbu za ukaguzi. Faili la JSON lina kila sehemu; kila faili la CSV lina sehemu moja, kwa jedwali.",
      downloadAll: "Pakua kila kitu (JSON)",
      sections: {
        business: "Taarifa za biashara",
        members: "Wanachama wa timu",
        api_keys: "Funguo za API (kamwe si siri zake)",
        payments: "Malipo",
        refunds: "Marejesho",
        payouts: "Malipo yaliyotumwa",
        settlement_transfers: "Ulipaji na utumaji",
        ledger_entries: "Mistari ya taarifa ya akaunti (leja)",
        audit: "Kumbukumbu za ukaguzi",
      },
      erasureTitle: "Omba data ifutwe",
      erasureIntro:
        "Tunafuta sasa: idhini ya matangazo, nambari za SMS za timu yako, barua pepe za wanachama walioondolewa, manenosiri, hatua za pili na historia ya kuingia, mialiko ambayo haikukubaliwa, na barua pepe za wateja wako kwenye malipo ya zaidi ya siku 90 zilizopita.",
      weKeep: (keptUntil: string) => `Tunahifadhi ${keptUntil}, kama sheria inavyotaka:`,
      retained: {
        "Payments and their events": "Malipo na matukio yake",
        "M-Pesa collections": "Makusanyo ya M-Pesa",
        "Refunds, with the travel rule's data": "Marejesho, pamoja na data ya kanuni ya usafiri",
        "Settlements and other transfers": "Ulipaji na utumaji mwingine",
        "Balance top-ups": "Kuongeza salio",
        "Payout destinations and their checks": "Mahali pa kupokea malipo na ukaguzi wake",
        "Payouts and their recipients": "Utumaji wa malipo na wapokeaji wake",
        "The ledger behind your statements": "Leja iliyo nyuma ya taarifa zako za akaunti",
        "Your application and business details": "Maombi yako na taarifa za biashara",
        "KYB documents": "Hati za KYB",
        "Directors and beneficial owners": "Wakurugenzi na wamiliki halisi",
        "Sanctions screening results": "Matokeo ya ukaguzi wa vikwazo",
        "Compliance records": "Kumbukumbu za utiifu wa sheria",
        "The audit log of who did what": "Kumbukumbu za ukaguzi za nani alifanya nini",
        "API keys' records (never their secrets)": "Kumbukumbu za funguo za API (kamwe si siri zake)",
        "Your data requests": "Maombi yako ya data",
      },
      removedItems: {
        "Marketing consent (newsletter)": "Idhini ya matangazo (jarida)",
        "Team members' SMS numbers": "Nambari za SMS za wanachama wa timu",
        "Removed members' e-mail addresses, passwords and second factors":
          "Barua pepe, manenosiri na hatua za pili za wanachama walioondolewa",
        "Removed members' sign-in history": "Historia ya kuingia ya wanachama walioondolewa",
        "Invitations never accepted": "Mialiko ambayo haikukubaliwa",
        "Customers' e-mails on payments older than 90 days":
          "Barua pepe za wateja kwenye malipo ya zaidi ya siku 90 zilizopita",
      },
      resultTitle: (date: string) => `Ombi lako la kufuta data la ${date}`,
      removedLabel: "Vilivyofutwa:",
      noneHeld: "hakuna tulichokuwa nacho",
      keptLabel: (keptUntil: string) => `Vinavyohifadhiwa ${keptUntil}, kama sheria inavyotaka:`,
      confirm: "Ninaelewa kwamba kilichofutwa hakiwezi kurudishwa.",
      confirmRequired: "Weka alama kwenye kisanduku ili kuthibitisha: kilichofutwa hakiwezi kurudishwa",
      erasing: "Inafuta...",
      erase: "Futa kinachoweza kufutwa",
      onlyOwner: "Ni mmiliki tu anayeweza kuomba data ifutwe.",
      requestsTitle: "Maombi yako",
      download: "Upakuaji",
      erasure: "Kufuta",
      completed: "imekamilika",
      erasureDone: "Ufutaji umekamilika",
      erasureDoneDescription: (keptUntil: string) =>
        `Kilichoweza kufutwa sasa kimefutwa. Kumbukumbu zako za kifedha na za KYC zinahifadhiwa ${keptUntil}.`,
    },
  },
);
