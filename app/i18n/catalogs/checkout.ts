/**
 * The customer's checkout and receipt (issue 33, first): every word a customer paying at
 * /pay/{id} and /pay/{id}/receipt reads, in English and Kiswahili. Terms: docs/i18n/glossary.md.
 */
import { kenyanPhoneError } from "~/utils/phone";
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
    sendOnlyOn: (network: string) =>
      `Send only on ${network}. Coins sent on another network may be lost.`,
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
      coinOn: (asset: string, network: string) => `${asset} on ${network}`,
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
    mpesa: {
      title: "Pay with M-Pesa",
      checkPhone: (amount: string) => `Check your phone: enter your M-Pesa PIN to pay ${amount}.`,
      promptSent: (phone: string) =>
        `We sent the M-Pesa prompt to ${phone}. This page updates by itself when M-Pesa confirms the payment.`,
      intro: (amount: string) =>
        `Pay ${amount} from your M-Pesa: we send a prompt to your phone and you enter your PIN.`,
      numberLabel: "M-Pesa number",
      numberHint:
        "The Safaricom number registered for M-Pesa. You confirm with your PIN on the phone.",
      blocked:
        "No more M-Pesa prompts can be sent for this payment. Pay in crypto below, or ask the merchant for a new payment.",
      tooManyTries: (wait: string) =>
        `Too many tries to pay with M-Pesa. Please wait ${wait} and try again.`,
      minutes: (minutes: number) => (minutes === 1 ? "1 minute" : `${minutes} minutes`),
      phoneRequired: "Enter the M-Pesa number to send the prompt to",
      phoneInvalid: kenyanPhoneError,
      notSafaricom:
        "Enter a Safaricom (M-Pesa) number, such as 0712 345 678. Airtel and Telkom numbers cannot pay with M-Pesa.",
      refusals: {
        not_payable: "This payment is no longer waiting to be paid.",
        pending:
          "An M-Pesa prompt for this payment is already on its way to a phone. Answer it, or wait for it to end, then try again.",
        too_many_attempts: (max: number) =>
          `This payment has had ${max} M-Pesa prompts, the most we send. Pay in crypto, or ask the merchant for a new payment.`,
        unavailable: "Paying with M-Pesa is not available for this payment right now.",
        refused: "M-Pesa turned the request down. Please try again in a moment.",
      },
      /** What an M-Pesa Express ResultCode means for the customer (Daraja's codes). */
      failures: {
        code0: "Payment received. Thank you.",
        code1:
          "Your M-Pesa balance is not enough for this payment. Top up or use Fuliza, then try again.",
        code17:
          "M-Pesa declined this as a repeat of a payment you just made. Wait two minutes, then try again.",
        code1001:
          "Another M-Pesa transaction is in progress on your phone. Finish it or wait a moment, then try again.",
        code1019: "The M-Pesa request expired before it was completed. Please try again.",
        code1025: "We could not send the M-Pesa prompt to your phone. Please try again.",
        code1032: "You cancelled the M-Pesa request on your phone. Nothing was paid.",
        code1037:
          "We could not reach your phone, or the M-Pesa prompt was not answered in time. Check that your phone is on and has network, then try again.",
        code2001: "The M-Pesa PIN entered was wrong. Nothing was paid; please try again.",
        code2028:
          "M-Pesa did not allow this payment to this merchant. Please contact the merchant.",
        code9999: "We could not send the M-Pesa prompt to your phone. Please try again.",
        unknown: "The M-Pesa payment did not go through. Nothing was paid; please try again.",
        noAnswer:
          "We did not hear back from M-Pesa about the prompt. If money left your M-Pesa, it is not lost: this page shows the payment as paid once M-Pesa confirms it. Otherwise, please try again.",
        refused:
          "We could not send the M-Pesa request to your phone. Please try again in a moment.",
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
    receipt: {
      title: "Receipt",
      thanks: "Thank you: your payment is confirmed.",
      printable: "Printable receipt",
      shareWhatsApp: "Share on WhatsApp",
      paidTo: "Paid to",
      reference: "Reference",
      amount: "Amount",
      paidWith: "Paid with",
      date: "Date",
      paymentId: "Payment ID",
      mpesaReceipt: "M-Pesa receipt",
      onNetwork: (network: string) => `on ${network}`,
      transactionLink: (hash: string) => `Transaction ${hash}`,
      onExplorer: " on the network's explorer (opens in a new tab)",
      confirmedTo: (business: string) => `A payment to ${business}, confirmed.`,
      collectedBy: (brand: string, business: string) =>
        `Collected by ${brand} for ${business}. Print this page or save it as a PDF from your browser's menu.`,
      backToPayment: "Back to the payment",
      metaTitle: (business: string) => `Receipt: ${business} | OneHop`,
      fallbackMetaTitle: "Receipt | OneHop",
      message: (amount: string, business: string, reference: string, when: string, link: string) =>
        `Receipt: ${amount} paid to ${business} (ref. ${reference}) on ${when}. ${link}`,
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
    sendOnlyOn: (network: string) =>
      `Tuma kwenye ${network} pekee. Sarafu zikitumwa kwenye mtandao mwingine zinaweza kupotea.`,
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
      coinOn: (asset: string, network: string) => `${asset} kwenye ${network}`,
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
    mpesa: {
      title: "Lipa kwa M-Pesa",
      checkPhone: (amount: string) =>
        `Angalia simu yako: weka PIN yako ya M-Pesa ili ulipe ${amount}.`,
      promptSent: (phone: string) =>
        `Tumetuma ombi la M-Pesa kwa ${phone}. Ukurasa huu utajisasisha wenyewe M-Pesa ikithibitisha malipo.`,
      intro: (amount: string) =>
        `Lipa ${amount} kutoka M-Pesa yako: tunatuma ombi kwenye simu yako nawe unaweka PIN yako.`,
      numberLabel: "Nambari ya M-Pesa",
      numberHint:
        "Nambari ya Safaricom iliyosajiliwa kwa M-Pesa. Utathibitisha kwa PIN yako kwenye simu.",
      blocked:
        "Hatuwezi kutuma maombi mengine ya M-Pesa kwa malipo haya. Lipa kwa crypto hapa chini, au muombe mfanyabiashara malipo mapya.",
      tooManyTries: (wait: string) =>
        `Umejaribu kulipa kwa M-Pesa mara nyingi mno. Tafadhali subiri ${wait} kisha ujaribu tena.`,
      minutes: (minutes: number) => `dakika ${minutes}`,
      phoneRequired: "Weka nambari ya M-Pesa ya kutumiwa ombi",
      phoneInvalid: "Weka nambari ya simu ya Kenya, kama 0712 345 678",
      notSafaricom:
        "Weka nambari ya Safaricom (M-Pesa), kama 0712 345 678. Nambari za Airtel na Telkom haziwezi kulipa kwa M-Pesa.",
      refusals: {
        not_payable: "Malipo haya hayasubiri kulipwa tena.",
        pending:
          "Ombi la M-Pesa la malipo haya tayari liko njiani kwenda kwenye simu. Lijibu, au subiri liishe, kisha ujaribu tena.",
        too_many_attempts: (max: number) =>
          `Malipo haya yamepata maombi ${max} ya M-Pesa, idadi ya juu tunayotuma. Lipa kwa crypto, au muombe mfanyabiashara malipo mapya.`,
        unavailable: "Kulipa kwa M-Pesa hakupatikani kwa malipo haya kwa sasa.",
        refused: "M-Pesa imekataa ombi hili. Tafadhali jaribu tena baada ya muda mfupi.",
      },
      failures: {
        code0: "Malipo yamepokelewa. Asante.",
        code1:
          "Salio lako la M-Pesa halitoshi kwa malipo haya. Ongeza salio au tumia Fuliza, kisha ujaribu tena.",
        code17:
          "M-Pesa imekataa malipo haya kwa kuwa yanafanana na malipo uliyofanya sasa hivi. Subiri dakika mbili, kisha ujaribu tena.",
        code1001:
          "Kuna muamala mwingine wa M-Pesa unaoendelea kwenye simu yako. Umalize au subiri kidogo, kisha ujaribu tena.",
        code1019: "Ombi la M-Pesa liliisha muda kabla ya kukamilika. Tafadhali jaribu tena.",
        code1025: "Hatukuweza kutuma ombi la M-Pesa kwenye simu yako. Tafadhali jaribu tena.",
        code1032: "Umeghairi ombi la M-Pesa kwenye simu yako. Hakuna kilicholipwa.",
        code1037:
          "Hatukuweza kufikia simu yako, au ombi la M-Pesa halikujibiwa kwa wakati. Hakikisha simu yako imewashwa na ina mtandao, kisha ujaribu tena.",
        code2001: "PIN ya M-Pesa uliyoweka si sahihi. Hakuna kilicholipwa; tafadhali jaribu tena.",
        code2028:
          "M-Pesa haikuruhusu malipo haya kwa mfanyabiashara huyu. Tafadhali wasiliana na mfanyabiashara.",
        code9999: "Hatukuweza kutuma ombi la M-Pesa kwenye simu yako. Tafadhali jaribu tena.",
        unknown: "Malipo ya M-Pesa hayakufanikiwa. Hakuna kilicholipwa; tafadhali jaribu tena.",
        noAnswer:
          "Hatukupata jibu kutoka M-Pesa kuhusu ombi hilo. Kama pesa zilitoka kwenye M-Pesa yako, hazijapotea: ukurasa huu utaonyesha malipo kuwa yamelipwa M-Pesa ikiyathibitisha. La sivyo, tafadhali jaribu tena.",
        refused:
          "Hatukuweza kutuma ombi la M-Pesa kwenye simu yako. Tafadhali jaribu tena baada ya muda mfupi.",
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
    receipt: {
      title: "Risiti",
      thanks: "Asante: malipo yako yamethibitishwa.",
      printable: "Risiti ya kuchapisha",
      shareWhatsApp: "Shiriki kwenye WhatsApp",
      paidTo: "Mpokeaji",
      reference: "Kumbukumbu",
      amount: "Kiasi",
      paidWith: "Njia ya malipo",
      date: "Tarehe",
      paymentId: "Nambari ya malipo",
      mpesaReceipt: "Risiti ya M-Pesa",
      onNetwork: (network: string) => `kwenye ${network}`,
      transactionLink: (hash: string) => `Muamala ${hash}`,
      onExplorer: " kwenye kichunguzi cha mtandao (hufunguka kwenye kichupo kipya)",
      confirmedTo: (business: string) => `Malipo kwa ${business}, yamethibitishwa.`,
      collectedBy: (brand: string, business: string) =>
        `Yamekusanywa na ${brand} kwa niaba ya ${business}. Chapisha ukurasa huu au uuhifadhi kama PDF kupitia menyu ya kivinjari chako.`,
      backToPayment: "Rudi kwenye malipo",
      metaTitle: (business: string) => `Risiti: ${business} | OneHop`,
      fallbackMetaTitle: "Risiti | OneHop",
      message: (amount: string, business: string, reference: string, when: string, link: string) =>
        `Risiti: ${amount} zimelipwa kwa ${business} (kumb. ${reference}) tarehe ${when}. ${link}`,
    },
    returnLink: {
      success: (host: string) => `Rudi kwenye ${host}`,
      cancel: (host: string) => `Ghairi na urudi kwenye ${host}`,
    },
  },
);
