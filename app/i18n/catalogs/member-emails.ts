/**
 * The words of the other e-mails a merchant's members receive (issue 33), in the reader's language:
 * the team invitation (the inviting member's language), the password reset link, the business
 * review reminder, a webhook endpoint turned off, a payout destination added. Server-only in use.
 * The English is exactly what the e-mails said before.
 */
import { defineMessages } from "../messages";
import { teamRoleInfo } from "~/core/accounts/permissions";

export const memberEmailMessages = defineMessages(
  {
    hello: "Hello,",
    helloName: (name: string) => `Hello ${name},`,
    signature: "The OneHop team",
    roles: teamRoleInfo,
    invitation: {
      aMerchant: "a merchant",
      subject: (business: string) => `You are invited to ${business} on OneHop`,
      lead: (business: string, role: string, summary: string) =>
        `You are invited to join ${business} on OneHop as ${role}: ${summary}`,
      link: "Choose your username and password with this link (it works once and expires in 7 days):",
      ignore: "If you did not expect this invitation, you can ignore this e-mail.",
    },
    passwordReset: {
      subject: "Reset your OneHop password",
      merchantAccount: (merchantId: string, username: string) =>
        `merchant ID ${merchantId}, username ${username}`,
      asked: (who: string) => `Someone asked to reset the password of ${who}.`,
      link: "Choose a new password with this link. It works once, for 1 hour:",
      signedOut: "When you set it, every device signed in to this account is signed out.",
      ignore:
        "If you did not ask for this, you can ignore this e-mail: your password stays as it is. If\nit keeps happening, tell us at support.",
    },
    review: {
      subject: "Your OneHop business details are due for review",
      due: (business: string, merchantId: string, date: string) =>
        `The details we hold for ${business} (${merchantId}) are due for review on ${date}.`,
      check:
        "Please check your directors and owners under Settings, Directors and owners, and send us any document that has expired or is about to (reply to this e-mail).",
      tier: (tier: string) => `Your account is on the ${tier} tier.`,
      tiers: { basic: "Basic", standard: "Standard", enhanced: "Enhanced" },
    },
    webhookDisabled: {
      subject: (url: string) => `Webhook endpoint disabled: ${url}`,
      lead: (business: string) =>
        `Every delivery to one of ${business}'s webhook endpoints failed for 3 days, so we turned it off. Events are no longer sent to it.`,
      endpoint: "Endpoint",
      mode: "Mode",
      live: "Live",
      test: "Test",
      failingSince: "Failing since",
      disabled: "Disabled",
      notYou: (support: string) =>
        `Fix the receiver, enable the endpoint again on the Developers page, and use "Replay all since …" to send what it missed. For help, ${support}.`,
      link: "Webhook endpoint",
    },
    destinationAdded: {
      subject: "A payout destination was added to your OneHop account",
      added: (destination: string, at: string) =>
        `${destination} was added as a place OneHop pays you, on ${at} (Nairobi time).`,
      checked:
        "We check it with the provider first, and you confirm the registered name before any payout goes there.",
      held: (until: string) => `For your safety, payouts to it start after ${until}.`,
      notYou:
        "If you did not make this change, sign in and change your password, and contact us at once.",
    },
  },
  {
    hello: "Habari,",
    helloName: (name) => `Habari ${name},`,
    signature: "Timu ya OneHop",
    roles: {
      owner: {
        label: "Mmiliki",
        summary:
          "Kila kitu, na ndilo jukumu pekee linalosimamia timu, mahali malipo yanapotumwa na uidhinishaji wa malipo yanayotumwa.",
      },
      admin: { label: "Msimamizi", summary: "Kila kitu isipokuwa timu na umiliki." },
      finance: {
        label: "Fedha",
        summary: "Malipo, salio na upakuaji wa ripoti, na kuidhinisha malipo yanayotumwa.",
      },
      developer: {
        label: "Msanidi programu",
        summary: "Funguo za API na webhook; husoma na kuunda malipo.",
      },
      cashier: { label: "Keshia", summary: "Huunda malipo na huona hali yake." },
      viewer: { label: "Mtazamaji", summary: "Husoma malipo na salio; habadilishi chochote." },
    },
    invitation: {
      aMerchant: "mfanyabiashara",
      subject: (business) => `Umealikwa kujiunga na ${business} kwenye OneHop`,
      lead: (business, role, summary) =>
        `Umealikwa kujiunga na ${business} kwenye OneHop kama ${role}: ${summary}`,
      link: "Chagua jina lako la mtumiaji na nenosiri kwa kiungo hiki (kinafanya kazi mara moja na muda wake unaisha baada ya siku 7):",
      ignore: "Ikiwa hukutarajia mwaliko huu, unaweza kupuuza barua pepe hii.",
    },
    passwordReset: {
      subject: "Weka nenosiri jipya la OneHop",
      merchantAccount: (merchantId, username) =>
        `kitambulisho cha mfanyabiashara ${merchantId}, jina la mtumiaji ${username}`,
      asked: (who) => `Mtu ameomba kuweka nenosiri jipya la ${who}.`,
      link: "Chagua nenosiri jipya kwa kiungo hiki. Kinafanya kazi mara moja, kwa saa 1:",
      signedOut: "Ukiliweka, kila kifaa kilichoingia kwenye akaunti hii kitatolewa.",
      ignore:
        "Ikiwa hukuomba hili, unaweza kupuuza barua pepe hii: nenosiri lako litabaki lilivyo. Hili\nlikiendelea kutokea, tujulishe kupitia timu ya msaada.",
    },
    review: {
      subject: "Taarifa za biashara yako kwenye OneHop zinahitaji kukaguliwa",
      due: (business, merchantId, date) =>
        `Taarifa tulizo nazo za ${business} (${merchantId}) zinapaswa kukaguliwa ifikapo ${date}.`,
      check:
        "Tafadhali kagua wakurugenzi na wamiliki wako kwenye Mipangilio, Wakurugenzi na wamiliki, na ututumie hati yoyote ambayo muda wake umeisha au unakaribia kuisha (jibu barua pepe hii).",
      tier: (tier) => `Akaunti yako iko kwenye daraja la ${tier}.`,
      tiers: { basic: "Msingi", standard: "Kawaida", enhanced: "Juu" },
    },
    webhookDisabled: {
      subject: (url) => `Anwani ya webhook imezimwa: ${url}`,
      lead: (business) =>
        `Kila utumaji kwa moja ya anwani za webhook za ${business} ulishindikana kwa siku 3, kwa hiyo tumeizima. Matukio hayatumwi tena kwake.`,
      endpoint: "Anwani",
      mode: "Hali",
      live: "Hali halisi",
      test: "Majaribio",
      failingSince: "Inashindikana tangu",
      disabled: "Ilizimwa",
      notYou: (support) =>
        `Rekebisha kipokezi, washa anwani tena kwenye ukurasa wa Wasanidi programu, na utumie "Tuma tena yote tangu …" ili kutuma yaliyokosa. Kwa msaada, ${support}.`,
      link: "Anwani ya webhook",
    },
    destinationAdded: {
      subject: "Mahali papya pa kupokea malipo pameongezwa kwenye akaunti yako ya OneHop",
      added: (destination, at) =>
        `${destination} imeongezwa kama mahali OneHop inapokulipa, tarehe ${at} (saa za Nairobi).`,
      checked:
        "Tunaihakiki kwanza na mtoa huduma, na unathibitisha jina lililosajiliwa kabla malipo yoyote hayajatumwa huko.",
      held: (until) => `Kwa usalama wako, malipo kwake yataanza baada ya ${until}.`,
      notYou:
        "Ikiwa hukufanya mabadiliko haya, ingia ubadilishe nenosiri lako, na uwasiliane nasi mara moja.",
    },
  },
);
