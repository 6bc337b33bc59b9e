/**
 * The customer's checkout and receipt (issue 33, first): every word a customer paying at
 * /pay/{id} and /pay/{id}/receipt reads, in English and Kiswahili. Terms: docs/i18n/glossary.md.
 */
import { defineMessages } from "../messages";

export const checkoutMessages = defineMessages(
  {
    shell: {
      paymentTo: "Payment to",
      securedBy: (brand: string) => `Secured by ${brand}`,
      help: "Help:",
    },
    meta: {
      title: (business: string) => `Pay ${business} | OneHop`,
      fallbackTitle: "Checkout | OneHop",
      description: (business: string, asset: string, network: string) =>
        `Pay ${business} in ${asset} on ${network}: the amount, the address and the status of this payment.`,
      fallbackDescription: "A OneHop checkout.",
    },
    paid: "Paid",
    byMpesa: "by M-Pesa",
    inCoinOn: (amount: string, network: string) => `in ${amount} on ${network}`,
    pay: (amount: string) => `Pay ${amount}`,
    onNetwork: (network: string) => `on ${network}`,
    reference: (reference: string) => `Reference ${reference}`,
    testPayment: "Test payment. ",
    testOnSimulators: "No real money moves: this checkout runs on the simulators.",
    testCoinsOnly:
      "Send only test coins from a test-network wallet (such as Bitcoin testnet or Ethereum Sepolia). Real money sent here does not reach the merchant and may be lost.",
    merchantView: "Merchant view: ",
    confirmationsSoFar: (count: number) => `${count} confirmation(s) so far`,
    howToPay: "How to pay",
    network: "Network",
    qrLabel: (asset: string) =>
      `QR code of the ${asset} deposit address and amount, for your wallet app`,
    openInWallet: "Open in wallet",
    sendExactly: "Send exactly",
    copyAmount: "Copy amount",
    worthAtLockedRate: (kes: string) => `Worth ${kes} at the locked rate`,
    toThisAddress: "To this address",
    copyAddress: "Copy address",
    viewOnExplorer: (network: string) => `View this address on the ${network} explorer`,
    opensInNewTab: " (opens in a new tab)",
    rateLocked: "Rate locked",
    until: "Until",
    minutesLeft: (minutes: number) => `${minutes} minute${minutes === 1 ? "" : "s"} left`,
    updatesItself: "This page updates by itself when your payment arrives.",
    refreshStatus: "Refresh status",
    payWithTestWallet: "Pay with the test wallet (simulator)",
    paymentReceived: "Payment received",
    waitingForNetwork: "Waiting for the network",
    confirmingBody: (asset: string, network: string) =>
      `We have seen your ${asset} payment on the ${network} network and are waiting for its confirmations. There is nothing more to send. This page updates by itself.`,
    quoteRanOutBody:
      "The quote has run out. If you already sent the payment, it is still checked: do not send again. This page updates by itself.",
    paymentId: (id: string) => `Payment ${id}`,
    script: {
      copied: "Copied",
      selected: "Selected: copy it with your device's copy command",
      timeLeft: (time: string) => `${time} left`,
      expired: "Expired: do not send",
    },
    choice: {
      coinLegend: "Choose what you pay with",
      networkLegend: (asset: string) => `Choose the network your ${asset} is on`,
      coinHint:
        "The amount in KES stays the same. Choosing another coin gives you its amount at the rate now and an address on its network.",
      networkHint:
        "Pay on the network your wallet or exchange sends on. Choosing another gives you an address on that network.",
      current: " (current)",
      noRate: " (no live rate just now)",
      payWithCoin: "Pay with this coin",
      useNetwork: "Use this network",
      chooseListedCoin: "Choose one of the coins listed.",
      unavailable: "Payments are not available right now. Please try again in a minute.",
      refusals: {
        not_found: "Payment not found.",
        not_choosable: "The network can no longer be changed for this payment.",
        custody_unavailable:
          "We could not open an address on that network just now. Please try again.",
        rate_unavailable: "There is no live rate for that coin just now. Please try again soon.",
      },
    },
    outcomes: {
      expired: {
        title: "Expired",
        body: "The quote expired before a payment arrived. Ask the merchant for a new payment link; do not send funds to this address.",
      },
      underpaid: {
        title: "Underpaid",
        body: (missing: string, asset: string) =>
          `We received less than the quote: ${missing} ${asset} is missing. The merchant's support team will contact you; nothing is lost.`,
        some: "some",
      },
      overpaid: {
        title: "Overpaid",
        body: "We received more than the quote. The merchant's support team will arrange the difference; nothing is lost.",
      },
      paid_after_expiry: {
        title: "Received after expiry",
        body: "Your payment arrived after the quote expired. Our team will re-quote or refund it; nothing is lost.",
      },
      held: {
        title: "Received, in review",
        body: (email: string) =>
          `Your payment arrived and is being reviewed before it reaches the merchant. If we need anything we will contact you; for questions write to ${email} with the reference below.`,
      },
      canceled: {
        title: "Canceled",
        body: "The merchant canceled this payment. Do not send funds to this address; ask the merchant for a new payment link.",
      },
      failed: {
        title: "Not completed",
        body: (email: string) =>
          `This payment could not be completed. Contact ${email} with the reference below.`,
      },
    },
    returnLink: {
      success: (host: string) => `Return to ${host}`,
      cancel: (host: string) => `Cancel and return to ${host}`,
    },
  },
  {
    shell: {
      paymentTo: "Malipo kwa",
      securedBy: (brand: string) => `Imelindwa na ${brand}`,
      help: "Msaada:",
    },
    meta: {
      title: (business: string) => `Lipa ${business} | OneHop`,
      fallbackTitle: "Ukurasa wa malipo | OneHop",
      description: (business: string, asset: string, network: string) =>
        `Lipa ${business} kwa ${asset} kwenye ${network}: kiasi, anwani na hali ya malipo haya.`,
      fallbackDescription: "Ukurasa wa malipo wa OneHop.",
    },
    paid: "Imelipwa",
    byMpesa: "kwa M-Pesa",
    inCoinOn: (amount: string, network: string) => `kwa ${amount} kwenye ${network}`,
    pay: (amount: string) => `Lipa ${amount}`,
    onNetwork: (network: string) => `kwenye ${network}`,
    reference: (reference: string) => `Kumbukumbu ${reference}`,
    testPayment: "Malipo ya majaribio. ",
    testOnSimulators:
      "Hakuna pesa halisi inayohamishwa: malipo haya yanaendeshwa kwenye mfumo wa majaribio.",
    testCoinsOnly:
      "Tuma sarafu za majaribio pekee kutoka kwa pochi ya mtandao wa majaribio (kama Bitcoin testnet au Ethereum Sepolia). Pesa halisi zikitumwa hapa hazimfikii mfanyabiashara na zinaweza kupotea.",
    merchantView: "Mwonekano wa mfanyabiashara: ",
    confirmationsSoFar: (count: number) => `Uthibitisho ${count} hadi sasa`,
    howToPay: "Jinsi ya kulipa",
    network: "Mtandao",
    qrLabel: (asset: string) =>
      `Msimbo wa QR wa anwani ya kupokea ${asset} na kiasi, kwa programu ya pochi yako`,
    openInWallet: "Fungua kwenye pochi",
    sendExactly: "Tuma kiasi hiki hasa",
    copyAmount: "Nakili kiasi",
    worthAtLockedRate: (kes: string) => `Sawa na ${kes} kwa kiwango kilichofungwa`,
    toThisAddress: "Kwa anwani hii",
    copyAddress: "Nakili anwani",
    viewOnExplorer: (network: string) =>
      `Tazama anwani hii kwenye kichunguzi cha mtandao wa ${network}`,
    opensInNewTab: " (hufunguka kwenye kichupo kipya)",
    rateLocked: "Kiwango kimefungwa",
    until: "Hadi",
    minutesLeft: (minutes: number) => `Zimebaki dakika ${minutes}`,
    updatesItself: "Ukurasa huu utajisasisha wenyewe malipo yako yakifika.",
    refreshStatus: "Sasisha hali",
    payWithTestWallet: "Lipa kwa pochi ya majaribio",
    paymentReceived: "Malipo yamepokelewa",
    waitingForNetwork: "Tunasubiri mtandao",
    confirmingBody: (asset: string, network: string) =>
      `Tumeona malipo yako ya ${asset} kwenye mtandao wa ${network} na tunasubiri uthibitisho wake. Hakuna kingine cha kutuma. Ukurasa huu unajisasisha wenyewe.`,
    quoteRanOutBody:
      "Muda wa bei iliyofungwa umeisha. Kama tayari ulituma malipo, bado yanakaguliwa: usitume tena. Ukurasa huu unajisasisha wenyewe.",
    paymentId: (id: string) => `Malipo ${id}`,
    script: {
      copied: "Imenakiliwa",
      selected: "Imechaguliwa: inakili kwa amri ya kunakili ya kifaa chako",
      timeLeft: (time: string) => `Zimebaki ${time}`,
      expired: "Muda umeisha: usitume",
    },
    choice: {
      coinLegend: "Chagua unacholipa nacho",
      networkLegend: (asset: string) => `Chagua mtandao ambao ${asset} yako iko`,
      coinHint:
        "Kiasi kwa KES hakibadiliki. Ukichagua sarafu nyingine, utapata kiasi chake kwa kiwango cha sasa na anwani kwenye mtandao wake.",
      networkHint:
        "Lipa kwenye mtandao ambao pochi yako au soko lako la crypto hutumia kutuma. Ukichagua mwingine, utapata anwani kwenye mtandao huo.",
      current: " (uliochaguliwa)",
      noRate: " (hakuna kiwango kwa sasa hivi)",
      payWithCoin: "Lipa kwa sarafu hii",
      useNetwork: "Tumia mtandao huu",
      chooseListedCoin: "Chagua mojawapo ya sarafu zilizoorodheshwa.",
      unavailable: "Malipo hayapatikani kwa sasa. Tafadhali jaribu tena baada ya dakika moja.",
      refusals: {
        not_found: "Malipo hayajapatikana.",
        not_choosable: "Mtandao hauwezi kubadilishwa tena kwa malipo haya.",
        custody_unavailable:
          "Hatukuweza kufungua anwani kwenye mtandao huo sasa hivi. Tafadhali jaribu tena.",
        rate_unavailable:
          "Hakuna kiwango cha sasa cha sarafu hiyo. Tafadhali jaribu tena baada ya muda mfupi.",
      },
    },
    outcomes: {
      expired: {
        title: "Muda umeisha",
        body: "Muda wa bei iliyofungwa uliisha kabla malipo hayajafika. Muombe mfanyabiashara kiungo kipya cha malipo; usitume pesa kwa anwani hii.",
      },
      underpaid: {
        title: "Malipo pungufu",
        body: (missing: string, asset: string) =>
          `Tumepokea chini ya bei iliyofungwa: zimepungua ${missing} ${asset}. Timu ya msaada ya mfanyabiashara itawasiliana nawe; hakuna kilichopotea.`,
        some: "kiasi fulani cha",
      },
      overpaid: {
        title: "Malipo ya ziada",
        body: "Tumepokea zaidi ya bei iliyofungwa. Timu ya msaada ya mfanyabiashara itashughulikia tofauti hiyo; hakuna kilichopotea.",
      },
      paid_after_expiry: {
        title: "Yamepokelewa baada ya muda kuisha",
        body: "Malipo yako yalifika baada ya muda wa bei iliyofungwa kuisha. Timu yetu itakupa bei mpya au itakurejeshea pesa; hakuna kilichopotea.",
      },
      held: {
        title: "Yamepokelewa, yanakaguliwa",
        body: (email: string) =>
          `Malipo yako yamefika na yanakaguliwa kabla ya kumfikia mfanyabiashara. Tukihitaji chochote tutawasiliana nawe; kwa maswali andika kwa ${email} ukitaja kumbukumbu iliyo hapa chini.`,
      },
      canceled: {
        title: "Imeghairiwa",
        body: "Mfanyabiashara ameghairi malipo haya. Usitume pesa kwa anwani hii; muombe mfanyabiashara kiungo kipya cha malipo.",
      },
      failed: {
        title: "Hayakukamilika",
        body: (email: string) =>
          `Malipo haya hayakuweza kukamilika. Wasiliana na ${email} ukitaja kumbukumbu iliyo hapa chini.`,
      },
    },
    returnLink: {
      success: (host: string) => `Rudi kwenye ${host}`,
      cancel: (host: string) => `Ghairi na urudi kwenye ${host}`,
    },
  },
);
