/**
 * A payout batch's page (issue 33): its header, summary, notices, rows (with a row's fix form),
 * the maker-checker actions, the toasts and refusals, and the payout approval limit form (shown in
 * Settings). Row checks and refusals from core/disbursements stay in English: the API shares them.
 */
import {
  nameCheckLabels,
  rowStatusLabels,
  type NameCheck,
  type RowFilter,
  type RowStatus,
} from "~/core/disbursements/vocabulary";
import { defineMessages } from "../messages";

const rowStatusEn: Record<RowStatus, string> = rowStatusLabels;

const rowStatusSw: Record<RowStatus, string> = {
  ready: "Tayari",
  invalid: "Inahitaji kurekebishwa",
  dropped: "Imeachwa",
  queued: "Kwenye foleni",
  sent: "Imetumwa",
  paid: "Imelipwa",
  failed: "Imeshindikana",
  cancelled: "Imeghairiwa",
};

const nameCheckEn: Record<NameCheck, string> = nameCheckLabels;

const nameCheckSw: Record<NameCheck, string> = {
  not_offered: "Halijakaguliwa",
  pending: "Linakaguliwa",
  match: "Linalingana",
  partial: "Linalingana kiasi",
  mismatch: "Halilingani",
  not_found: "Akaunti haipo",
  unavailable: "Njia ya malipo haikujibu",
};

const filterEn: Record<RowFilter, string> = {
  all: "All rows",
  attention: "Needs attention",
  invalid: "Needs fixing",
  failed: "Failed",
  paid: "Paid",
  open: "On its way",
};

const filterSw: Record<RowFilter, string> = {
  all: "Mistari yote",
  attention: "Inahitaji kuangaliwa",
  invalid: "Inahitaji kurekebishwa",
  failed: "Imeshindikana",
  paid: "Imelipwa",
  open: "Iko njiani",
};

const emptyEn: Record<RowFilter, string> = {
  all: "This batch has no rows.",
  attention: "No row needs attention.",
  invalid: "No row needs fixing.",
  failed: "No payout failed.",
  paid: "No payout is paid yet.",
  open: "No payout is on its way.",
};

const emptySw: Record<RowFilter, string> = {
  all: "Kundi hili halina mistari.",
  attention: "Hakuna mstari unaohitaji kuangaliwa.",
  invalid: "Hakuna mstari unaohitaji kurekebishwa.",
  failed: "Hakuna utumaji ulioshindikana.",
  paid: "Bado hakuna utumaji uliolipwa.",
  open: "Hakuna utumaji ulio njiani.",
};

export const payoutBatchMessages = defineMessages(
  {
    title: (title: string) => `Payout batch: ${title}`,
    titleNone: "Payout batch",
    metaDescription: "A payout batch: its rows, what it costs and its approval.",
    back: "Back to payouts",
    notFound: "Payout batch not found",
    who: {
      you: "you",
      apiKey: "an API key",
      anotherMember: "another member",
      throughKey: " (through an API key)",
    },
    inDoubtStatus: "Sent: no answer from M-Pesa",
    inDoubt: (count: number) =>
      count === 1
        ? "One payout has no answer from M-Pesa (the answer was lost or is late). It is never sent twice: OneHop's operators check M-Pesa's statement and settle it, as paid or with the money back in your balance. The money stays set aside until then."
        : `${count} payouts have no answer from M-Pesa (the answer was lost or is late). They are never sent twice: OneHop's operators check M-Pesa's statement and settle them, as paid or with the money back in your balance. The money stays set aside until then.`,
    bankNamed: (code: string) => `Bank ${code}`,
    bankCode: (raw: string, code: string) => `${raw} (bank code ${code})`,
    rowStatus: rowStatusEn,
    nameCheck: nameCheckEn,
    header: {
      testData: "Test data.",
      testNote:
        "This batch pays from your test balance through the simulators: no real money moves.",
      kind: "Kind",
      bulk: "Bulk payouts from a file",
      single: "One payout",
      file: "File",
      madeBy: "Made by",
      submitted: "Submitted",
      approvedBy: "Approved by",
      rejectedBy: "Rejected by",
      completed: "Completed",
      whyRejected: "Why it was rejected",
      noReason: "No reason was given.",
    },
    summary: {
      label: "Summary",
      rows: "Rows",
      rowsInBatch: (rows: string) => `${rows} in this batch.`,
      rowCount: (count: string, one: boolean) => `${count} ${one ? "row" : "rows"}`,
      cost: "What it costs",
      paidToRecipientsReady: (ready: string, one: boolean) =>
        `Paid to recipients (${ready} ${one ? "ready row" : "ready rows"})`,
      ourFee: (fee: string) => `Our fee (${fee})`,
      excise: (rate: string) => `Excise duty (${rate} of our fee)`,
      railCharges: "Rail charges, at cost",
      total: "Total from your balance",
      available: "Available balance",
      short: (short: string) =>
        `Your available balance is ${short} short of this total. It cannot be approved until the balance covers it.`,
      covers:
        "Your available balance covers this total. The money is set aside when the batch is approved.",
      progress: "Progress",
      finished: (finished: string, total: string, one: boolean, paid: string) =>
        `${finished} of ${total} ${one ? "payout" : "payouts"} finished: ${paid} paid`,
      failedPart: (failed: string) => `, ${failed} failed`,
      cancelledPart: (cancelled: string) => `, ${cancelled} cancelled`,
      of: (finished: string, total: string) => `${finished} of ${total}`,
      money: "Money",
      paidToRecipients: "Paid to recipients",
      onItsWay: "Still on its way",
      setAside: "Set aside at approval (with fees)",
      failedNote:
        "The money of a failed payout is back in your available balance: retry it to pay it again, or cancel it.",
      checkBefore: "Check before approving",
      invalid: (count: string, one: boolean) =>
        `${count} ${one ? "row needs" : "rows need"} fixing: fix or drop ${one ? "it" : "them"} before the batch is submitted.`,
      duplicates: (count: string, one: boolean) =>
        `${count} ${one ? "row pays" : "rows pay"} the same recipient the same amount as an earlier line of this file.`,
      recent: (count: string, one: boolean) =>
        `${count} ${one ? "row pays" : "rows pay"} a recipient the same amount as a payout of the last 7 days.`,
      names: (count: string, one: boolean) =>
        `${count} ${one ? "name does" : "names do"} not match, or only partly match, the name registered with the rail.`,
      notFound: (count: string, one: boolean) =>
        `${count} ${one ? "account was" : "accounts were"} not found on ${one ? "its" : "their"} rail.`,
      pending: (count: string, one: boolean) =>
        `Name checks are still running for ${count} ${one ? "row" : "rows"}: their results show here when they finish.`,
      showThem: "Show them",
      showRows: "Show rows to look at",
    },
    actions: {
      sendForApproval: "Send it for approval",
      fixFirst: (count: number) =>
        count === 1
          ? "Fix or drop the row that needs fixing first. Another member with the Finance, Admin or Owner role then approves the batch."
          : `Fix or drop the ${count} rows that need fixing first. Another member with the Finance, Admin or Owner role then approves the batch.`,
      anotherApproves:
        "Another member with the Finance, Admin or Owner role approves the batch before any money moves.",
      submit: "Submit for approval",
      dropInvalid: "Drop every row that needs fixing",
      discard: "Discard",
      uploadCorrected: "Upload a corrected file",
      uploadHint:
        "Fixed it in your spreadsheet? Its rows replace this batch's rows. A CSV file of at most 2 MB.",
      correctedFile: "Corrected CSV file",
      uploading: "Uploading...",
      approveWithTwoFactor: "Approve with two-factor sign-in",
      withdraw: "Withdraw",
      waiting: "Waiting for another member to approve",
      youMadeIt:
        "You made this batch, so another member with the Finance, Admin or Owner role approves or rejects it. Withdraw it to make changes.",
      memberApproves: "A member with the Finance, Admin or Owner role approves or rejects it.",
      approveOrReject: "Approve or reject",
      approvingNote:
        "Approving sets the total aside from your available balance and sends every ready row. We ask you to confirm it is you first.",
      approve: "Approve",
      rejectReason: "Reason for rejecting (optional)",
      rejectHint: (max: number) => `The maker sees it. Up to ${max} characters.`,
      reject: "Reject",
      onTheirWay: "Payouts on their way",
      results: "Results",
      updatesItself: "This page updates by itself until every payout has an outcome.",
      refresh: "Refresh status",
      retryAll: "Retry every failed row",
      cancelAll: "Cancel every failed row",
      download: "Download results (CSV)",
      rejected:
        "This batch was rejected: nothing was paid. Upload a new file to pay these recipients.",
      discarded: "This batch was discarded: nothing was paid.",
    },
    rows: {
      title: "Rows",
      show: "Show rows",
      filter: filterEn,
      empty: emptyEn,
      caption: (filter: string) => `Payout rows: ${filter}, in file order`,
      line: "Line",
      lineWord: "Line ",
      lineSr: (line: number) => ` line ${line}`,
      recipient: "Recipient",
      rail: "Rail",
      amount: "Amount",
      costs: "Fee + excise + charge",
      excise: (amount: string) => `+ ${amount} excise`,
      charge: (amount: string) => `+ ${amount} charge`,
      reference: "Reference",
      name: "Name",
      status: "Status",
      actions: "Actions",
      blank: "(blank)",
      fix: "Fix",
      edit: "Edit",
      putBack: "Put back",
      drop: "Drop",
      retry: "Retry",
      cancel: "Cancel",
      receipt: "Receipt",
      sameAs: (line: number) => `Same as line ${line}`,
      recentDuplicate: "Paid the same in the last 7 days",
      noneGiven: "None given",
      registered: (name: string) => `Registered: ${name}`,
      first: "First rows",
      next: "Next rows",
    },
    edit: {
      title: (line: number) => `Fix line ${line}`,
      cellsNeedChange: (count: number) =>
        count === 1 ? "One cell needs a change." : `${count} cells need a change.`,
      savingChecks: "Saving checks the row again.",
      ready: "This row is ready. Saving checks it again.",
      save: "Save Row",
      saving: "Saving...",
      cancel: "Cancel",
      recipient: "Recipient",
      recipientHint:
        "A Kenyan mobile number such as 0712 345 678, a bank account number, or a Paybill or Till number.",
      rail: "Rail",
      railHint: "mpesa, airtel-money, t-kash, bank, paybill or till; blank for a mobile number.",
      amount: "Amount (KES)",
      amountHint: "Whole shillings, such as 1500.",
      reference: "Reference",
      referenceHint: "Optional: what the recipient sees, up to 40 characters.",
      name: "Name",
      nameHint: "The recipient's name; a bank payout needs the account name.",
      bankCode: "Bank code",
      bankCodeHint: "Bank payouts only: the bank's 2-digit code, such as 68 for Equity Bank Kenya.",
      account: "Account",
      accountHint:
        "Paybill payouts only: the account number at the Paybill, at most 13 characters.",
    },
    toasts: {
      nothingChanged: "Nothing changed",
      uploadUnreadable: "The upload could not be read. Choose the file and try again.",
      tooLarge:
        "The file is larger than 2 MB. Split the payouts into smaller files and upload each as its own batch.",
      chooseCorrected: "Choose the corrected CSV file to upload.",
      incomplete: "That request was incomplete. Please try again.",
      stillNeedsFixing: "The row still needs fixing",
      checkCells: "Check the cells and save again.",
      rowFixed: "Row fixed",
      rowFixedDescription: "The row is ready to pay.",
      rowDropped: "Row dropped",
      rowDroppedDescription: "It will not be paid unless you put it back.",
      rowPutBack: "Row put back",
      rowPutBackDescription: "It is checked again with the others.",
      rowsDropped: "Rows dropped",
      rowsDroppedDescription: (count: number) =>
        `${count} ${count === 1 ? "row that needed" : "rows that needed"} fixing will not be paid.`,
      fileReplaced: "File replaced",
      fileReplacedDescription: (file: string) =>
        `The batch now has the rows of ${file}. Check them again before you submit.`,
      submitted: "Submitted for approval",
      submittedDescription:
        "Another member with the Finance, Admin or Owner role must approve it before any money moves.",
      onlyDraftDiscarded: "Only a draft can be discarded. Withdraw it first.",
      discarded: "Batch discarded",
      discardedDescription: (title: string) => `${title} will not be paid.`,
      onlyAwaitingWithdrawn: "Only a batch waiting for approval can be withdrawn.",
      withdrawn: "Batch withdrawn",
      withdrawnDescription: "It is a draft again: change it, then submit it again.",
      approved: "Batch approved",
      approvedDescription: (amount: string, count: number) =>
        `${amount} is set aside and ${count} ${count === 1 ? "payout is" : "payouts are"} on the way.`,
      rejected: "Batch rejected",
      rejectedDescription: "No money moved. The maker sees your reason.",
      retried: "Payouts retried",
      retriedDescription: (count: number) =>
        `${count} ${count === 1 ? "failed payout is" : "failed payouts are"} being sent again.`,
      cancelled: "Payouts cancelled",
      cancelledDescription: (count: number) =>
        `${count} ${count === 1 ? "failed payout is" : "failed payouts are"} cancelled; the money stays in your balance.`,
    },
    approvalLimit: {
      label: "Single payouts above this amount need a second approval",
      hint: (max: string) =>
        `Whole shillings (KES), up to ${max}. Leave it blank and single payouts never need one; 0 means every one does. A payout file always needs approval.`,
      placeholder: "e.g. 50000",
      save: "Save approval limit",
      saving: "Saving...",
      tooLong: "Enter whole shillings, such as 50000, or leave it blank",
      notWhole: "Enter whole shillings, such as 50000, or leave it blank for never",
      tooHigh: (max: string) =>
        `The highest limit is ${max}: enter less, or leave it blank for never`,
    },
  },
  {
    title: (title: string) => `Kundi la malipo: ${title}`,
    titleNone: "Kundi la malipo",
    metaDescription: "Kundi la malipo: mistari yake, gharama yake na idhini yake.",
    back: "Rudi kwa malipo yaliyotumwa",
    notFound: "Kundi la malipo halijapatikana",
    who: {
      you: "wewe",
      apiKey: "ufunguo wa API",
      anotherMember: "mwanachama mwingine",
      throughKey: " (kupitia ufunguo wa API)",
    },
    inDoubtStatus: "Imetumwa: hakuna jibu kutoka M-Pesa",
    inDoubt: (count: number) =>
      count === 1
        ? "Utumaji mmoja haujapata jibu kutoka M-Pesa (jibu lilipotea au limechelewa). Hautumwi mara mbili kamwe: wasimamizi wa OneHop hukagua taarifa ya M-Pesa na kuumaliza, kama umelipwa au pesa zikirudi kwenye salio lako. Pesa zinabaki zimetengwa hadi wakati huo."
        : `Utumaji ${count} haujapata jibu kutoka M-Pesa (jibu lilipotea au limechelewa). Hautumwi mara mbili kamwe: wasimamizi wa OneHop hukagua taarifa ya M-Pesa na kuumaliza, kama umelipwa au pesa zikirudi kwenye salio lako. Pesa zinabaki zimetengwa hadi wakati huo.`,
    bankNamed: (code: string) => `Benki ${code}`,
    bankCode: (raw: string, code: string) => `${raw} (msimbo wa benki ${code})`,
    rowStatus: rowStatusSw,
    nameCheck: nameCheckSw,
    header: {
      testData: "Data ya majaribio.",
      testNote:
        "Kundi hili linalipa kutoka kwa salio lako la majaribio kupitia viigaji: hakuna pesa halisi zinazosonga.",
      kind: "Aina",
      bulk: "Utumaji wa pamoja kutoka kwa faili",
      single: "Utumaji mmoja",
      file: "Faili",
      madeBy: "Limeandaliwa na",
      submitted: "Liliwasilishwa",
      approvedBy: "Limeidhinishwa na",
      rejectedBy: "Limekataliwa na",
      completed: "Lilikamilika",
      whyRejected: "Sababu ya kukataliwa",
      noReason: "Hakuna sababu iliyotolewa.",
    },
    summary: {
      label: "Muhtasari",
      rows: "Mistari",
      rowsInBatch: (rows: string) => `${rows} kwenye kundi hili.`,
      rowCount: (count: string, one: boolean) => (one ? `Mstari ${count}` : `Mistari ${count}`),
      cost: "Gharama yake",
      paidToRecipientsReady: (ready: string, one: boolean) =>
        `Inalipwa kwa wapokeaji (${one ? "mstari" : "mistari"} ${ready} ${one ? "ulio tayari" : "iliyo tayari"})`,
      ourFee: (fee: string) => `Ada yetu (${fee})`,
      excise: (rate: string) => `Ushuru wa bidhaa (${rate} ya ada yetu)`,
      railCharges: "Gharama za njia za malipo, bila faida kwetu",
      total: "Jumla kutoka kwa salio lako",
      available: "Salio linalopatikana",
      short: (short: string) =>
        `Salio lako linalopatikana limepungua kwa ${short} kulipia jumla hii. Haliwezi kuidhinishwa hadi salio litoshe.`,
      covers:
        "Salio lako linalopatikana linatosha jumla hii. Pesa hutengwa kundi linapoidhinishwa.",
      progress: "Maendeleo",
      finished: (finished: string, total: string, one: boolean, paid: string) =>
        `${finished} kati ya utumaji ${total} ${one ? "umekamilika" : "imekamilika"}: ${paid} imelipwa`,
      failedPart: (failed: string) => `, ${failed} imeshindikana`,
      cancelledPart: (cancelled: string) => `, ${cancelled} imeghairiwa`,
      of: (finished: string, total: string) => `${finished} kati ya ${total}`,
      money: "Pesa",
      paidToRecipients: "Imelipwa kwa wapokeaji",
      onItsWay: "Bado iko njiani",
      setAside: "Iliyotengwa wakati wa idhini (pamoja na ada)",
      failedNote:
        "Pesa za utumaji ulioshindikana zimerudi kwenye salio lako linalopatikana: ujaribu tena ili kuulipa tena, au uughairi.",
      checkBefore: "Kagua kabla ya kuidhinisha",
      invalid: (count: string, one: boolean) =>
        one
          ? `Mstari ${count} unahitaji kurekebishwa: urekebishe au uuache kabla kundi halijawasilishwa.`
          : `Mistari ${count} inahitaji kurekebishwa: irekebishe au iache kabla kundi halijawasilishwa.`,
      duplicates: (count: string, one: boolean) =>
        one
          ? `Mstari ${count} unamlipa mpokeaji yule yule kiasi kile kile kama mstari wa awali wa faili hili.`
          : `Mistari ${count} inawalipa wapokeaji wale wale kiasi kile kile kama mistari ya awali ya faili hili.`,
      recent: (count: string, one: boolean) =>
        one
          ? `Mstari ${count} unamlipa mpokeaji kiasi kile kile kama utumaji wa siku 7 zilizopita.`
          : `Mistari ${count} inawalipa wapokeaji kiasi kile kile kama utumaji wa siku 7 zilizopita.`,
      names: (count: string, one: boolean) =>
        one
          ? `Jina ${count} halilingani, au linalingana kiasi tu, na jina lililosajiliwa kwenye njia ya malipo.`
          : `Majina ${count} hayalingani, au yanalingana kiasi tu, na majina yaliyosajiliwa kwenye njia ya malipo.`,
      notFound: (count: string, one: boolean) =>
        one
          ? `Akaunti ${count} haikupatikana kwenye njia yake ya malipo.`
          : `Akaunti ${count} hazikupatikana kwenye njia zao za malipo.`,
      pending: (count: string, one: boolean) =>
        `Ukaguzi wa majina bado unaendelea kwa ${one ? "mstari" : "mistari"} ${count}: matokeo yataonekana hapa ukikamilika.`,
      showThem: "Onyesha mistari hiyo",
      showRows: "Onyesha mistari ya kuangalia",
    },
    actions: {
      sendForApproval: "Liwasilishe ili kuidhinishwa",
      fixFirst: (count: number) =>
        count === 1
          ? "Rekebisha au acha mstari unaohitaji kurekebishwa kwanza. Kisha mwanachama mwingine mwenye jukumu la Fedha, Msimamizi au Mmiliki ataidhinisha kundi."
          : `Rekebisha au acha mistari ${count} inayohitaji kurekebishwa kwanza. Kisha mwanachama mwingine mwenye jukumu la Fedha, Msimamizi au Mmiliki ataidhinisha kundi.`,
      anotherApproves:
        "Mwanachama mwingine mwenye jukumu la Fedha, Msimamizi au Mmiliki ataidhinisha kundi kabla pesa zozote hazijasonga.",
      submit: "Wasilisha ili kuidhinishwa",
      dropInvalid: "Acha kila mstari unaohitaji kurekebishwa",
      discard: "Tupa",
      uploadCorrected: "Pakia faili lililorekebishwa",
      uploadHint:
        "Umelirekebisha kwenye lahajedwali yako? Mistari yake itachukua nafasi ya mistari ya kundi hili. Faili la CSV lisilozidi 2 MB.",
      correctedFile: "Faili la CSV lililorekebishwa",
      uploading: "Inapakia...",
      approveWithTwoFactor: "Idhinisha kwa uthibitishaji wa hatua mbili",
      withdraw: "Liondoe",
      waiting: "Inasubiri mwanachama mwingine aidhinishe",
      youMadeIt:
        "Wewe ndiye uliyeandaa kundi hili, kwa hivyo mwanachama mwingine mwenye jukumu la Fedha, Msimamizi au Mmiliki ataliidhinisha au kulikataa. Liondoe ili kufanya mabadiliko.",
      memberApproves:
        "Mwanachama mwenye jukumu la Fedha, Msimamizi au Mmiliki ataliidhinisha au kulikataa.",
      approveOrReject: "Idhinisha au kataa",
      approvingNote:
        "Kuidhinisha kunatenga jumla kutoka kwa salio lako linalopatikana na kutuma kila mstari ulio tayari. Tutakuomba uthibitishe kuwa ni wewe kwanza.",
      approve: "Idhinisha",
      rejectReason: "Sababu ya kukataa (si lazima)",
      rejectHint: (max: number) => `Aliyeandaa ataiona. Hadi herufi ${max}.`,
      reject: "Kataa",
      onTheirWay: "Malipo yako njiani",
      results: "Matokeo",
      updatesItself: "Ukurasa huu unajisasisha wenyewe hadi kila utumaji upate matokeo.",
      refresh: "Onyesha hali ya sasa",
      retryAll: "Jaribu tena kila mstari ulioshindikana",
      cancelAll: "Ghairi kila mstari ulioshindikana",
      download: "Pakua matokeo (CSV)",
      rejected:
        "Kundi hili lilikataliwa: hakuna kilicholipwa. Pakia faili jipya ili kuwalipa wapokeaji hawa.",
      discarded: "Kundi hili lilitupwa: hakuna kilicholipwa.",
    },
    rows: {
      title: "Mistari",
      show: "Onyesha mistari",
      filter: filterSw,
      empty: emptySw,
      caption: (filter: string) => `Mistari ya malipo: ${filter}, kwa mpangilio wa faili`,
      line: "Mstari",
      lineWord: "Mstari ",
      lineSr: (line: number) => ` mstari ${line}`,
      recipient: "Mpokeaji",
      rail: "Njia ya malipo",
      amount: "Kiasi",
      costs: "Ada + ushuru + gharama",
      excise: (amount: string) => `+ ${amount} ushuru`,
      charge: (amount: string) => `+ ${amount} gharama`,
      reference: "Kumbukumbu",
      name: "Jina",
      status: "Hali",
      actions: "Vitendo",
      blank: "(tupu)",
      fix: "Rekebisha",
      edit: "Hariri",
      putBack: "Rudisha",
      drop: "Acha",
      retry: "Jaribu tena",
      cancel: "Ghairi",
      receipt: "Risiti",
      sameAs: (line: number) => `Sawa na mstari ${line}`,
      recentDuplicate: "Kiasi hicho hicho kililipwa ndani ya siku 7 zilizopita",
      noneGiven: "Halikutolewa",
      registered: (name: string) => `Lililosajiliwa: ${name}`,
      first: "Mistari ya kwanza",
      next: "Mistari inayofuata",
    },
    edit: {
      title: (line: number) => `Rekebisha mstari ${line}`,
      cellsNeedChange: (count: number) =>
        count === 1
          ? "Kisanduku kimoja kinahitaji kubadilishwa."
          : `Visanduku ${count} vinahitaji kubadilishwa.`,
      savingChecks: "Kuhifadhi kunakagua mstari tena.",
      ready: "Mstari huu uko tayari. Kuhifadhi kunaukagua tena.",
      save: "Hifadhi Mstari",
      saving: "Inahifadhi...",
      cancel: "Ghairi",
      recipient: "Mpokeaji",
      recipientHint:
        "Nambari ya simu ya Kenya kama 0712 345 678, nambari ya akaunti ya benki, au nambari ya Paybill au Till.",
      rail: "Njia ya malipo",
      railHint:
        "mpesa, airtel-money, t-kash, bank, paybill au till; acha wazi kwa nambari ya simu.",
      amount: "Kiasi (KES)",
      amountHint: "Shilingi kamili, kama 1500.",
      reference: "Kumbukumbu",
      referenceHint: "Si lazima: anachoona mpokeaji, hadi herufi 40.",
      name: "Jina",
      nameHint: "Jina la mpokeaji; utumaji wa benki unahitaji jina la akaunti.",
      bankCode: "Msimbo wa benki",
      bankCodeHint:
        "Kwa utumaji wa benki tu: msimbo wa benki wa tarakimu 2, kama 68 kwa Equity Bank Kenya.",
      account: "Akaunti",
      accountHint:
        "Kwa utumaji wa Paybill tu: nambari ya akaunti kwenye Paybill, isiyozidi herufi 13.",
    },
    toasts: {
      nothingChanged: "Hakuna kilichobadilika",
      uploadUnreadable: "Faili lililopakiwa halikuweza kusomwa. Chagua faili kisha ujaribu tena.",
      tooLarge:
        "Faili ni kubwa kuliko 2 MB. Gawa malipo katika mafaili madogo na upakie kila moja kama kundi lake.",
      chooseCorrected: "Chagua faili la CSV lililorekebishwa la kupakia.",
      incomplete: "Ombi hilo halikukamilika. Tafadhali jaribu tena.",
      stillNeedsFixing: "Mstari bado unahitaji kurekebishwa",
      checkCells: "Kagua visanduku kisha uhifadhi tena.",
      rowFixed: "Mstari umerekebishwa",
      rowFixedDescription: "Mstari uko tayari kulipwa.",
      rowDropped: "Mstari umeachwa",
      rowDroppedDescription: "Hautalipwa isipokuwa uurudishe.",
      rowPutBack: "Mstari umerudishwa",
      rowPutBackDescription: "Unakaguliwa tena pamoja na mingine.",
      rowsDropped: "Mistari imeachwa",
      rowsDroppedDescription: (count: number) =>
        count === 1
          ? "Mstari 1 uliohitaji kurekebishwa hautalipwa."
          : `Mistari ${count} iliyohitaji kurekebishwa haitalipwa.`,
      fileReplaced: "Faili limebadilishwa",
      fileReplacedDescription: (file: string) =>
        `Sasa kundi lina mistari ya ${file}. Ikague tena kabla ya kuwasilisha.`,
      submitted: "Limewasilishwa ili kuidhinishwa",
      submittedDescription:
        "Mwanachama mwingine mwenye jukumu la Fedha, Msimamizi au Mmiliki lazima aliidhinishe kabla pesa zozote hazijasonga.",
      onlyDraftDiscarded: "Rasimu pekee ndiyo inaweza kutupwa. Liondoe kwanza.",
      discarded: "Kundi limetupwa",
      discardedDescription: (title: string) => `${title} halitalipwa.`,
      onlyAwaitingWithdrawn: "Kundi linalosubiri kuidhinishwa pekee ndilo linaweza kuondolewa.",
      withdrawn: "Kundi limeondolewa",
      withdrawnDescription: "Ni rasimu tena: libadilishe, kisha uliwasilishe tena.",
      approved: "Kundi limeidhinishwa",
      approvedDescription: (amount: string, count: number) =>
        count === 1
          ? `${amount} imetengwa na utumaji 1 uko njiani.`
          : `${amount} imetengwa na utumaji ${count} uko njiani.`,
      rejected: "Kundi limekataliwa",
      rejectedDescription: "Hakuna pesa zilizosonga. Aliyeandaa ataona sababu yako.",
      retried: "Utumaji umejaribiwa tena",
      retriedDescription: (count: number) =>
        count === 1
          ? "Utumaji 1 ulioshindikana unatumwa tena."
          : `Utumaji ${count} ulioshindikana unatumwa tena.`,
      cancelled: "Utumaji umeghairiwa",
      cancelledDescription: (count: number) =>
        count === 1
          ? "Utumaji 1 ulioshindikana umeghairiwa; pesa zinabaki kwenye salio lako."
          : `Utumaji ${count} ulioshindikana umeghairiwa; pesa zinabaki kwenye salio lako.`,
    },
    approvalLimit: {
      label: "Utumaji mmoja unaozidi kiasi hiki unahitaji idhini ya pili",
      hint: (max: string) =>
        `Shilingi kamili (KES), hadi ${max}. Ukiacha wazi, utumaji mmoja hautahitaji idhini kamwe; 0 inamaanisha kila mmoja unahitaji. Faili la malipo huhitaji idhini kila wakati.`,
      placeholder: "mf. 50000",
      save: "Hifadhi kikomo cha idhini",
      saving: "Inahifadhi...",
      tooLong: "Weka shilingi kamili, kama 50000, au acha wazi",
      notWhole: "Weka shilingi kamili, kama 50000, au acha wazi ili isihitajike kamwe",
      tooHigh: (max: string) =>
        `Kikomo cha juu ni ${max}: weka kidogo zaidi, au acha wazi ili isihitajike kamwe`,
    },
  },
);
