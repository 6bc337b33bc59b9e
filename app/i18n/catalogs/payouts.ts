/**
 * The Payouts pages (issue 33): the list of payout batches, a new single payout (its form, the
 * review and the toasts) and the upload of a payout file. A batch's own page is in
 * `payout-batches.ts`. Rail names, money and the messages the API shares (core's row checks and
 * refusals) are not here: rail names stay as written, and core's English stays the API's.
 */
import {
  batchStatusLabels,
  type BatchKind,
  type BatchStatus,
} from "~/core/disbursements/vocabulary";
import { defineMessages } from "../messages";

const batchStatusEn: Record<BatchStatus, string> = batchStatusLabels;

const batchStatusSw: Record<BatchStatus, string> = {
  checking: "Faili linakaguliwa",
  draft: "Rasimu",
  awaiting_approval: "Inasubiri kuidhinishwa",
  rejected: "Imekataliwa",
  withdrawn: "Imeondolewa",
  processing: "Inashughulikiwa",
  completed: "Imekamilika",
  expired: "Muda umeisha",
};

const batchKindEn: Record<BatchKind, string> = {
  bulk: "File upload",
  single: "Single payout",
};

const batchKindSw: Record<BatchKind, string> = {
  bulk: "Faili lililopakiwa",
  single: "Utumaji mmoja",
};

/**
 * The single payout form's row-check messages that have no values, by their exact English (core's,
 * shared with the API and payout files): the page shows these in its language, any other in
 * English.
 */
const rowErrorsEn = {
  amountMissing: "Enter the amount to pay in shillings, such as 1500",
  amountZero: "The amount is 0: enter the amount to pay, such as 1500",
  recipientMissing:
    "Enter the recipient: a Kenyan mobile number such as 0712 345 678, or a bank account number with its bank code",
  bankCodeMissing:
    "Enter the bank's 2-digit code in bank_code (such as 68 for Equity Bank Kenya): a bank payout needs it",
  bankAccountMissing: "Enter the bank account number to pay",
  bankNameMissing: "Enter the name the bank account is held in: PesaLink needs the account name",
  tillAccount:
    "A Till takes no account number: clear the account, or write paybill as the rail if the business gave you a Paybill and account",
  paybillAccountMissing:
    "Enter the account number at the Paybill (the one the business gave you, such as your customer or invoice number there): a Paybill payment needs it",
  accountLineBreak:
    "The account number contains a line break or another invisible character: type it on one line",
  bankCodeNotBank:
    "A bank code is only for bank payouts: clear it, or write bank as the rail and a bank account number as the recipient",
  accountNotPaybill:
    "An account number is only for Paybill payouts: clear it, or write paybill as the rail and the Paybill number as the recipient",
};

export const payoutsMessages = defineMessages(
  {
    title: "Payouts",
    metaDescription: "Pay anyone from your OneHop KES balance.",
    newPayout: "New payout",
    intro: (fee: string) =>
      `Pay anyone from your KES balance: to an M-Pesa, Airtel Money or T-Kash number, or to a bank account over PesaLink. Each payout costs our ${fee} B2C fee on the amount plus the rail's own charge, passed on at cost.`,
    soleApproverTitle: "You are the only member who can approve payouts",
    balance: "Balance",
    availableToPayOut: "Available to pay out",
    topUp: "Top up",
    yourPayouts: "Your payouts",
    empty: {
      title: "No payouts yet.",
      what: "Payouts send money from your available balance to your staff, suppliers, customers or agents: one at a time with New payout, or many at once from a CSV file.",
      costBefore: (fee: string) =>
        `Each payout costs our ${fee} B2C fee on the amount, plus the rail's own charge for the transfer, passed on at cost (see the `,
      tariffLink: "tariff schedule",
      costAfter: "). You see both before anything is sent.",
      approval:
        "A batch from a file is paid only after a second member with the Finance, Admin or Owner role approves it, and a single payout above your approval limit (in Settings) waits for one too.",
    },
    uploadTitle: "Upload a payout file",
    uploadIntro:
      "We check every row and show you the results first: nothing is paid until you submit the batch and another member approves it.",
    list: {
      caption: "Your payouts, newest first",
      title: "Title",
      kind: "Kind",
      status: "Status",
      rows: "Rows",
      amount: "Amount",
      paidFailed: "Paid / failed",
      paidAndFailed: (paid: number, failed: number) => `${paid} paid, ${failed} failed`,
      created: "Created",
    },
    batchStatus: batchStatusEn,
    batchKind: batchKindEn,
    soleApprover: {
      note: "Nobody else in your account can approve payouts, so there cannot be two people here: you approve your own payouts with a code from your authenticator app, never with an API key.",
      turnOn: "Turn on",
      twoFactorLink: "two-factor sign-in",
      orInvite: "first, or invite a Finance member at Team to approve them.",
    },
    upload: {
      batchTitle: "Batch title",
      batchTitlePlaceholder: "November salaries",
      file: "Payout file (CSV)",
      fileHint: (size: string, rows: string, columns: string, last: string) =>
        `One payout per line with the columns ${columns} and ${last}; at most ${size} and ${rows} rows.`,
      template: "Download the template",
      smsReceipts: "Send each recipient a text receipt",
      submit: "Upload file",
      uploading: "Uploading...",
      titleMissing: "Give the batch a title, such as November salaries",
      titleTooLong: (max: number) => `Shorten the title to at most ${max} characters`,
      fileMissing: "Choose the payout file (CSV) to upload",
      tooLarge: (size: string) =>
        `The file is larger than ${size}, the most a payout file can be: split it into smaller files and upload each part.`,
      workbook: (name: string) =>
        `"${name}" is a spreadsheet workbook, not a CSV file: in your spreadsheet choose Save As (or Download) and CSV UTF-8, then upload that file.`,
      notCsv: (name: string) =>
        `"${name}" is not a CSV file: save the payouts as CSV (start from the template) and upload that file.`,
      emptyFile: (name: string, header: string) =>
        `"${name}" is empty: its first line must be the header (${header}), then one payout per line.`,
      chooseAgain: "Choose the file again after fixing it.",
      notUtf8:
        'The file is not saved as UTF-8 text: in your spreadsheet choose Save As and "CSV UTF-8", then upload that file.',
      notMultipart: "Choose the payout file (CSV) to upload, then press Upload file.",
      unreadable: "The form data could not be read. Choose the file and upload it again.",
      busy: (count: number) =>
        `You are already uploading ${count} payout files: wait until they are checked, then upload this one.`,
      uploaded: "Payout file uploaded",
      uploadedDescription: (rows: string, toFix: string | null) =>
        `${rows} read${toFix ? `, ${toFix} to fix` : ""}. Check them, then submit the batch for approval.`,
      rowCount: (count: string) => (count === "1" ? "1 row" : `${count} rows`),
    },
    single: {
      back: "Back to payouts",
      metaDescription: "Pay one recipient from your OneHop KES balance.",
      intro: (available: string) =>
        `Pay one person or business from your available balance of ${available}. You see our fee and the rail's charge before anything is sent.`,
      noApproval: "Single payouts are sent without a second approval.",
      approvalAbove: (limit: string) =>
        `A payout above ${limit} waits for another member's approval.`,
      recipient: "Recipient",
      recipientHint:
        "A Kenyan mobile number such as 0712 345 678, a bank account number, or an M-Pesa Paybill or Till number.",
      rail: "Rail",
      railPlaceholder: "Work it out from the number",
      railBank: "Bank (PesaLink)",
      railInvalid: "Choose a rail from the list",
      bank: "Bank (for bank payouts)",
      bankPlaceholder: "Choose the bank",
      account: "Account number (for Paybill payouts)",
      accountHint: (max: number) =>
        `The account number the business gave you, at most ${max} characters.`,
      amount: "Amount (KES)",
      amountHint: "Whole shillings.",
      amountPlaceholder: "e.g. 1500",
      reference: "Reference (optional)",
      referenceHint: "Shown to the recipient where the rail carries it.",
      name: "Recipient name (optional; required for banks)",
      nameHint: "For a bank payout, the name the account is held in.",
      smsReceipt: "Send the recipient a text receipt",
      checking: "Checking...",
      review: "Review",
      reviewAgain: "Review again",
      bankAccount: (bank: string, account: string) => `${bank}, account ${account}`,
      bankNamed: (code: string) => `Bank ${code}`,
      rowErrors: rowErrorsEn,
    },
    review: {
      title: "Review the payout",
      to: "To",
      rail: "Rail",
      reference: "Reference",
      recipientGets: "Recipient gets",
      ourFee: (fee: string) => `Our fee (${fee})`,
      excise: (rate: string) => `Excise duty (${rate} of our fee)`,
      railCharge: (rail: string) => `${rail} charge, at cost`,
      total: "Total from your balance",
      available: "Available balance",
      needsApproval: (limit: string) =>
        `Needs approval: it is above your approval limit of ${limit}, so another member with the Finance, Admin or Owner role must approve it before it is sent. The money is set aside when they do.`,
      noApprovalNoLimit:
        "No approval needed: your account sends single payouts without a second approval, so it is sent as soon as you press Send payout.",
      noApprovalNoLimitSms:
        "No approval needed: your account sends single payouts without a second approval, so it is sent as soon as you press Send payout, and the recipient gets a text receipt once it is paid.",
      noApprovalWithin: (limit: string) =>
        `No approval needed: it is within your approval limit of ${limit}, so it is sent as soon as you press Send payout.`,
      noApprovalWithinSms: (limit: string) =>
        `No approval needed: it is within your approval limit of ${limit}, so it is sent as soon as you press Send payout, and the recipient gets a text receipt once it is paid.`,
      short: (short: string) =>
        `Your available balance is ${short} short of this payout with its fees. Lower the amount, or send it once collections have settled into your balance.`,
      confirmFirst:
        "You may be asked to confirm it is you (your authentication code, or your password) first.",
      submitting: "Submitting...",
      sending: "Sending...",
      submitForApproval: "Submit for approval",
      send: "Send payout",
    },
    toasts: {
      what: (amount: string, to: string) => `${amount} to ${to}`,
      alreadySubmitted: "Payout already submitted",
      alreadySubmittedDescription: (what: string) =>
        `${what} was submitted from this review before: it is paid once. Its page shows where it is.`,
      submittedForApproval: "Payout submitted for approval",
      submittedForApprovalDescription: (what: string, limit: string) =>
        `${what} is above your approval limit of ${limit}: another member with the Finance, Admin or Owner role must approve it.`,
      sent: "Payout sent",
      sentDescription: (what: string) => `${what} is on its way.`,
    },
  },
  {
    title: "Malipo yaliyotumwa",
    metaDescription: "Mlipe yeyote kutoka kwa salio lako la KES kwenye OneHop.",
    newPayout: "Utumaji mpya",
    intro: (fee: string) =>
      `Mlipe yeyote kutoka kwa salio lako la KES: kwa nambari ya M-Pesa, Airtel Money au T-Kash, au kwa akaunti ya benki kupitia PesaLink. Kila utumaji una ada yetu ya B2C ya ${fee} ya kiasi, pamoja na gharama ya njia ya malipo yenyewe, bila faida yoyote kwetu.`,
    soleApproverTitle: "Ni wewe pekee mwanachama unayeweza kuidhinisha utumaji",
    balance: "Salio",
    availableToPayOut: "Salio linaloweza kutumwa",
    topUp: "Ongeza salio",
    yourPayouts: "Malipo uliyotuma",
    empty: {
      title: "Bado hujatuma malipo.",
      what: "Utumaji hupeleka pesa kutoka kwa salio lako kwa wafanyakazi, wasambazaji, wateja au mawakala wako: mmoja mmoja kwa Utumaji mpya, au mengi kwa pamoja kutoka kwa faili la CSV.",
      costBefore: (fee: string) =>
        `Kila utumaji una ada yetu ya B2C ya ${fee} ya kiasi, pamoja na gharama ya njia ya malipo kwa uhamisho, bila faida yoyote kwetu (angalia `,
      tariffLink: "viwango vya ada",
      costAfter: "). Unaona zote mbili kabla chochote hakijatumwa.",
      approval:
        "Kundi la malipo kutoka kwa faili hulipwa tu baada ya mwanachama wa pili mwenye jukumu la Fedha, Msimamizi au Mmiliki kuliidhinisha, na utumaji mmoja unaozidi kikomo chako cha idhini (kwenye Mipangilio) pia husubiri idhini.",
    },
    uploadTitle: "Pakia faili la malipo",
    uploadIntro:
      "Tunakagua kila mstari na kukuonyesha matokeo kwanza: hakuna kinacholipwa hadi uwasilishe kundi na mwanachama mwingine aliidhinishe.",
    list: {
      caption: "Malipo uliyotuma, ya karibuni kwanza",
      title: "Jina",
      kind: "Aina",
      status: "Hali",
      rows: "Mistari",
      amount: "Kiasi",
      paidFailed: "Imelipwa / imeshindikana",
      paidAndFailed: (paid: number, failed: number) => `${paid} imelipwa, ${failed} imeshindikana`,
      created: "Iliundwa",
    },
    batchStatus: batchStatusSw,
    batchKind: batchKindSw,
    soleApprover: {
      note: "Hakuna mwingine kwenye akaunti yako anayeweza kuidhinisha utumaji, kwa hivyo hapa hawawezi kuwa watu wawili: unaidhinisha utumaji wako mwenyewe kwa msimbo kutoka kwa programu yako ya uthibitishaji, kamwe si kwa ufunguo wa API.",
      turnOn: "Washa",
      twoFactorLink: "uthibitishaji wa hatua mbili",
      orInvite: "kwanza, au mwalike mwanachama wa Fedha kwenye Timu aidhinishe.",
    },
    upload: {
      batchTitle: "Jina la kundi",
      batchTitlePlaceholder: "Mishahara ya Novemba",
      file: "Faili la malipo (CSV)",
      fileHint: (size: string, rows: string, columns: string, last: string) =>
        `Utumaji mmoja kwa kila mstari wenye safu ${columns} na ${last}; isizidi ${size} na mistari ${rows}.`,
      template: "Pakua kiolezo",
      smsReceipts: "Mtumie kila mpokeaji risiti kwa SMS",
      submit: "Pakia faili",
      uploading: "Inapakia...",
      titleMissing: "Lipe kundi jina, kama Mishahara ya Novemba",
      titleTooLong: (max: number) => `Fupisha jina lisizidi herufi ${max}`,
      fileMissing: "Chagua faili la malipo (CSV) la kupakia",
      tooLarge: (size: string) =>
        `Faili ni kubwa kuliko ${size}, kiwango cha juu cha faili la malipo: ligawe katika mafaili madogo kisha upakie kila sehemu.`,
      workbook: (name: string) =>
        `"${name}" ni kitabu cha lahajedwali, si faili la CSV: kwenye lahajedwali yako chagua Save As (au Download) na CSV UTF-8, kisha upakie faili hilo.`,
      notCsv: (name: string) =>
        `"${name}" si faili la CSV: hifadhi malipo kama CSV (anza na kiolezo) kisha upakie faili hilo.`,
      emptyFile: (name: string, header: string) =>
        `"${name}" ni tupu: mstari wake wa kwanza lazima uwe kichwa (${header}), kisha utumaji mmoja kwa kila mstari.`,
      chooseAgain: "Chagua faili tena baada ya kulirekebisha.",
      notUtf8:
        'Faili halijahifadhiwa kama maandishi ya UTF-8: kwenye lahajedwali yako chagua Save As na "CSV UTF-8", kisha upakie faili hilo.',
      notMultipart: "Chagua faili la malipo (CSV) la kupakia, kisha ubonyeze Pakia faili.",
      unreadable: "Data ya fomu haikuweza kusomwa. Chagua faili na ulipakie tena.",
      busy: (count: number) =>
        `Tayari unapakia mafaili ${count} ya malipo: subiri yakaguliwe, kisha upakie hili.`,
      uploaded: "Faili la malipo limepakiwa",
      uploadedDescription: (rows: string, toFix: string | null) =>
        `${rows} imesomwa${toFix ? `, ${toFix} ya kurekebisha` : ""}. Ikague, kisha uwasilishe kundi liidhinishwe.`,
      rowCount: (count: string) => (count === "1" ? "Mstari 1" : `Mistari ${count}`),
    },
    single: {
      back: "Rudi kwa malipo yaliyotumwa",
      metaDescription: "Mlipe mpokeaji mmoja kutoka kwa salio lako la KES kwenye OneHop.",
      intro: (available: string) =>
        `Mlipe mtu au biashara moja kutoka kwa salio lako la ${available}. Unaona ada yetu na gharama ya njia ya malipo kabla chochote hakijatumwa.`,
      noApproval: "Utumaji mmoja hutumwa bila idhini ya pili.",
      approvalAbove: (limit: string) =>
        `Utumaji unaozidi ${limit} husubiri idhini ya mwanachama mwingine.`,
      recipient: "Mpokeaji",
      recipientHint:
        "Nambari ya simu ya Kenya kama 0712 345 678, nambari ya akaunti ya benki, au nambari ya Paybill au Till ya M-Pesa.",
      rail: "Njia ya malipo",
      railPlaceholder: "Itambue kutoka kwa nambari",
      railBank: "Benki (PesaLink)",
      railInvalid: "Chagua njia ya malipo kutoka kwa orodha",
      bank: "Benki (kwa utumaji wa benki)",
      bankPlaceholder: "Chagua benki",
      account: "Nambari ya akaunti (kwa utumaji wa Paybill)",
      accountHint: (max: number) =>
        `Nambari ya akaunti uliyopewa na biashara, isizidi herufi ${max}.`,
      amount: "Kiasi (KES)",
      amountHint: "Shilingi kamili.",
      amountPlaceholder: "mf. 1500",
      reference: "Kumbukumbu (si lazima)",
      referenceHint: "Huonyeshwa kwa mpokeaji pale njia ya malipo inapoibeba.",
      name: "Jina la mpokeaji (si lazima; linahitajika kwa benki)",
      nameHint: "Kwa utumaji wa benki, jina ambalo akaunti imesajiliwa nalo.",
      smsReceipt: "Mtumie mpokeaji risiti kwa SMS",
      checking: "Inakagua...",
      review: "Kagua",
      reviewAgain: "Kagua tena",
      bankAccount: (bank: string, account: string) => `${bank}, akaunti ${account}`,
      bankNamed: (code: string) => `Benki ${code}`,
      rowErrors: {
        amountMissing: "Weka kiasi cha kulipa kwa shilingi, kama 1500",
        amountZero: "Kiasi ni 0: weka kiasi cha kulipa, kama 1500",
        recipientMissing:
          "Weka mpokeaji: nambari ya simu ya Kenya kama 0712 345 678, au nambari ya akaunti ya benki pamoja na msimbo wa benki yake",
        bankCodeMissing:
          "Weka msimbo wa benki wa tarakimu 2 kwenye bank_code (kama 68 kwa Equity Bank Kenya): utumaji wa benki unauhitaji",
        bankAccountMissing: "Weka nambari ya akaunti ya benki ya kulipa",
        bankNameMissing:
          "Weka jina ambalo akaunti ya benki imesajiliwa nalo: PesaLink inahitaji jina la akaunti",
        tillAccount:
          "Till haichukui nambari ya akaunti: futa akaunti, au andika paybill kama njia ya malipo ikiwa biashara ilikupa Paybill na akaunti",
        paybillAccountMissing:
          "Weka nambari ya akaunti kwenye Paybill (uliyopewa na biashara, kama nambari yako ya mteja au ya ankara huko): malipo ya Paybill yanaihitaji",
        accountLineBreak:
          "Nambari ya akaunti ina mstari mpya au herufi nyingine isiyoonekana: iandike kwenye mstari mmoja",
        bankCodeNotBank:
          "Msimbo wa benki ni kwa utumaji wa benki tu: ufute, au andika bank kama njia ya malipo na nambari ya akaunti ya benki kama mpokeaji",
        accountNotPaybill:
          "Nambari ya akaunti ni kwa utumaji wa Paybill tu: ifute, au andika paybill kama njia ya malipo na nambari ya Paybill kama mpokeaji",
      },
    },
    review: {
      title: "Kagua utumaji",
      to: "Kwa",
      rail: "Njia ya malipo",
      reference: "Kumbukumbu",
      recipientGets: "Mpokeaji anapata",
      ourFee: (fee: string) => `Ada yetu (${fee})`,
      excise: (rate: string) => `Ushuru wa bidhaa (${rate} ya ada yetu)`,
      railCharge: (rail: string) => `Gharama ya ${rail}, bila faida kwetu`,
      total: "Jumla kutoka kwa salio lako",
      available: "Salio linalopatikana",
      needsApproval: (limit: string) =>
        `Inahitaji idhini: inazidi kikomo chako cha idhini cha ${limit}, kwa hivyo mwanachama mwingine mwenye jukumu la Fedha, Msimamizi au Mmiliki lazima aiidhinishe kabla haijatumwa. Pesa hutengwa anapoiidhinisha.`,
      noApprovalNoLimit:
        "Haihitaji idhini: akaunti yako hutuma utumaji mmoja bila idhini ya pili, kwa hivyo inatumwa mara tu unapobonyeza Tuma malipo.",
      noApprovalNoLimitSms:
        "Haihitaji idhini: akaunti yako hutuma utumaji mmoja bila idhini ya pili, kwa hivyo inatumwa mara tu unapobonyeza Tuma malipo, na mpokeaji anapata risiti kwa SMS yakishalipwa.",
      noApprovalWithin: (limit: string) =>
        `Haihitaji idhini: iko ndani ya kikomo chako cha idhini cha ${limit}, kwa hivyo inatumwa mara tu unapobonyeza Tuma malipo.`,
      noApprovalWithinSms: (limit: string) =>
        `Haihitaji idhini: iko ndani ya kikomo chako cha idhini cha ${limit}, kwa hivyo inatumwa mara tu unapobonyeza Tuma malipo, na mpokeaji anapata risiti kwa SMS yakishalipwa.`,
      short: (short: string) =>
        `Salio lako linalopatikana limepungua kwa ${short} kulipia utumaji huu pamoja na ada zake. Punguza kiasi, au uutume makusanyo yakishaingia kwenye salio lako.`,
      confirmFirst:
        "Huenda ukaombwa kuthibitisha kuwa ni wewe (msimbo wako wa uthibitishaji, au nenosiri lako) kwanza.",
      submitting: "Inawasilisha...",
      sending: "Inatuma...",
      submitForApproval: "Wasilisha ili kuidhinishwa",
      send: "Tuma malipo",
    },
    toasts: {
      what: (amount: string, to: string) => `${amount} kwa ${to}`,
      alreadySubmitted: "Utumaji ulishawasilishwa",
      alreadySubmittedDescription: (what: string) =>
        `${what} uliwasilishwa kutoka kwa ukaguzi huu awali: unalipwa mara moja tu. Ukurasa wake unaonyesha ulipofikia.`,
      submittedForApproval: "Utumaji umewasilishwa ili kuidhinishwa",
      submittedForApprovalDescription: (what: string, limit: string) =>
        `${what} unazidi kikomo chako cha idhini cha ${limit}: mwanachama mwingine mwenye jukumu la Fedha, Msimamizi au Mmiliki lazima auidhinishe.`,
      sent: "Malipo yametumwa",
      sentDescription: (what: string) => `${what} uko njiani.`,
    },
  },
);
