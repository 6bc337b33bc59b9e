/**
 * Developers (issue 33): API keys, webhook endpoints and their delivery log, the secrets shown
 * once, the test/live data switch, and the forms' messages and toasts. The English of the labels
 * that core also gives the API (scopes, expiry choices, modes, roles) comes from core; the API, its
 * JSON and the operator console stay in English.
 */
import { teamRoleInfo, type TeamRole } from "~/core/accounts/permissions";
import { apiKeyExpiryLabels, apiModeLabels, type ApiKeyExpiryChoice } from "~/core/api/key-schema";
import {
  apiScopeLabels,
  type ApiMode,
  type ApiScope,
  type WebhookDeliveryStatus,
} from "~/core/api/vocabulary";
import { defineMessages } from "../messages";
import { rolesSw } from "./app-shell";

const roleLabels = Object.fromEntries(
  Object.entries(teamRoleInfo).map(([role, info]) => [role, info.label]),
) as Record<TeamRole, string>;

const en = {
  section: {
    title: "Developers",
    introBefore:
      "Connect your shop or system to OneHop: API keys for your server, webhooks to hear about payments as they happen. Start with the",
    quickstart: "five-minute quickstart",
    or: "or the",
    docs: "API documentation",
    noCode: ". No code? A",
    paymentLink: "payment link",
    introAfter: "gives you a copy-paste Pay with OneHop button for any website.",
    apiKeys: "API keys",
    webhooks: "Webhooks",
  },
  modes: apiModeLabels as Record<ApiMode, string>,
  modeLegend: "Mode",
  roles: roleLabels,
  scopes: apiScopeLabels as Record<ApiScope, string>,
  expiry: apiKeyExpiryLabels as Record<ApiKeyExpiryChoice, string>,
  keys: {
    metaTitle: "API Keys",
    metaDescription: "Create and revoke API keys for the OneHop API.",
    heading: "API keys",
    intro:
      "Your server sends a key with every API request. Test keys (oh_test_…) work on test data against the simulators; live keys (oh_live_…) move real money. Keep keys secret: never put them in a web page or an app.",
    empty: "No API keys yet. Create a test key below to try the API without moving real money.",
    caption: "Your API keys, newest first",
    nameAndMode: "Name and mode",
    member: (username: string) => `Member: ${username}`,
    key: "Key",
    scopesHeading: "Scopes",
    created: "Created",
    lastUsed: "Last used",
    notYet: "Not yet",
    expires: "Expires",
    never: "Never",
    status: "Status",
    statuses: { active: "Active", revoked: "Revoked", expired: "Expired" },
    actions: "Actions",
    revoke: "Revoke",
    beyondRoleNow: "(beyond the member\u2019s role now)",
  },
  createKey: {
    title: "Create API key",
    intro: "Creating a key asks you to confirm it is you first. You see the key once, right after.",
    name: "Name",
    nameHint: "Where the key is used, such as your shop's name or server.",
    modeHints: {
      test: "Test data and the simulators: no real money moves.",
      live: "Real payments and real money.",
    },
    scopesLegend: "What the key may do",
    scopesHint: (role: string) =>
      `A key never does more than the member who makes it: as ${role} you can give it these. It stops when you are suspended or removed, and loses what a new role of yours does not allow.`,
    expires: "Expires",
    submit: "Create API Key",
    creating: "Creating...",
  },
  keyErrors: {
    nameRequired: "Enter a name for the key, such as the shop or server using it.",
    nameTooLong: (max: number) => `Use at most ${max} characters for the name.`,
    chooseMode: "Choose Test or Live.",
    scopesFromList: "Choose scopes from the list.",
    scopesRequired: "Choose at least one thing the key may do.",
    chooseExpiry: "Choose when the key expires.",
    beyondRole: (role: string, scopes: string) =>
      `As ${role} you cannot give a key ${scopes}: a key never does more than the member who makes it.`,
    membershipChanged: "Your membership has changed: sign in again.",
  },
  keyToasts: {
    revoked: "API key revoked",
    revokedDescription: (name: string) =>
      `"${name}" stopped working just now: requests with it are refused.`,
    nothingChanged: "Nothing changed",
    notRevocable: "That key is already revoked or is not one of your keys.",
    created: "API key created",
    createdDescription: "Copy it now: you will not see it again.",
  },
  secret: {
    copyKeyNow: "Copy it now: you will not see it again.",
    copySecretNow: "Copy it now: you will not see it again.",
    newKeyHeading: (name: string) => `Your new API key: ${name}`,
    keyExplanation:
      "We keep only a fingerprint of it. If you lose it, revoke it and create another.",
    keyLabel: "API key",
    copyKey: "Copy key",
    signingExplanation: "Your server checks the OneHop-Signature header of every webhook with it.",
    signingLabel: "Signing secret",
    copySecret: "Copy secret",
    copied: "Copied",
  },
  dataMode: {
    nav: "Live or test data",
    live: "Live data",
    test: "Test data",
    bannerTitle: "Test data.",
    banner:
      "These payments were made with test API keys against the simulators: no real money moved. Choose Live data to see your real payments.",
  },
  webhooks: {
    metaTitle: "Webhooks",
    metaDescription: "Webhook endpoints for your OneHop account.",
    heading: "Webhook endpoints",
    intro:
      "We POST an event to each endpoint when a payment changes (created, paid, settled, expired and more), signed in the OneHop-Signature header. Failed deliveries are retried for 3 days. An event can arrive more than once: use its id to ignore repeats.",
    newSecretHeading: "Your new endpoint's signing secret",
    empty: "No endpoints yet: add one below.",
    caption: "Webhook endpoints",
    endpoint: "Endpoint",
    events: "Events",
    status: "Status",
    failingSince: "Failing since",
    notFailing: "Not failing",
    allEvents: "All events",
    live: "Live",
    test: "Test",
    enabled: "Enabled",
    disabled: "Disabled",
  },
  addEndpoint: {
    title: "Add endpoint",
    intro:
      "We send an HTTPS POST to this address when something happens, signed with a secret you see once, right after.",
    url: "Endpoint URL",
    urlHint: "For example https://shop.example.co.ke/onehop/webhooks",
    description: "Description (optional)",
    modeHints: {
      test: "Events about test payments (test API keys, the simulators).",
      live: "Events about real payments. The address must start with https://.",
    },
    eventsLegend: "Events to send",
    allEventsLater: "All events (including ones added later)",
    submit: "Add Endpoint",
    adding: "Adding...",
    added: "Endpoint added",
    addedDescription: "Copy its signing secret now: you will not see it again.",
  },
  endpointErrors: {
    urlRequired: "Enter the address where we should send events.",
    urlTooLong: "Use an address of at most 2,000 characters.",
    chooseMode: "Choose test or live.",
    descriptionTooLong: (max: number) => `Keep the description to ${max} characters.`,
    eventsRequired: "Choose the events to send, or All events.",
    sinceRequired: "Choose the date and time to replay from (Nairobi time).",
  },
  /** Core's refusals in the page's words (core keeps its English for the API). */
  refusals: {
    fullAddress: "Enter a full address, starting with https://",
    httpsOnly: "Use an https:// address (other kinds of address cannot receive webhooks).",
    liveHttps: "Live endpoints must use https:// so events travel encrypted.",
    noCredentials:
      "Leave the user name and password out of the address: check the OneHop-Signature header instead.",
    noFragment: "Leave out the #fragment: it is never sent to your server.",
    port: "Use port 443 (or 80, 8080, 8443): other ports are not reached.",
    publicAddress:
      "Use your server's public address: local, private and internal network addresses are not reached.",
    disabledFirst: "This endpoint is disabled: enable it first.",
    noDelivery: "No such delivery for this endpoint.",
    noEvent: "No such event.",
    noEndpoint: "No such webhook endpoint.",
    disabledByYou: "Disabled by you.",
    deliveryStopped: "Endpoint disabled: not sent.",
    failedThreeDays: (since: string) => `Every delivery failed for 3 days (since ${since}).`,
    hostNotFound: (host: string) => `We could not find ${host}: check the address.`,
    hostPrivate: (host: string) =>
      `${host} points to a local or private network address: use your server's public address.`,
    tooMany: (max: string, mode: string) =>
      `You already have ${max} ${mode} endpoints: delete one you no longer use first.`,
  },
  endpoint: {
    metaTitle: "Webhook endpoint",
    metaDescription: "A webhook endpoint and its delivery log.",
    notFound: "Webhook endpoint not found",
    back: "All webhook endpoints",
    newSecretHeading: "Your new signing secret",
    oldSecretUntil: (at: string) =>
      `The old secret keeps signing beside it until ${at}: update your server before then.`,
    description: "Description",
    none: "None",
    added: "Added",
    endpointId: "Endpoint ID",
    manage: "Manage",
    sendTest: "Send test event",
    sending: "Sending...",
    saving: "Saving...",
    enable: "Enable",
    disable: "Disable",
    signingSecret: "Signing secret",
    rotatedUntil: (at: string) => `Rotated: the previous secret still signs until ${at}.`,
    shownOnce:
      "Shown once when it was made. If it may have leaked, rotate it: the old one keeps signing beside the new one for 24 hours.",
    rotate: "Rotate signing secret",
    rotating: "Rotating...",
    deleteHeading: "Delete",
    deleteText:
      "Deleting removes the endpoint and its delivery log. To pause it and keep the log, disable it instead.",
    deleteButton: "Delete endpoint",
    deleting: "Deleting...",
    replayTitle: "Replay all since …",
    replayIntro: (cap: string) =>
      `After an outage, send again every event this endpoint takes since a moment (at most ${cap} per replay).`,
    since: "Since (Nairobi time)",
    replayButton: "Replay events",
    queuing: "Queuing...",
    enableToReplay: "Enable the endpoint to replay events.",
    logTitle: "Delivery log",
    logIntro: "The latest 50 events sent to this endpoint, newest first.",
  },
  endpointToasts: {
    notFound: "Endpoint not found",
    maybeDeleted: "It may have been deleted.",
    nothingQueued: "Nothing queued",
    replayCapped: (cap: string, from: string) =>
      ` That is the most one replay sends (${cap}): replay again from ${from} for the rest.`,
    noEventsToReplay: "No events to replay",
    replayQueued: "Replay queued",
    noEventsSince: (since: string) => `No events since ${since} that this endpoint takes.`,
    eventsSince: (count: number, since: string) =>
      `${count.toLocaleString("en-KE")} ${count === 1 ? "event" : "events"} since ${since} will be sent again.`,
    nothingChanged: "Nothing changed",
    incomplete: "That request was incomplete. Please try again.",
    enabled: "Endpoint enabled",
    enabledDescription:
      "New events are sent to it again. Use Replay all since … for what it missed.",
    disabled: "Endpoint disabled",
    disabledDescription:
      "No more events are sent to it; deliveries waiting for a retry were stopped.",
    deleted: "Endpoint deleted",
    deletedDescription: "No more events are sent to it.",
    rotated: "Signing secret rotated",
    rotatedDescription: "Copy the new secret now: you will not see it again.",
    notSent: "Not sent",
    testSent: "Test event sent",
    testSentDescription: (eventId: string) =>
      `A ping event (${eventId}) is on its way: it appears in the delivery log below.`,
    resending: "Resending",
    resendingDescription: "The event is sent again now: the new attempt appears in the log.",
  },
  deliveries: {
    empty: "Nothing sent yet. Use \u201cSend test event\u201d to try the endpoint.",
    eventAt: "event at",
    resend: "Resend",
    resending: "Resending...",
    attempts: (count: number) => (count === 1 ? "1 attempt" : `${count} attempts`),
    nextRetry: (at: string) => ` · next retry ${at}`,
    attemptsSummary: "Attempts",
    noAnswer: "no answer",
    signatureSent: "Signature sent:",
    statuses: {
      pending: "Retrying",
      succeeded: "Delivered",
      failed: "Failed",
    } as Record<WebhookDeliveryStatus, string>,
    queued: "Queued",
  },
};

export const developersMessages = defineMessages(en, {
  section: {
    title: "Wasanidi programu",
    introBefore:
      "Unganisha duka au mfumo wako na OneHop: funguo za API kwa seva yako, na webhook ili kujua kuhusu malipo yanapotokea. Anza na",
    quickstart: "mwongozo wa dakika tano",
    or: "au",
    docs: "nyaraka za API",
    noCode: ". Hujui kuandika programu?",
    paymentLink: "Kiungo cha malipo",
    introAfter:
      "kinakupa kitufe cha Lipa na OneHop cha kunakili na kubandika kwenye tovuti yoyote.",
    apiKeys: "Funguo za API",
    webhooks: "Webhooks",
  },
  modes: { test: "Majaribio", live: "Halisi" },
  modeLegend: "Majaribio au halisi",
  roles: rolesSw,
  scopes: {
    "payments:read": "Kusoma malipo, matukio na viwango",
    "payments:write": "Kuunda na kughairi malipo",
    "payouts:read": "Kusoma makundi ya malipo na safu zake",
    "payouts:write": "Kutuma malipo",
    "refunds:write": "Kurejesha pesa",
    "balances:read": "Kusoma salio",
    "webhooks:manage": "Kusimamia anwani za webhook",
  },
  expiry: { never: "Hakuna mwisho", "30": "Siku 30", "90": "Siku 90", "365": "Mwaka 1" },
  keys: {
    metaTitle: "Funguo za API",
    metaDescription: "Unda na ubatilishe funguo za API ya OneHop.",
    heading: "Funguo za API",
    intro:
      "Seva yako hutuma ufunguo kwa kila ombi la API. Funguo za majaribio (oh_test_…) hufanya kazi kwenye data ya majaribio na mifumo ya majaribio; funguo halisi (oh_live_…) huhamisha pesa halisi. Funguo ni siri: usiziweke kamwe kwenye ukurasa wa tovuti au kwenye programu.",
    empty:
      "Bado hakuna funguo za API. Unda ufunguo wa majaribio hapa chini ili ujaribu API bila kuhamisha pesa halisi.",
    caption: "Funguo zako za API, mpya kwanza",
    nameAndMode: "Jina na aina (majaribio au halisi)",
    member: (username: string) => `Mwanachama: ${username}`,
    key: "Ufunguo",
    scopesHeading: "Ruhusa",
    created: "Tarehe ya kuundwa",
    lastUsed: "Ilitumika mwisho",
    notYet: "Bado haujatumika",
    expires: "Mwisho wa muda",
    never: "Hakuna mwisho",
    status: "Hali",
    statuses: { active: "Inatumika", revoked: "Imebatilishwa", expired: "Muda umeisha" },
    actions: "Vitendo",
    revoke: "Batilisha",
    beyondRoleNow: "(zaidi ya jukumu la mwanachama sasa)",
  },
  createKey: {
    title: "Unda ufunguo wa API",
    intro:
      "Kabla ya kuunda ufunguo, utaombwa uthibitishe kuwa ni wewe. Utauona ufunguo mara moja tu, punde baada ya kuundwa.",
    name: "Jina",
    nameHint: "Mahali ufunguo unapotumika, kama jina la duka lako au seva.",
    modeHints: {
      test: "Data ya majaribio na mifumo ya majaribio: hakuna pesa halisi zinazohamishwa.",
      live: "Malipo halisi na pesa halisi.",
    },
    scopesLegend: "Ufunguo unaruhusiwa kufanya nini",
    scopesHint: (role: string) =>
      `Ufunguo haufanyi zaidi ya mwanachama aliyeuunda: ukiwa ${role} unaweza kuupa ruhusa hizi. Ufunguo huacha kufanya kazi ukisimamishwa au ukiondolewa, na hupoteza chochote ambacho jukumu lako jipya halikiruhusu.`,
    expires: "Mwisho wa muda",
    submit: "Unda Ufunguo wa API",
    creating: "Inaunda...",
  },
  keyErrors: {
    nameRequired: "Weka jina la ufunguo, kama duka au seva itakayoutumia.",
    nameTooLong: (max: number) => `Tumia herufi zisizozidi ${max} kwa jina.`,
    chooseMode: "Chagua Majaribio au Halisi.",
    scopesFromList: "Chagua ruhusa kutoka kwenye orodha.",
    scopesRequired: "Chagua angalau jambo moja ambalo ufunguo unaruhusiwa kufanya.",
    chooseExpiry: "Chagua muda wa ufunguo kuisha.",
    beyondRole: (role: string, scopes: string) =>
      `Ukiwa ${role}, huwezi kuupa ufunguo ruhusa ${scopes}: ufunguo haufanyi zaidi ya mwanachama aliyeuunda.`,
    membershipChanged: "Uanachama wako umebadilika: ingia tena.",
  },
  keyToasts: {
    revoked: "Ufunguo wa API umebatilishwa",
    revokedDescription: (name: string) =>
      `"${name}" umeacha kufanya kazi sasa hivi: maombi yanayoutumia yanakataliwa.`,
    nothingChanged: "Hakuna kilichobadilika",
    notRevocable: "Ufunguo huo umeshabatilishwa au si mojawapo ya funguo zako.",
    created: "Ufunguo wa API umeundwa",
    createdDescription: "Nakili ufunguo sasa: hutauona tena.",
  },
  secret: {
    copyKeyNow: "Nakili ufunguo sasa: hutauona tena.",
    copySecretNow: "Nakili siri sasa: hutaiona tena.",
    newKeyHeading: (name: string) => `Ufunguo wako mpya wa API: ${name}`,
    keyExplanation: "Tunahifadhi alama yake tu. Ukiupoteza, ubatilishe kisha uunde mwingine.",
    keyLabel: "Ufunguo wa API",
    copyKey: "Nakili ufunguo",
    signingExplanation: "Seva yako huitumia kukagua kichwa cha OneHop-Signature cha kila webhook.",
    signingLabel: "Siri ya kusaini",
    copySecret: "Nakili siri",
    copied: "Imenakiliwa",
  },
  dataMode: {
    nav: "Data halisi au ya majaribio",
    live: "Data halisi",
    test: "Data ya majaribio",
    bannerTitle: "Data ya majaribio.",
    banner:
      "Malipo haya yalifanywa kwa funguo za API za majaribio kwenye mifumo ya majaribio: hakuna pesa halisi zilizohamishwa. Chagua Data halisi ili kuona malipo yako halisi.",
  },
  webhooks: {
    metaTitle: "Webhooks",
    metaDescription: "Anwani za webhook za akaunti yako ya OneHop.",
    heading: "Anwani za webhook",
    intro:
      "Tunatuma tukio (POST) kwa kila anwani malipo yanapobadilika (yameundwa, yamelipwa, yamelipwa kwako, muda umeisha na mengine), likiwa limesainiwa kwenye kichwa cha OneHop-Signature. Uwasilishaji ulioshindikana hujaribiwa tena kwa siku 3. Tukio linaweza kufika zaidi ya mara moja: tumia id yake kupuuza marudio.",
    newSecretHeading: "Siri ya kusaini ya anwani yako mpya",
    empty: "Bado hakuna anwani: ongeza moja hapa chini.",
    caption: "Anwani za webhook",
    endpoint: "Anwani",
    events: "Matukio",
    status: "Hali",
    failingSince: "Inashindikana tangu",
    notFailing: "Haishindikani",
    allEvents: "Matukio yote",
    live: "Halisi",
    test: "Majaribio",
    enabled: "Imewashwa",
    disabled: "Imezimwa",
  },
  addEndpoint: {
    title: "Ongeza anwani",
    intro:
      "Tunatuma ombi la HTTPS POST kwa anwani hii jambo linapotokea, likiwa limesainiwa kwa siri utakayoiona mara moja tu, punde baada ya kuongeza anwani.",
    url: "URL ya anwani",
    urlHint: "Kwa mfano https://shop.example.co.ke/onehop/webhooks",
    description: "Maelezo (si lazima)",
    modeHints: {
      test: "Matukio ya malipo ya majaribio (funguo za API za majaribio, mifumo ya majaribio).",
      live: "Matukio ya malipo halisi. Anwani lazima ianze na https://.",
    },
    eventsLegend: "Matukio ya kutuma",
    allEventsLater: "Matukio yote (pamoja na yatakayoongezwa baadaye)",
    submit: "Ongeza Anwani",
    adding: "Inaongeza...",
    added: "Anwani imeongezwa",
    addedDescription: "Nakili siri yake ya kusaini sasa: hutaiona tena.",
  },
  endpointErrors: {
    urlRequired: "Weka anwani ambako tutatuma matukio.",
    urlTooLong: "Tumia anwani yenye herufi zisizozidi 2,000.",
    chooseMode: "Chagua Majaribio au Halisi.",
    descriptionTooLong: (max: number) => `Maelezo yasizidi herufi ${max}.`,
    eventsRequired: "Chagua matukio ya kutuma, au Matukio yote.",
    sinceRequired: "Chagua tarehe na saa ya kuanzia kutuma tena (saa za Nairobi).",
  },
  refusals: {
    fullAddress: "Weka anwani kamili, inayoanza na https://",
    httpsOnly: "Tumia anwani ya https:// (anwani za aina nyingine haziwezi kupokea webhook).",
    liveHttps:
      "Anwani za hali halisi lazima zitumie https:// ili matukio yasafiri yakiwa yamesimbwa.",
    noCredentials:
      "Usiweke jina la mtumiaji na nenosiri kwenye anwani: kagua kichwa cha OneHop-Signature badala yake.",
    noFragment: "Ondoa #fragment: haitumwi kamwe kwa seva yako.",
    port: "Tumia port 443 (au 80, 8080, 8443): port nyingine hazifikiwi.",
    publicAddress:
      "Tumia anwani ya umma ya seva yako: anwani za mtandao wa ndani au binafsi hazifikiwi.",
    disabledFirst: "Anwani hii imezimwa: iwashe kwanza.",
    noDelivery: "Uwasilishaji huo haupo kwa anwani hii.",
    noEvent: "Tukio hilo halipo.",
    noEndpoint: "Anwani hiyo ya webhook haipo.",
    disabledByYou: "Imezimwa na wewe.",
    deliveryStopped: "Anwani imezimwa: haikutumwa.",
    failedThreeDays: (since: string) =>
      `Kila uwasilishaji ulishindikana kwa siku 3 (tangu ${since}).`,
    hostNotFound: (host: string) => `Hatukuweza kupata ${host}: kagua anwani.`,
    hostPrivate: (host: string) =>
      `${host} inaelekeza kwenye anwani ya mtandao wa ndani au binafsi: tumia anwani ya umma ya seva yako.`,
    tooMany: (max: string, mode: string) =>
      `Tayari una anwani ${max} za ${mode === "live" ? "hali halisi" : mode === "test" ? "hali ya majaribio" : mode}: futa moja usiyoitumia tena kwanza.`,
  },
  endpoint: {
    metaTitle: "Anwani ya webhook",
    metaDescription: "Anwani ya webhook na historia yake ya uwasilishaji.",
    notFound: "Anwani ya webhook haijapatikana",
    back: "Anwani zote za webhook",
    newSecretHeading: "Siri yako mpya ya kusaini",
    oldSecretUntil: (at: string) =>
      `Siri ya zamani itaendelea kusaini pamoja nayo hadi ${at}: sasisha seva yako kabla ya hapo.`,
    description: "Maelezo",
    none: "Hakuna",
    added: "Iliongezwa",
    endpointId: "Kitambulisho cha anwani",
    manage: "Simamia",
    sendTest: "Tuma tukio la majaribio",
    sending: "Inatuma...",
    saving: "Inahifadhi...",
    enable: "Washa",
    disable: "Zima",
    signingSecret: "Siri ya kusaini",
    rotatedUntil: (at: string) => `Imebadilishwa: siri iliyotangulia bado inasaini hadi ${at}.`,
    shownOnce:
      "Ilionyeshwa mara moja tu ilipoundwa. Ukishuku kuwa imevuja, ibadilishe: ya zamani itaendelea kusaini pamoja na mpya kwa saa 24.",
    rotate: "Badilisha siri ya kusaini",
    rotating: "Inabadilisha...",
    deleteHeading: "Futa",
    deleteText:
      "Kufuta kunaondoa anwani na historia yake ya uwasilishaji. Ili kuisimamisha kwa muda na kubaki na historia, izime badala yake.",
    deleteButton: "Futa anwani",
    deleting: "Inafuta...",
    replayTitle: "Tuma tena yote tangu …",
    replayIntro: (cap: string) =>
      `Baada ya hitilafu ya muda, tuma tena kila tukio ambalo anwani hii hupokea tangu wakati fulani (yasiyozidi ${cap} kwa mara moja).`,
    since: "Tangu (saa za Nairobi)",
    replayButton: "Tuma matukio tena",
    queuing: "Inaweka kwenye foleni...",
    enableToReplay: "Washa anwani ili kutuma matukio tena.",
    logTitle: "Historia ya uwasilishaji",
    logIntro: "Matukio 50 ya mwisho yaliyotumwa kwa anwani hii, mapya kwanza.",
  },
  endpointToasts: {
    notFound: "Anwani haijapatikana",
    maybeDeleted: "Huenda imefutwa.",
    nothingQueued: "Hakuna kilichowekwa kwenye foleni",
    replayCapped: (cap: string, from: string) =>
      ` Hiyo ndiyo idadi kubwa zaidi inayotumwa kwa mara moja (${cap}): tuma tena kuanzia ${from} kwa yaliyobaki.`,
    noEventsToReplay: "Hakuna matukio ya kutuma tena",
    replayQueued: "Kutuma tena kumewekwa kwenye foleni",
    noEventsSince: (since: string) => `Hakuna matukio tangu ${since} ambayo anwani hii hupokea.`,
    eventsSince: (count: number, since: string) =>
      count === 1
        ? `Tukio 1 tangu ${since} litatumwa tena.`
        : `Matukio ${count.toLocaleString("en-KE")} tangu ${since} yatatumwa tena.`,
    nothingChanged: "Hakuna kilichobadilika",
    incomplete: "Ombi hilo halikukamilika. Jaribu tena.",
    enabled: "Anwani imewashwa",
    enabledDescription:
      "Matukio mapya yanatumwa kwake tena. Tumia Tuma tena yote tangu … kwa yale iliyoyakosa.",
    disabled: "Anwani imezimwa",
    disabledDescription:
      "Hakuna matukio zaidi yatakayotumwa kwake; uwasilishaji uliokuwa ukisubiri kujaribiwa tena umesimamishwa.",
    deleted: "Anwani imefutwa",
    deletedDescription: "Hakuna matukio zaidi yatakayotumwa kwake.",
    rotated: "Siri ya kusaini imebadilishwa",
    rotatedDescription: "Nakili siri mpya sasa: hutaiona tena.",
    notSent: "Haijatumwa",
    testSent: "Tukio la majaribio limetumwa",
    testSentDescription: (eventId: string) =>
      `Tukio la ping (${eventId}) liko njiani: litaonekana kwenye historia ya uwasilishaji hapa chini.`,
    resending: "Inatuma tena",
    resendingDescription: "Tukio linatumwa tena sasa: jaribio jipya litaonekana kwenye historia.",
  },
  deliveries: {
    empty: "Bado hakuna kilichotumwa. Tumia \u201cTuma tukio la majaribio\u201d kujaribu anwani.",
    eventAt: "tukio la",
    resend: "Tuma tena",
    resending: "Inatuma tena...",
    attempts: (count: number) => (count === 1 ? "Imetumwa mara 1" : `Imetumwa mara ${count}`),
    nextRetry: (at: string) => ` · itajaribiwa tena ${at}`,
    attemptsSummary: "Kila jaribio la kutuma",
    noAnswer: "hakuna jibu",
    signatureSent: "Sahihi iliyotumwa:",
    statuses: { pending: "Inajaribu tena", succeeded: "Imefika", failed: "Imeshindikana" },
    queued: "Kwenye foleni",
  },
});

type Refusals = (typeof developersMessages)["en"]["refusals"];

/**
 * One of core's refusals (a webhook URL, a replay, a resend) in the page's language: core's English
 * is matched against the catalog's English; a message it does not know stays as core wrote it.
 */
export function refusalIn(message: string, words: Refusals): string {
  const english = developersMessages.en.refusals;
  for (const key of Object.keys(english) as (keyof Refusals)[]) {
    const value = english[key];
    if (typeof value === "string" && value === message) return words[key] as string;
  }
  const host = /^We could not find (.+): check the address\.$/.exec(message);
  if (host) return words.hostNotFound(host[1]!);
  const local =
    /^(.+) points to a local or private network address: use your server's public address\.$/.exec(
      message,
    );
  if (local) return words.hostPrivate(local[1]!);
  const failed = /^Every delivery failed for 3 days \(since (.+)\)\.$/.exec(message);
  if (failed) return words.failedThreeDays(failed[1]!);
  const many =
    /^You already have (\S+) (test|live) endpoints: delete one you no longer use first\.$/.exec(
      message,
    );
  if (many) return words.tooMany(many[1]!, many[2]!);
  return message;
}
