/**
 * The merchant's payment links page (/merchant/payment-links, issue 33): the list, "Create payment
 * link" with its checks, and the toasts. The "Pay with OneHop" button a merchant pastes into their
 * own website keeps its English label; the visitor's page is in payment-link.ts.
 */
import { paymentLinkLimits, RETURN_URL_MAX_LENGTH } from "~/core/payments/link-schema";
import { defineMessages } from "../messages";

export const merchantPaymentLinksMessages = defineMessages(
  {
    title: "Payment links",
    metaDescription: "Reusable payment links and Pay with OneHop buttons.",
    /** Followed by a link to the API documentation and a full stop. */
    intro:
      'A payment link is one address for many customers: each visitor gets a fresh checkout with its own locked rate and deposit address. Send it in a message, or paste its "Pay with OneHop" button into your website. For payments from your own code, see',
    apiDocs: "the API documentation",
    testLinks: "Test payment links",
    yourLinks: "Your payment links",
    createTest: "Create test payment link",
    create: "Create payment link",
    testNote: "A test link takes payments against the simulators: no real money.",
    liveNote: "A live link takes real payments, settled to your M-Pesa number.",
    list: {
      none: "No payment links yet.",
      active: "Active",
      inactive: "Inactive",
      test: "Test",
      live: "Live",
      amount: "Amount",
      asset: "Asset",
      created: "Created",
      customerEntersAmount: "Customer enters the amount",
      customerChooses: "Customer chooses",
      successReturn: "After paying, customers return to",
      cancelReturn: "Cancel returns to",
      link: "Link",
      copyLink: "Copy link",
      copied: "Copied",
      buttonTitle: '"Pay with OneHop" button for your website',
      buttonHelp:
        "Paste this HTML where the button should appear. It is a plain link: it works without JavaScript and keeps its look on any site.",
      copyHtml: "Copy HTML",
      buttonHtml: "Button HTML",
      preview: "Preview",
      deactivate: "Deactivate",
      activate: "Activate",
    },
    form: {
      titleLabel: "Title (what the customer pays for)",
      titlePlaceholder: "e.g. 1 kg house blend",
      descriptionLabel: "Description (shown to the customer)",
      amountLabel: "Fixed amount (KES)",
      amountHint: (minimum: string, maximum: string) =>
        `Whole shillings from ${minimum} to ${maximum}. Leave it empty to let the customer enter the amount.`,
      assetLabel: "Customer pays with",
      customerChooses: "Customer chooses",
      successLabel: "Return address after payment",
      successHintLive:
        "Optional. A full address starting with https://, shown to the customer once paid.",
      successHintTest:
        "Optional. A full address starting with https:// (or http:// in test mode), shown to the customer once paid.",
      cancelLabel: "Return address if the customer cancels",
      cancelHint: "Optional. Shown on the checkout while the payment waits.",
      creating: "Creating...",
      submit: "Create payment link",
    },
    /** The form's checks (the API keeps core/payments/link-schema.ts's English). */
    errors: {
      titleRequired: "Enter what the customer pays for",
      titleTooLong: `Keep the title under ${paymentLinkLimits.title} characters`,
      descriptionTooLong: `Keep the description under ${paymentLinkLimits.description} characters`,
      chooseAsset: "Choose an asset from the list",
      urlTooLong: `Use an address of at most ${RETURN_URL_MAX_LENGTH.toLocaleString("en-KE")} characters.`,
      urlNotFull: "Enter a full address, starting with https://",
      urlLiveHttps: "Live payment links must return to an https:// address.",
      urlCredentials: "Leave the user name and password out of the address.",
    },
    toasts: {
      activated: "Payment link activated",
      activatedDescription: "Customers can pay through it again.",
      deactivated: "Payment link deactivated",
      deactivatedDescription: "Customers who open it now see that it is no longer active.",
      created: "Payment link created",
      createdDescription: "Share its address or paste its button into your website.",
    },
  },
  {
    title: "Viungo vya malipo",
    metaDescription: "Viungo vya malipo vinavyotumika tena na vitufe vya OneHop vya kulipa.",
    intro:
      "Kiungo cha malipo ni kiungo kimoja kwa wateja wengi: kila anayekifungua anapata ukurasa mpya wa malipo wenye kiwango chake kilichofungwa na anwani yake ya kupokea. Kitume kwenye ujumbe, au weka kitufe chake cha OneHop kwenye tovuti yako. Kwa malipo kutoka kwenye programu yako mwenyewe, angalia",
    apiDocs: "nyaraka za API",
    testLinks: "Viungo vya malipo vya majaribio",
    yourLinks: "Viungo vyako vya malipo",
    createTest: "Unda kiungo cha malipo cha majaribio",
    create: "Unda kiungo cha malipo",
    testNote:
      "Kiungo cha majaribio kinapokea malipo kwenye mfumo wa majaribio: hakuna pesa halisi.",
    liveNote: "Kiungo halisi kinapokea malipo halisi, yanayolipwa kwenye nambari yako ya M-Pesa.",
    list: {
      none: "Bado hakuna viungo vya malipo.",
      active: "Kinatumika",
      inactive: "Kimezimwa",
      test: "Majaribio",
      live: "Halisi",
      amount: "Kiasi",
      asset: "Sarafu",
      created: "Kiliundwa",
      customerEntersAmount: "Mteja anaweka kiasi",
      customerChooses: "Mteja anachagua",
      successReturn: "Baada ya kulipa, wateja wanarudi kwenye",
      cancelReturn: "Wakighairi, wanarudi kwenye",
      link: "Kiungo",
      copyLink: "Nakili kiungo",
      copied: "Imenakiliwa",
      buttonTitle: "Kitufe cha OneHop cha kulipa, kwa tovuti yako",
      buttonHelp:
        "Weka HTML hii mahali kitufe kinapopaswa kuonekana. Ni kiungo cha kawaida: kinafanya kazi bila JavaScript na kinabaki na mwonekano wake kwenye tovuti yoyote.",
      copyHtml: "Nakili HTML",
      buttonHtml: "HTML ya kitufe",
      preview: "Mwonekano",
      deactivate: "Zima",
      activate: "Washa",
    },
    form: {
      titleLabel: "Jina (kile mteja analipia)",
      titlePlaceholder: "mf. kilo 1 ya kahawa ya nyumbani",
      descriptionLabel: "Maelezo (yanaonyeshwa kwa mteja)",
      amountLabel: "Kiasi maalum (KES)",
      amountHint: (minimum: string, maximum: string) =>
        `Shilingi kamili kuanzia ${minimum} hadi ${maximum}. Acha wazi ili mteja aweke kiasi mwenyewe.`,
      assetLabel: "Mteja analipa kwa",
      customerChooses: "Mteja anachagua",
      successLabel: "Anwani ya kurudi baada ya kulipa",
      successHintLive:
        "Si lazima. Anwani kamili inayoanza na https://, inayoonyeshwa kwa mteja akishalipa.",
      successHintTest:
        "Si lazima. Anwani kamili inayoanza na https:// (au http:// katika hali ya majaribio), inayoonyeshwa kwa mteja akishalipa.",
      cancelLabel: "Anwani ya kurudi mteja akighairi",
      cancelHint: "Si lazima. Inaonyeshwa kwenye ukurasa wa malipo wakati malipo yanasubiri.",
      creating: "Inaunda...",
      submit: "Unda kiungo cha malipo",
    },
    errors: {
      titleRequired: "Weka kile mteja analipia",
      titleTooLong: `Jina lisizidi herufi ${paymentLinkLimits.title}`,
      descriptionTooLong: `Maelezo yasizidi herufi ${paymentLinkLimits.description}`,
      chooseAsset: "Chagua sarafu kutoka kwenye orodha",
      urlTooLong: `Tumia anwani isiyozidi herufi ${RETURN_URL_MAX_LENGTH.toLocaleString("en-KE")}.`,
      urlNotFull: "Weka anwani kamili, inayoanza na https://",
      urlLiveHttps: "Viungo halisi vya malipo lazima virudi kwenye anwani ya https://.",
      urlCredentials: "Usiweke jina la mtumiaji wala nenosiri kwenye anwani.",
    },
    toasts: {
      activated: "Kiungo cha malipo kimewashwa",
      activatedDescription: "Wateja wanaweza kulipa kupitia kiungo hiki tena.",
      deactivated: "Kiungo cha malipo kimezimwa",
      deactivatedDescription: "Wateja wanaokifungua sasa wanaona kwamba hakitumiki tena.",
      created: "Kiungo cha malipo kimeundwa",
      createdDescription: "Shiriki kiungo chake au weka kitufe chake kwenye tovuti yako.",
    },
  },
);
