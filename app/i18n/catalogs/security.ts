/**
 * A member's Security page (issue 33): sign-in settings, sessions, recent events, e-mail choices
 * and the toasts of its forms. The operator console draws the shared parts in English.
 */
import { notificationChoices } from "~/core/accounts/security-page-schema";
import { smsChoiceLabels, smsPhoneNeeded } from "~/core/notifications/sms-settings-schema";
import { kenyanPhoneError } from "~/utils/phone";
import { defineMessages } from "../messages";

export const securityMessages = defineMessages(
  {
    title: "Security",
    intro: (username: string) =>
      `Your sign-in as ${username}: where you are signed in, what happened recently, and which e-mails and texts you get.`,
    metaDescription: "Your sessions, security events, and e-mail and SMS notifications on OneHop.",
    signIn: "Sign-in",
    password: "Password",
    passwordNote: "Changing it signs out every other device.",
    changePassword: "Change password",
    twoFactor: "Two-factor sign-in",
    on: "On",
    off: "Off",
    twoFactorNote: "A code from an authenticator app after your password.",
    manageTwoFactor: "Manage two-factor sign-in",
    setUpTwoFactor: "Set up two-factor sign-in",
    sessionsTitle: "Where you are signed in",
    sessionsNote:
      "Places are approximate: the IP address the session signed in from. If you do not recognise a session, sign it out and change your password.",
    activeSessions: "Active sessions",
    thisDevice: "This device",
    ipAddress: (address: string) => `IP address ${address}`,
    notRecorded: "not recorded",
    signedIn: "signed in",
    lastActive: "last active",
    signOut: "Sign out",
    signingOut: "Signing out...",
    signedInAt: (device: string, at: string) => `${device}, signed in ${at}`,
    signOutOthers: "Sign out all other sessions",
    nowhereElse: "You are not signed in anywhere else.",
    eventsTitle: "Recent security events",
    nothingYet: "Nothing yet.",
    emailsTitle: "E-mail notifications",
    emailsIntro:
      "Security notices (a sign-in from a new device, password and two-factor changes) are always sent. These are up to you.",
    paymentSettled: notificationChoices.paymentSettled,
    dailySummary: notificationChoices.dailySummary,
    dailySummaryNote: "Yesterday's payments and settlements, every morning at 07:00.",
    monthlyStatement: notificationChoices.monthlyStatement,
    monthlyStatementNote:
      "Last month's opening and closing balance and totals, on the 1st at 06:00, with links to the statement (sign in to see it).",
    saveChoices: "Save Choices",
    saving: "Saving...",
    sms: {
      title: "SMS notifications",
      intro: (cap: number, today: number) =>
        `A text to your phone as money moves. At most ${cap} a day; you have had ${today} today.`,
      phone: smsChoiceLabels.phone,
      phoneHint: "A Kenyan mobile number. Leave it empty to stop all SMS.",
      onPayment: smsChoiceLabels.onPayment,
      onPayout: smsChoiceLabels.onPayout,
      onPayoutNote: "A settlement paid to you, or one of your payout batches done.",
      save: "Save SMS Choices",
      last: "Your last SMS",
      none: "No SMS yet.",
      reason: (reason: string) => `Reason: ${reason}`,
      phoneInvalid: kenyanPhoneError,
      phoneNeeded: smsPhoneNeeded,
      saved: "SMS choices saved",
      savedOn: "We will text you as you chose.",
      savedOff: "We will not send you SMS.",
    },
    toasts: {
      choicesSaved: "Notification choices saved",
      choicesSavedDescription: "We will e-mail you as you chose.",
      othersSignedOut: "Other sessions signed out",
      othersSignedOutDescription: (count: number) =>
        count === 1
          ? "1 other session was signed out. You stay signed in here."
          : `${count} other sessions were signed out. You stay signed in here.`,
      sessionSignedOut: "Session signed out",
      sessionSignedOutDescription: "That device must sign in again to use your account.",
      sessionNotFound: "Session not found",
      sessionNotFoundDescription:
        "It has already ended. The list shows the sessions still signed in.",
    },
  },
  {
    title: "Usalama",
    intro: (username: string) =>
      `Kuingia kwako kama ${username}: mahali ulipoingia, yaliyotokea hivi karibuni, na barua pepe na ujumbe mfupi unaopokea.`,
    metaDescription:
      "Vipindi vyako vya kuingia, matukio ya usalama, na arifa za barua pepe na SMS kwenye OneHop.",
    signIn: "Kuingia",
    password: "Nenosiri",
    passwordNote: "Ukilibadilisha, vifaa vingine vyote vitatolewa.",
    changePassword: "Badilisha nenosiri",
    twoFactor: "Uthibitishaji wa hatua mbili",
    on: "Umewashwa",
    off: "Umezimwa",
    twoFactorNote: "Msimbo kutoka kwa programu ya uthibitishaji baada ya nenosiri lako.",
    manageTwoFactor: "Simamia uthibitishaji wa hatua mbili",
    setUpTwoFactor: "Weka uthibitishaji wa hatua mbili",
    sessionsTitle: "Mahali ulipoingia",
    sessionsNote:
      "Mahali ni makadirio: anwani ya IP ambayo kipindi kiliingia kutoka. Usipokitambua kipindi, kitoe kisha ubadilishe nenosiri lako.",
    activeSessions: "Vipindi vinavyoendelea",
    thisDevice: "Kifaa hiki",
    ipAddress: (address: string) => `Anwani ya IP ${address}`,
    notRecorded: "haikurekodiwa",
    signedIn: "aliingia",
    lastActive: "mara ya mwisho kutumika",
    signOut: "Toa",
    signingOut: "Inatoa...",
    signedInAt: (device: string, at: string) => `${device}, kiliingia ${at}`,
    signOutOthers: "Toa vipindi vingine vyote",
    nowhereElse: "Hujaingia mahali pengine popote.",
    eventsTitle: "Matukio ya usalama ya hivi karibuni",
    nothingYet: "Bado hakuna.",
    emailsTitle: "Arifa za barua pepe",
    emailsIntro:
      "Taarifa za usalama (kuingia kutoka kifaa kipya, mabadiliko ya nenosiri na ya uthibitishaji wa hatua mbili) hutumwa kila wakati. Hizi ni chaguo lako.",
    paymentSettled: "Nitumie barua pepe malipo yakilipwa kwangu",
    dailySummary: "Barua pepe ya muhtasari wa kila siku",
    dailySummaryNote: "Malipo na ulipaji wa jana, kila asubuhi saa 07:00.",
    monthlyStatement: "Barua pepe ya taarifa ya akaunti ya kila mwezi (tarehe 1)",
    monthlyStatementNote:
      "Salio la mwanzo na la mwisho la mwezi uliopita na jumla, tarehe 1 saa 06:00, pamoja na viungo vya taarifa ya akaunti (ingia ili uione).",
    saveChoices: "Hifadhi Chaguo",
    saving: "Inahifadhi...",
    sms: {
      title: "Arifa za SMS",
      intro: (cap: number, today: number) =>
        `Ujumbe mfupi kwenye simu yako pesa zinaposonga. Zisizozidi ${cap} kwa siku; leo umepokea ${today}.`,
      phone: "Nambari ya simu ya SMS",
      phoneHint: "Nambari ya simu ya Kenya. Iache wazi ili kusimamisha SMS zote.",
      onPayment: "Nitumie SMS kwa kila malipo yanayopokelewa",
      onPayout: "Nitumie SMS kwa kila malipo yanayotumwa kwangu",
      onPayoutNote: "Ulipaji uliotumwa kwako, au kundi lako la malipo likikamilika.",
      save: "Hifadhi Chaguo za SMS",
      last: "SMS zako za mwisho",
      none: "Bado hakuna SMS.",
      reason: (reason: string) => `Sababu: ${reason}`,
      phoneInvalid: "Weka nambari ya simu ya Kenya, kama 0712 345 678",
      phoneNeeded: "Weka nambari ya kutumiwa SMS, au zima chaguo zote mbili za SMS",
      saved: "Chaguo za SMS zimehifadhiwa",
      savedOn: "Tutakutumia SMS kama ulivyochagua.",
      savedOff: "Hatutakutumia SMS.",
    },
    toasts: {
      choicesSaved: "Chaguo za arifa zimehifadhiwa",
      choicesSavedDescription: "Tutakutumia barua pepe kama ulivyochagua.",
      othersSignedOut: "Vipindi vingine vimetolewa",
      othersSignedOutDescription: (count: number) =>
        count === 1
          ? "Kipindi 1 kingine kimetolewa. Wewe unabaki umeingia hapa."
          : `Vipindi ${count} vingine vimetolewa. Wewe unabaki umeingia hapa.`,
      sessionSignedOut: "Kipindi kimetolewa",
      sessionSignedOutDescription: "Kifaa hicho lazima kiingie tena ili kutumia akaunti yako.",
      sessionNotFound: "Kipindi hakijapatikana",
      sessionNotFoundDescription: "Kimeshaisha. Orodha inaonyesha vipindi ambavyo bado vimeingia.",
    },
  },
);
