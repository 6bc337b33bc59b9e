/**
 * The words of the e-mails a merchant's members receive (issue 33), in the member's language
 * (merchant_users.locale, English until they choose): security notices, payment settled, daily
 * summary, monthly statement (app/core/accounts/notifications.server.ts). Server-only in use (no
 * page imports it). The English is exactly what the e-mails said before; values are passed in
 * already formatted (money, dates), so a message only places them.
 */
import { defineMessages } from "../messages";
import { lineTypesSw } from "./statements";

export const noticeMessages = defineMessages(
  {
    hello: (name: string) => `Hello ${name},`,
    supportLine: (brand: string, email: string, phone: string, hours: string) =>
      `contact ${brand} support at ${email} or ${phone} (${hours})`,
    when: "When",
    device: "Device",
    ipAddress: "IP address",
    notRecorded: "not recorded",
    deviceOn: (browser: string, os: string) => `${browser} on ${os}`,
    browserOn: (os: string) => `A browser on ${os}`,
    unknownDevice: "Unknown device",
    changePassword: "Change your password",
    seeSessions: "See your sessions",
    resetPassword: "Reset your password",
    twoFactor: "Two-factor sign-in",
    yourTeam: "Your team",
    settlementSettings: "Settlement settings",
    notificationChoices: "Notification choices",
    newDevice: {
      subject: (brand: string, device: string) =>
        `New sign-in to your ${brand} account from ${device}`,
      lead: (brand: string, device: string) =>
        `Your ${brand} account was signed in to from a device it has not used in the last 90 days (${device}). If it was you, there is nothing to do.`,
      notYou: (support: string) =>
        `If this was not you, change your password now, then ${support}.`,
    },
    passwordChanged: {
      subject: (brand: string) => `Your ${brand} password was changed`,
      lead: (brand: string) =>
        `The password of your ${brand} account was changed, and every other session was signed out.`,
      notYou: (support: string) =>
        `If you did not change it, reset your password now with "Forgot password?" on the sign-in page, then ${support}.`,
    },
    twoFactorChanged: {
      subjectOn: (brand: string) => `Two-factor sign-in was turned on for your ${brand} account`,
      subjectOff: (brand: string) => `Two-factor sign-in was turned off for your ${brand} account`,
      leadOn:
        "Two-factor sign-in was turned on: signing in now also asks for a code from your authenticator app.",
      leadOff: "Two-factor sign-in was turned off: signing in now asks only for your password.",
      notYou: (support: string) =>
        `If this was not you, change your password now and set up two-factor sign-in again, then ${support}.`,
    },
    memberTwoFactorOff: {
      subject: (member: string, business: string) =>
        `Two-factor sign-in was turned off for ${member} at ${business}`,
      lead: (member: string, brand: string, business: string) =>
        `${member} turned off two-factor sign-in for their ${brand} account at ${business}, with a code from their authenticator app or a recovery code: signing in as them now asks only for the password.`,
      notYou: (support: string) =>
        `If you did not expect this, suspend the member on your Team page and ${support}. You can require two-factor sign-in for the whole team there too.`,
    },
    payoutDestination: {
      subject: (business: string) => `The payout destination of ${business} was changed`,
      lead: (by: string, brand: string, business: string, destination: string | null) =>
        `${by} changed where ${brand} pays ${business}${destination ? ` (now ${destination})` : ""}.`,
      notYou: (support: string) =>
        `If you did not expect this change, change your password now, then ${support} before the next payout.`,
    },
    teamChange: {
      subjectInvited: (member: string, business: string, brand: string) =>
        `${member} was invited to the ${business} team on ${brand}`,
      subjectRemoved: (member: string, business: string, brand: string) =>
        `${member} was removed from the ${business} team on ${brand}`,
      leadInvited: (
        by: string,
        member: string,
        business: string,
        brand: string,
        role: string | null,
      ) => `${by} invited ${member} to join ${business} on ${brand}${role ? ` as ${role}` : ""}.`,
      leadRemoved: (by: string, member: string, business: string, brand: string) =>
        `${by} removed ${member} from ${business} on ${brand}: their sessions ended at once.`,
      notYou: (support: string) =>
        `If you did not expect this change, review your team, change your password, and ${support}.`,
      someMember: "A team member",
    },
    optionalFooter: (what: string) =>
      `You get this e-mail because you chose "${what}". You can turn it off on your security page.`,
    choices: {
      paymentSettled: "E-mail me when a payment settles",
      dailySummary: "Daily summary e-mail",
      monthlyStatement: "Monthly statement e-mail (on the 1st)",
    },
    figuresWrong: (support: string) => `If any of these figures look wrong, ${support}.`,
    paymentSettled: {
      subject: (reference: string, net: string, business: string) =>
        `Payment ${reference} settled: ${net} to ${business}`,
      lead: (business: string) =>
        `A payment to ${business} has settled: the shillings were paid out to your settlement account.`,
      payment: "Payment",
      yourReference: "Your reference",
      amount: "Amount",
      fee: "Fee",
      excise: "Excise duty on the fee",
      settledToYou: "Settled to you",
      notYou: (support: string) =>
        `If you do not recognise this payment or the amount looks wrong, ${support}.`,
      seePayment: "See the payment",
    },
    dailySummary: {
      subject: (business: string, brand: string, day: string, count: number, total: string) =>
        `${business} on ${brand}, ${day}: ${count} ${count === 1 ? "payment" : "payments"}, ${total}`,
      lead: (day: string, business: string) =>
        `Here is what happened on ${day} (Nairobi time) for ${business}.`,
      created: "Payments created",
      received: "Payments received",
      receivedAmount: "Received",
      fees: "Fees",
      excise: "Excise duty on the fees",
      settled: "Settled to your M-Pesa",
      yourPayments: "Your payments",
    },
    monthlyStatement: {
      subject: (business: string, month: string, brand: string, closing: string) =>
        `${business} statement for ${month} on ${brand}: closing balance ${closing}`,
      leadQuiet: (business: string, month: string) =>
        `Here is the statement of ${business} for ${month} (Nairobi time). No activity this month: the closing balance is the opening balance.`,
      leadBusy: (business: string, month: string) =>
        `Here is the statement of ${business} for ${month} (Nairobi time). Amounts are net of fees: what each kind of line added to or took from your balance with us. Sign in to see every line, download the CSV or print it.`,
      noActivity: "No activity this month",
      noLines: (zero: string) => `${zero} (no lines)`,
      lines: (net: string, count: number, fee: string) =>
        `${net} (${count} ${count === 1 ? "line" : "lines"}, fees ${fee})`,
      period: "Period",
      periodRange: (from: string, to: string) => `${from} to ${to}`,
      opening: "Opening balance",
      activity: "Activity",
      closing: "Closing balance",
      seeStatement: "See the statement",
      downloadCsv: "Download the CSV",
      printable: "Printable statement",
      lineTypes: {
        collection: "Collection",
        top_up: "Top-up",
        payout: "Settlement payout",
        disbursement: "Disbursement",
        refund: "Refund",
        adjustment: "Adjustment",
      },
    },
  },
  {
    hello: (name) => `Habari ${name},`,
    supportLine: (brand, email, phone, hours) =>
      `wasiliana na timu ya msaada ya ${brand} kupitia ${email} au ${phone} (${hours})`,
    when: "Tarehe na saa",
    device: "Kifaa",
    ipAddress: "Anwani ya IP",
    notRecorded: "haikurekodiwa",
    deviceOn: (browser, os) => `${browser} kwenye ${os}`,
    browserOn: (os) => `Kivinjari kwenye ${os}`,
    unknownDevice: "Kifaa kisichojulikana",
    changePassword: "Badilisha nenosiri lako",
    seeSessions: "Angalia vifaa vilivyoingia",
    resetPassword: "Weka nenosiri jipya",
    twoFactor: "Uthibitishaji wa hatua mbili",
    yourTeam: "Timu yako",
    settlementSettings: "Mipangilio ya ulipaji",
    notificationChoices: "Chaguo za arifa",
    newDevice: {
      subject: (brand, device) =>
        `Akaunti yako ya ${brand} imeingiwa kutoka kifaa kipya: ${device}`,
      lead: (brand, device) =>
        `Mtu ameingia kwenye akaunti yako ya ${brand} kutoka kifaa ambacho hakijatumika katika siku 90 zilizopita (${device}). Ikiwa ni wewe, huhitaji kufanya chochote.`,
      notYou: (support) => `Ikiwa si wewe, badilisha nenosiri lako sasa, kisha ${support}.`,
    },
    passwordChanged: {
      subject: (brand) => `Nenosiri lako la ${brand} limebadilishwa`,
      lead: (brand) =>
        `Nenosiri la akaunti yako ya ${brand} limebadilishwa, na vifaa vingine vyote vimetolewa kwenye akaunti.`,
      notYou: (support) =>
        `Ikiwa hukulibadilisha wewe, weka nenosiri jipya sasa kwa "Umesahau nenosiri?" kwenye ukurasa wa kuingia, kisha ${support}.`,
    },
    twoFactorChanged: {
      subjectOn: (brand) =>
        `Uthibitishaji wa hatua mbili umewashwa kwenye akaunti yako ya ${brand}`,
      subjectOff: (brand) =>
        `Uthibitishaji wa hatua mbili umezimwa kwenye akaunti yako ya ${brand}`,
      leadOn:
        "Uthibitishaji wa hatua mbili umewashwa: sasa kuingia kunaomba pia msimbo kutoka kwa programu yako ya uthibitishaji.",
      leadOff: "Uthibitishaji wa hatua mbili umezimwa: sasa kuingia kunaomba nenosiri lako tu.",
      notYou: (support) =>
        `Ikiwa si wewe, badilisha nenosiri lako sasa na uwashe tena uthibitishaji wa hatua mbili, kisha ${support}.`,
    },
    memberTwoFactorOff: {
      subject: (member, business) =>
        `Uthibitishaji wa hatua mbili umezimwa kwa ${member} wa ${business}`,
      lead: (member, brand, business) =>
        `${member} amezima uthibitishaji wa hatua mbili kwenye akaunti yake ya ${brand} ya ${business}, kwa msimbo kutoka kwa programu yake ya uthibitishaji au msimbo wa dharura: sasa kuingia kama yeye kunaomba nenosiri tu.`,
      notYou: (support) =>
        `Ikiwa hukutarajia hili, simamisha mwanachama huyu kwenye ukurasa wa Timu na ${support}. Hapo pia unaweza kudai uthibitishaji wa hatua mbili kwa timu nzima.`,
    },
    payoutDestination: {
      subject: (business) => `Mahali malipo ya ${business} yanapotumwa pamebadilishwa`,
      lead: (by, brand, business, destination) =>
        `${by} amebadilisha mahali ${brand} inapolipa ${business}${destination ? ` (sasa ${destination})` : ""}.`,
      notYou: (support) =>
        `Ikiwa hukutarajia mabadiliko haya, badilisha nenosiri lako sasa, kisha ${support} kabla ya utumaji unaofuata.`,
    },
    teamChange: {
      subjectInvited: (member, business, brand) =>
        `${member} amealikwa kwenye timu ya ${business} kwenye ${brand}`,
      subjectRemoved: (member, business, brand) =>
        `${member} ameondolewa kwenye timu ya ${business} kwenye ${brand}`,
      leadInvited: (by, member, business, brand, role) =>
        `${by} amemwalika ${member} ajiunge na ${business} kwenye ${brand}${role ? ` kama ${role}` : ""}.`,
      leadRemoved: (by, member, business, brand) =>
        `${by} amemwondoa ${member} kwenye ${business} kwenye ${brand}: ametolewa kwenye vifaa vyote mara moja.`,
      notYou: (support) =>
        `Ikiwa hukutarajia mabadiliko haya, kagua timu yako, badilisha nenosiri lako, na ${support}.`,
      someMember: "Mwanachama wa timu",
    },
    optionalFooter: (what) =>
      `Unapokea barua pepe hii kwa sababu ulichagua "${what}". Unaweza kuizima kwenye ukurasa wako wa usalama.`,
    choices: {
      paymentSettled: "Nitumie barua pepe malipo yakilipwa kwangu",
      dailySummary: "Barua pepe ya muhtasari wa kila siku",
      monthlyStatement: "Barua pepe ya taarifa ya akaunti ya kila mwezi (tarehe 1)",
    },
    figuresWrong: (support) =>
      `Ikiwa takwimu yoyote kati ya hizi inaonekana si sahihi, ${support}.`,
    paymentSettled: {
      subject: (reference, net, business) =>
        `Malipo ${reference} yamelipwa kwako: ${net} kwa ${business}`,
      lead: (business) =>
        `Malipo kwa ${business} yamelipwa kwako: shilingi zimetumwa kwenye akaunti yako ya ulipaji.`,
      payment: "Malipo",
      yourReference: "Kumbukumbu yako",
      amount: "Kiasi",
      fee: "Ada",
      excise: "Ushuru wa bidhaa kwenye ada",
      settledToYou: "Imelipwa kwako",
      notYou: (support) => `Ikiwa hutambui malipo haya au kiasi kinaonekana si sahihi, ${support}.`,
      seePayment: "Angalia malipo",
    },
    dailySummary: {
      subject: (business, brand, day, count, total) =>
        `${business} kwenye ${brand}, ${day}: malipo ${count}, ${total}`,
      lead: (day, business) =>
        `Hiki ndicho kilichotokea tarehe ${day} (saa za Nairobi) kwa ${business}.`,
      created: "Malipo yaliyoundwa",
      received: "Malipo yaliyopokelewa",
      receivedAmount: "Kiasi kilichopokelewa",
      fees: "Ada",
      excise: "Ushuru wa bidhaa kwenye ada",
      settled: "Kilicholipwa kwenye M-Pesa yako",
      yourPayments: "Malipo yako",
    },
    monthlyStatement: {
      subject: (business, month, brand, closing) =>
        `Taarifa ya akaunti ya ${business} ya ${month} kwenye ${brand}: salio la kufunga ${closing}`,
      leadQuiet: (business, month) =>
        `Hii ndiyo taarifa ya akaunti ya ${business} ya ${month} (saa za Nairobi). Hakuna shughuli mwezi huu: salio la kufunga ni sawa na salio la kuanzia.`,
      leadBusy: (business, month) =>
        `Hii ndiyo taarifa ya akaunti ya ${business} ya ${month} (saa za Nairobi). Kila kiasi ni baada ya ada: kile ambacho kila aina ya muamala iliongeza au kutoa kwenye salio lako kwetu. Ingia ili kuona kila muamala, kupakua CSV au kuichapisha.`,
      noActivity: "Hakuna shughuli mwezi huu",
      noLines: (zero) => `${zero} (hakuna miamala)`,
      lines: (net, count, fee) => `${net} (miamala ${count}, ada ${fee})`,
      period: "Kipindi",
      periodRange: (from, to) => `${from} hadi ${to}`,
      opening: "Salio la kuanzia",
      activity: "Shughuli",
      closing: "Salio la kufunga",
      seeStatement: "Angalia taarifa ya akaunti",
      downloadCsv: "Pakua CSV",
      printable: "Taarifa ya kuchapisha",
      lineTypes: lineTypesSw,
    },
  },
);
