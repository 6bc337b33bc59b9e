/**
 * The merchant application, /get-started (issue 33): the page, the form's labels, hints and
 * options' labels (the options' values never change), its validation messages (the zod schema is
 * built from them: `buildApplicationSchema`) and the toasts its action sets. The English is what
 * the page always said.
 */
import { claims } from "~/content/claims";
import { KYB_DOCUMENTS } from "~/content/kyb-documents";
import { messages } from "~/content/messages";
import { feeBps, formatBps } from "~/content/tariff";
import { formatKes } from "~/utils/format";
import { defineMessages } from "../messages";

const collectionFee = formatBps(feeBps.c2b);
const [kes100k, kes1m, kes10m] = [formatKes(100_000), formatKes(1_000_000), formatKes(10_000_000)];

export const applicationMessages = defineMessages(
  {
    meta: {
      title: "Get Started",
      description:
        "Apply for a OneHop merchant account: accept Bitcoin, Ethereum, USDT and USDC and settle in KES to M-Pesa, Airtel Money, T-Kash or your bank.",
    },
    page: {
      eyebrow: "Get started",
      title: "Start accepting crypto payments, settled in KES",
      lead: "Apply in a few minutes. We review every application within 24 hours; once approved you can go live the same day.",
      heading: "Merchant Application",
      requiredBefore: "Fields marked ",
      requiredAfter: " are required.",
    },
    benefits: {
      feesTitle: claims.fees.title,
      feesBody: claims.fees.body,
      reachTitle: "Global Reach",
      reachBody: `Accept ${claims.crypto.payableNames} from customers anywhere and settle in Kenyan shillings to your local rail.`,
      securityTitle: "Bank-Grade Security",
      securityBody:
        "Institutional custody with multi-signature wallets, encrypted data and role-based access for your team.",
    },
    summary: {
      one: (subject: string) => `There is a problem with ${subject}`,
      many: (count: number, subject: string) => `There are ${count} problems with ${subject}`,
      subject: "your application",
      person: (index: number, problem: string) => `Person ${index}: ${problem}`,
    },
    legends: {
      business: "Business Information",
      contact: "Contact Information",
      parties: "Directors and Owners",
      location: "Business Location",
      details: "Business Details",
    },
    labels: {
      businessName: "Business Name",
      businessType: "Business Type",
      registrationNumber: "Registration Number",
      website: "Website",
      documents: KYB_DOCUMENTS.label,
      contactName: "Contact Name",
      email: "Email Address",
      countryCode: "Dialling code",
      phone: "Phone Number",
      country: "Country of Operation",
      city: "City / town",
      otherCity: "Town or city not listed",
      businessAddress: "Business Address",
      monthlyVolume: "Monthly Volume (KES)",
      timeline: "Timeline",
      integrationType: "Preferred Integration",
      currentPaymentMethods: "Current Payment Methods",
      termsBefore: "I agree to the ",
      terms: "Terms and Conditions",
      termsAnd: " and ",
      privacy: "Privacy Policy",
      newsletter: "Send me product updates and payment industry news",
    },
    hints: {
      registrationNumber: "As on your certificate, such as PVT-AB1234CD or BN-AB1234CD",
      documents: KYB_DOCUMENTS.hint,
      otherCity: "Only if you chose “Other (not listed)” above",
    },
    placeholders: {
      businessType: "Select business type",
      countryCode: "Code",
      country: "Select country",
      city: "Select city",
      cityFirst: "Select country first",
      monthlyVolume: "Select monthly volume",
      timeline: "Select timeline",
      integrationType: "Select integration",
      currentPaymentMethods: "e.g. M-Pesa Paybill, card payments",
    },
    parties: {
      intro: (max: number) =>
        `Every director, and every beneficial owner holding 25% or more of the business (up to ${max} people). A director who also owns 25% or more is added again as an owner.`,
      person: (index: number) => `Person ${index}`,
      remove: (index: number) => `Remove person ${index}`,
      add: "Add another person",
    },
    buttons: {
      showCities: "Show cities",
      submit: "Submit Application",
      submitting: "Submitting Application...",
    },
    businessTypes: {
      ecommerce: "E-commerce",
      saas: "SaaS/Software",
      marketplace: "Marketplace",
      consulting: "Consulting",
      retail: "Retail",
      manufacturing: "Manufacturing",
      gaming: "Gaming",
      forex: "Forex",
      "crypto-exchange": "Crypto Exchange",
      other: "Other",
    },
    monthlyVolumes: {
      "kes-under-100k": `Under ${kes100k}`,
      "kes-100k-1m": `${kes100k} to ${kes1m}`,
      "kes-1m-10m": `${kes1m} to ${kes10m}`,
      "kes-over-10m": `Over ${kes10m}`,
    },
    timelines: {
      asap: "As soon as possible",
      "1-month": "Within 1 month",
      "3-months": "Within 3 months",
      "6-months": "Within 6 months",
      exploring: "Just exploring",
    },
    integrationTypes: {
      api: "API Integration",
      plugin: "Website Plugin",
      hosted: "Hosted Payment Page",
      unsure: "Not sure yet",
    },
    location: {
      otherCity: "Other (not listed)",
      county: (name: string) => `${name} County`,
      nairobiCounty: "Nairobi City County",
      town: "town",
      city: "city",
      choose: (noun: string, country: string, other: string) =>
        `choose a ${noun} in ${country}, or choose "${other}" and type it`,
      elsewhere: (city: string, there: string, here: string, choose: string) =>
        `${city} is in ${there}, not ${here}: ${choose}`,
      notListed: (noun: string, country: string, choose: string) =>
        `That ${noun} is not on the list for ${country}: ${choose}`,
    },
    /** The schema's messages (`buildApplicationSchema`). */
    errors: {
      required: (field: string) => `${field} is required`,
      tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
      fields: {
        businessName: "Business name",
        contactName: "Contact name",
        email: "Email address",
        phone: "Phone number",
        website: "Website",
        businessAddress: "Business address",
        otherCity: "Town or city",
        currentPaymentMethods: "Current payment methods",
      },
      registration: {
        required: "Registration number is required",
        tooShort: (min: number) => `Registration number must be at least ${min} characters`,
        tooLong: (max: number) => `Registration number must be at most ${max} characters`,
        characters: "Registration number can only contain letters, digits, spaces and / - .",
        noDigit: "Enter the registration number from your certificate, such as PVT-AB1234CD",
      },
      businessType: "Choose your business type",
      email: "Enter a valid email address",
      countryCodeRequired: "Choose a dialling code",
      countryCodeList: "Choose a dialling code from the list",
      phoneCharacters: "Phone number can only contain digits, spaces, brackets and dashes",
      kenyanPhone: "Enter a Kenyan mobile number, such as 0712 345 678",
      phoneDigits: (code: string, expected: string) =>
        `Enter a valid phone number for ${code} (${expected} digits after the code)`,
      digitRange: (min: number, max: number) => `${min} to ${max}`,
      website: "Enter a full web address, such as https://example.co.ke",
      countryRequired: "Country of operation is required",
      countryList: "Choose a country from the list",
      city: "Choose a city or town",
      otherCityRequired: "Type the name of your town or city",
      otherCityCharacters:
        "Town or city can only contain letters, digits, spaces and . , ' ( ) / -",
      monthlyVolume: "Choose a monthly volume from the list",
      integrationType: "Choose an integration type from the list",
      timeline: "Choose a timeline from the list",
      terms: messages.termsRequired.description,
    },
    /** A director's or owner's fields (the party schema's messages too). */
    party: {
      roles: { director: "Director", owner: "Beneficial owner (25% or more)" },
      labels: {
        role: "Role",
        fullName: "Full name",
        nationality: "Nationality",
        idNumber: "ID or passport number",
        dateOfBirth: "Date of birth",
        sharePercent: "Share held (%)",
        pep: "A politically exposed person (PEP), or a family member or close associate of one",
        pepDetails: "PEP details (only if a PEP): the public position, who holds it, and when",
      },
      hints: {
        fullName: "As on the ID or passport",
        dateOfBirth: "Day, month and year",
        sharePercent: "Owners only: 25 to 100",
      },
      placeholders: { role: "Select role", nationality: "Select nationality" },
      /** The fields as "… is required" names them. */
      fieldNames: { fullName: "Full name", idNumber: "ID or passport number" },
      errors: {
        role: "Choose director or owner",
        fullNameMin: "Enter the full name as on the ID or passport",
        fullNameCharacters: "Full name can only contain letters, spaces and . ' -",
        nationalityRequired: "Choose a nationality",
        nationalityList: "Choose a nationality from the list",
        idNumberMin: "ID or passport number must be at least 3 characters",
        idNumberCharacters:
          "ID or passport number can only contain letters, digits, spaces, / and -",
        dateOfBirthRequired: "Date of birth is required",
        dateOfBirthFull: "Enter the date of birth as a full date",
        dateOfBirthReal: "Enter a real date of birth",
        tooYoung: (age: number) => `A director or owner must be at least ${age}`,
        shareFormat: "Enter the share as a percentage, such as 40",
        shareRequired: "Enter the owner's share, 25% or more",
        shareRange: "An owner's share is between 25% and 100%",
        pepDetailsTooLong: (max: number) => `Details must be at most ${max} characters`,
        pepDetailsRequired: "Say which public position is held, by whom, and when",
        sharesOver: "The owners' shares add up to more than 100%",
        noDirector: "Add at least one director",
        tooMany: (max: number) => `List at most ${max} people`,
      },
    },
    /** The uploaded documents' refusals (core/kyb/documents.server.ts) and the body's. */
    documents: {
      tooMany: (max: number) => `Send at most ${max} documents. Choose your documents again.`,
      empty: (name: string) => `"${name}" is empty. Choose your documents again.`,
      wrongType: (name: string) =>
        `"${name}" is not a PDF, JPEG or PNG file. Choose your documents again.`,
      tooLarge: (name: string, size: string) =>
        `"${name}" is larger than ${size}. Choose your documents again.`,
      bodyTooLarge: "The application is too large: at most 3 documents of 5 MB each.",
      unreadable: "The form data could not be read. Submit the form from its page.",
    },
    confirmation: {
      title: messages.applicationSubmitted.message,
      description: messages.applicationSubmitted.description,
      referenceIs: "Your application reference is ",
      nextTitle: "What happens next",
      next1: "We check your business details and documents.",
      next2Before: "Within 24 hours we e-mail ",
      next2After:
        ": your merchant ID and a one-time link to set your password, or what we still need from you.",
      next3: "Once approved you can go live the same day.",
      quote: (reference: string) =>
        `Quote ${reference} if you contact us about this application. Applying for another business? `,
      another: "Submit another application",
    },
    toast: {
      submitted: messages.applicationSubmitted,
      termsRequired: messages.termsRequired,
      failed: messages.submissionFailed.message,
      tooMany: (wait: string) =>
        `Too many applications from your network. Please try again in ${wait}.`,
      alreadyTitle: "Application Already Received",
      already:
        "We already have a pending application for this email address. We'll get back to you within 24 hours.",
      alreadyField: "An application with this email address is already being reviewed.",
      documentsNotKept:
        "Your documents were not saved because of the errors above. Choose them again before you submit.",
    },
  },
  {
    meta: {
      title: "Anza",
      description:
        "Omba akaunti ya mfanyabiashara wa OneHop: pokea Bitcoin, Ethereum, USDT na USDC na ulipwe kwa KES kupitia M-Pesa, Airtel Money, T-Kash au benki yako.",
    },
    page: {
      eyebrow: "Anza",
      title: "Anza kupokea malipo ya crypto, ulipwe kwa KES",
      lead: "Tuma maombi kwa dakika chache. Tunakagua kila maombi ndani ya saa 24; yakiidhinishwa unaweza kuanza kupokea malipo siku hiyo hiyo.",
      heading: "Maombi ya mfanyabiashara",
      requiredBefore: "Sehemu zenye alama ",
      requiredAfter: " ni lazima zijazwe.",
    },
    benefits: {
      feesTitle: `Ada moja ya ${collectionFee} kwa malipo unayopokea`,
      feesBody: `Ada moja ya ${collectionFee} kwa malipo unayopokea, bila ada ya kujiunga wala ada ya kila mwezi, na tofauti ya kiwango cha ubadilishaji chini ya 1%.`,
      reachTitle: "Wateja popote duniani",
      reachBody: `Pokea ${claims.crypto.payableNames.replace(/ and /, " na ")} kutoka kwa wateja popote na ulipwe kwa shilingi za Kenya kupitia njia unayotumia hapa nyumbani.`,
      securityTitle: "Usalama wa kiwango cha benki",
      securityBody:
        "Uhifadhi wa kitaasisi kwa pochi zenye sahihi nyingi, data iliyosimbwa na ruhusa kulingana na jukumu la kila mwanachama wa timu yako.",
    },
    summary: {
      one: (subject: string) => `Kuna tatizo 1 kwenye ${subject}`,
      many: (count: number, subject: string) => `Kuna matatizo ${count} kwenye ${subject}`,
      subject: "maombi yako",
      person: (index: number, problem: string) => `Mtu wa ${index}: ${problem}`,
    },
    legends: {
      business: "Taarifa za biashara",
      contact: "Mawasiliano",
      parties: "Wakurugenzi na wamiliki",
      location: "Mahali biashara ilipo",
      details: "Maelezo ya biashara",
    },
    labels: {
      businessName: "Jina la biashara",
      businessType: "Aina ya biashara",
      registrationNumber: "Nambari ya usajili",
      website: "Tovuti",
      documents: "Hati za usajili wa biashara",
      contactName: "Jina la mtu wa mawasiliano",
      email: "Barua pepe",
      countryCode: "Msimbo wa nchi",
      phone: "Nambari ya simu",
      country: "Nchi ambako biashara inafanya kazi",
      city: "Mji",
      otherCity: "Mji ambao haupo kwenye orodha",
      businessAddress: "Anwani ya biashara",
      monthlyVolume: "Kiasi cha malipo kwa mwezi (KES)",
      timeline: "Unataka kuanza lini",
      integrationType: "Njia ya kuunganisha unayopendelea",
      currentPaymentMethods: "Njia za malipo unazotumia sasa",
      termsBefore: "Nakubali ",
      terms: "Vigezo na masharti",
      termsAnd: " na ",
      privacy: "Sera ya Faragha",
      newsletter: "Nitumie habari za bidhaa mpya na za sekta ya malipo",
    },
    hints: {
      registrationNumber: "Kama ilivyo kwenye cheti chako, kwa mfano PVT-AB1234CD au BN-AB1234CD",
      documents:
        "Si lazima: Cheti cha Usajili wa Kampuni au Cheti cha Usajili wa Biashara, CR12, KRA PIN. PDF, JPEG au PNG, hadi faili 3 za MB 5 kila moja. Unaweza pia kuzituma baadaye tutakapoziomba.",
      otherCity: "Ikiwa tu ulichagua “Mwingine (haupo kwenye orodha)” hapo juu",
    },
    placeholders: {
      businessType: "Chagua aina ya biashara",
      countryCode: "Msimbo",
      country: "Chagua nchi",
      city: "Chagua mji",
      cityFirst: "Chagua nchi kwanza",
      monthlyVolume: "Chagua kiasi cha kila mwezi",
      timeline: "Chagua muda",
      integrationType: "Chagua njia ya kuunganisha",
      currentPaymentMethods: "k.m. Paybill ya M-Pesa, malipo kwa kadi",
    },
    parties: {
      intro: (max: number) =>
        `Kila mkurugenzi, na kila mmiliki halisi mwenye hisa za 25% au zaidi za biashara (hadi watu ${max}). Mkurugenzi ambaye pia anamiliki 25% au zaidi anaongezwa tena kama mmiliki.`,
      person: (index: number) => `Mtu wa ${index}`,
      remove: (index: number) => `Ondoa mtu wa ${index}`,
      add: "Ongeza mtu mwingine",
    },
    buttons: {
      showCities: "Onyesha miji",
      submit: "Tuma maombi",
      submitting: "Inatuma maombi...",
    },
    businessTypes: {
      ecommerce: "Biashara mtandaoni",
      saas: "Programu (SaaS)",
      marketplace: "Soko la mtandaoni",
      consulting: "Ushauri",
      retail: "Rejareja",
      manufacturing: "Utengenezaji bidhaa",
      gaming: "Michezo ya mtandaoni",
      forex: "Ubadilishaji wa fedha za kigeni",
      "crypto-exchange": "Soko la kubadilisha crypto",
      other: "Nyingine",
    },
    monthlyVolumes: {
      "kes-under-100k": `Chini ya ${kes100k}`,
      "kes-100k-1m": `${kes100k} hadi ${kes1m}`,
      "kes-1m-10m": `${kes1m} hadi ${kes10m}`,
      "kes-over-10m": `Zaidi ya ${kes10m}`,
    },
    timelines: {
      asap: "Haraka iwezekanavyo",
      "1-month": "Ndani ya mwezi 1",
      "3-months": "Ndani ya miezi 3",
      "6-months": "Ndani ya miezi 6",
      exploring: "Ninaangalia tu kwa sasa",
    },
    integrationTypes: {
      api: "Kuunganisha kupitia API",
      plugin: "Programu-jalizi ya tovuti",
      hosted: "Ukurasa wa malipo wa OneHop",
      unsure: "Bado sijui",
    },
    location: {
      otherCity: "Mwingine (haupo kwenye orodha)",
      county: (name: string) => `Kaunti ya ${name}`,
      nairobiCounty: "Kaunti ya Jiji la Nairobi",
      town: "mji",
      city: "mji",
      choose: (noun: string, country: string, other: string) =>
        `chagua ${noun} ulioko ${country}, au chagua "${other}" kisha uandike jina lake`,
      elsewhere: (city: string, there: string, here: string, choose: string) =>
        `${city} iko ${there}, si ${here}: ${choose}`,
      notListed: (noun: string, country: string, choose: string) =>
        `Hatuna ${noun} huo kwenye orodha ya ${country}: ${choose}`,
    },
    errors: {
      required: (field: string) => `Weka ${field}`,
      tooLong: (field: string, max: number) =>
        `${String(field).charAt(0).toUpperCase()}${String(field).slice(1)}: tumia herufi zisizozidi ${max}`,
      fields: {
        businessName: "jina la biashara",
        contactName: "jina la mtu wa mawasiliano",
        email: "barua pepe",
        phone: "nambari ya simu",
        website: "tovuti",
        businessAddress: "anwani ya biashara",
        otherCity: "jina la mji",
        currentPaymentMethods: "njia za malipo unazotumia sasa",
      },
      registration: {
        required: "Weka nambari ya usajili",
        tooShort: (min: number) => `Nambari ya usajili: tumia angalau herufi ${min}`,
        tooLong: (max: number) => `Nambari ya usajili: tumia herufi zisizozidi ${max}`,
        characters: "Nambari ya usajili inaweza kuwa na herufi, tarakimu, nafasi na / - . tu",
        noDigit: "Weka nambari ya usajili iliyo kwenye cheti chako, kwa mfano PVT-AB1234CD",
      },
      businessType: "Chagua aina ya biashara yako",
      email: "Weka barua pepe sahihi",
      countryCodeRequired: "Chagua msimbo wa nchi",
      countryCodeList: "Chagua msimbo wa nchi kutoka kwenye orodha",
      phoneCharacters: "Nambari ya simu inaweza kuwa na tarakimu, nafasi, mabano na vistari tu",
      kenyanPhone: "Weka nambari ya simu ya Kenya, kwa mfano 0712 345 678",
      phoneDigits: (code: string, expected: string) =>
        `Weka nambari ya simu sahihi ya ${code} (tarakimu ${expected} baada ya msimbo)`,
      digitRange: (min: number, max: number) => `${min} hadi ${max}`,
      website: "Weka anwani kamili ya tovuti, kwa mfano https://example.co.ke",
      countryRequired: "Chagua nchi ambako biashara inafanya kazi",
      countryList: "Chagua nchi kutoka kwenye orodha",
      city: "Chagua mji",
      otherCityRequired: "Andika jina la mji wako",
      otherCityCharacters:
        "Jina la mji linaweza kuwa na herufi, tarakimu, nafasi na . , ' ( ) / - tu",
      monthlyVolume: "Chagua kiasi cha kila mwezi kutoka kwenye orodha",
      integrationType: "Chagua njia ya kuunganisha kutoka kwenye orodha",
      timeline: "Chagua muda kutoka kwenye orodha",
      terms: "Kubali vigezo na masharti ili uendelee.",
    },
    party: {
      roles: { director: "Mkurugenzi", owner: "Mmiliki halisi (25% au zaidi)" },
      labels: {
        role: "Jukumu",
        fullName: "Jina kamili",
        nationality: "Uraia",
        idNumber: "Nambari ya kitambulisho au pasipoti",
        dateOfBirth: "Tarehe ya kuzaliwa",
        sharePercent: "Hisa anazomiliki (%)",
        pep: "Mtu mwenye wadhifa wa umma (PEP), au mwanafamilia au mshirika wa karibu wa mtu kama huyo",
        pepDetails: "Maelezo ya PEP (ikiwa tu ni PEP): wadhifa wa umma, nani anaushikilia, na lini",
      },
      hints: {
        fullName: "Kama lilivyo kwenye kitambulisho au pasipoti",
        dateOfBirth: "Siku, mwezi na mwaka",
        sharePercent: "Wamiliki tu: 25 hadi 100",
      },
      placeholders: { role: "Chagua jukumu", nationality: "Chagua uraia" },
      fieldNames: { fullName: "jina kamili", idNumber: "nambari ya kitambulisho au pasipoti" },
      errors: {
        role: "Chagua mkurugenzi au mmiliki",
        fullNameMin: "Weka jina kamili kama lilivyo kwenye kitambulisho au pasipoti",
        fullNameCharacters: "Jina kamili linaweza kuwa na herufi, nafasi na . ' - tu",
        nationalityRequired: "Chagua uraia",
        nationalityList: "Chagua uraia kutoka kwenye orodha",
        idNumberMin: "Nambari ya kitambulisho au pasipoti: tumia angalau herufi 3",
        idNumberCharacters:
          "Nambari ya kitambulisho au pasipoti inaweza kuwa na herufi, tarakimu, nafasi, / na - tu",
        dateOfBirthRequired: "Weka tarehe ya kuzaliwa",
        dateOfBirthFull: "Weka tarehe kamili ya kuzaliwa",
        dateOfBirthReal: "Weka tarehe halisi ya kuzaliwa",
        tooYoung: (age: number) =>
          `Mkurugenzi au mmiliki lazima awe na umri wa miaka ${age} au zaidi`,
        shareFormat: "Weka hisa kama asilimia, kwa mfano 40",
        shareRequired: "Weka hisa za mmiliki, 25% au zaidi",
        shareRange: "Hisa za mmiliki ni kati ya 25% na 100%",
        pepDetailsTooLong: (max: number) => `Maelezo: tumia herufi zisizozidi ${max}`,
        pepDetailsRequired: "Eleza ni wadhifa gani wa umma, unashikiliwa na nani, na lini",
        sharesOver: "Hisa za wamiliki kwa jumla zinazidi 100%",
        noDirector: "Ongeza angalau mkurugenzi mmoja",
        tooMany: (max: number) => `Orodhesha watu wasiozidi ${max}`,
      },
    },
    documents: {
      tooMany: (max: number) => `Tuma hati zisizozidi ${max}. Chagua hati zako tena.`,
      empty: (name: string) => `"${name}" haina kitu. Chagua hati zako tena.`,
      wrongType: (name: string) =>
        `"${name}" si faili la PDF, JPEG wala PNG. Chagua hati zako tena.`,
      tooLarge: (name: string, size: string) =>
        `"${name}" ni kubwa kuliko ${size}. Chagua hati zako tena.`,
      bodyTooLarge: "Maombi ni makubwa mno: hati zisizozidi 3 za MB 5 kila moja.",
      unreadable: "Hatukuweza kusoma data ya fomu. Tuma fomu kutoka kwenye ukurasa wake.",
    },
    confirmation: {
      title: "Maombi yametumwa!",
      description: "Tutakagua maombi yako na kukujibu ndani ya saa 24.",
      referenceIs: "Kumbukumbu ya maombi yako ni ",
      nextTitle: "Kinachofuata",
      next1: "Tunakagua maelezo na hati za biashara yako.",
      next2Before: "Ndani ya saa 24 tutatuma barua pepe kwa ",
      next2After:
        ": kitambulisho chako cha mfanyabiashara na kiungo cha kutumia mara moja cha kuweka nenosiri, au tunachohitaji bado kutoka kwako.",
      next3: "Yakiidhinishwa unaweza kuanza kupokea malipo siku hiyo hiyo.",
      quote: (reference: string) =>
        `Taja ${reference} ukiwasiliana nasi kuhusu maombi haya. Unaomba kwa ajili ya biashara nyingine? `,
      another: "Tuma maombi mengine",
    },
    toast: {
      submitted: {
        message: "Maombi yametumwa!",
        description: "Tutakagua maombi yako na kukujibu ndani ya saa 24.",
      },
      termsRequired: {
        message: "Kubali masharti",
        description: "Kubali vigezo na masharti ili uendelee.",
      },
      failed: "Imeshindikana kutuma",
      tooMany: (wait: string) =>
        `Maombi mengi mno kutoka kwenye mtandao wako. Jaribu tena baada ya ${wait}.`,
      alreadyTitle: "Maombi yamekwisha pokelewa",
      already: "Tayari tuna maombi yanayosubiri ya barua pepe hii. Tutakujibu ndani ya saa 24.",
      alreadyField: "Maombi yenye barua pepe hii tayari yanakaguliwa.",
      documentsNotKept:
        "Hati zako hazikuhifadhiwa kwa sababu ya makosa yaliyo hapo juu. Zichague tena kabla ya kutuma.",
    },
  },
);
