/**
 * Country reference data for forms: about 50 countries (Afghanistan through Vietnam) with their
 * E.164 dialling codes, emoji flags, five major cities (Singapore: one; Kenya: the main towns of
 * its 47 counties, from kenya-counties.ts) and the length range of the national significant
 * number, used to validate phone numbers. Alphabetical by English name.
 */
import { kenyaTowns } from "./kenya-counties";

export interface Country {
  /** ISO 3166-1 alpha-2, e.g. "KE". */
  code: string;
  name: string;
  /** E.164 country calling code with +, e.g. "+254". */
  dialCode: string;
  /** Emoji flag, e.g. "🇰🇪". */
  flag: string;
  /** Five major cities (Singapore: one; Kenya: every county's main towns). */
  cities: readonly string[];
  /**
   * National significant number length range (digits after the dialling code, no trunk 0), for
   * phone validation.
   */
  phoneDigits: { min: number; max: number };
}

export const countries: readonly Country[] = [
  {
    code: "AF",
    name: "Afghanistan",
    dialCode: "+93",
    flag: "🇦🇫",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Kabul", "Kandahar", "Herat", "Mazar-i-Sharif", "Jalalabad"],
  },
  {
    code: "DZ",
    name: "Algeria",
    dialCode: "+213",
    flag: "🇩🇿",
    phoneDigits: { min: 8, max: 9 },
    cities: ["Algiers", "Oran", "Constantine", "Annaba", "Blida"],
  },
  {
    code: "AO",
    name: "Angola",
    dialCode: "+244",
    flag: "🇦🇴",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Luanda", "Huambo", "Lobito", "Benguela", "Lubango"],
  },
  {
    code: "AU",
    name: "Australia",
    dialCode: "+61",
    flag: "🇦🇺",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Sydney", "Melbourne", "Brisbane", "Perth", "Adelaide"],
  },
  {
    code: "BW",
    name: "Botswana",
    dialCode: "+267",
    flag: "🇧🇼",
    phoneDigits: { min: 7, max: 8 },
    cities: ["Gaborone", "Francistown", "Molepolole", "Maun", "Serowe"],
  },
  {
    code: "BR",
    name: "Brazil",
    dialCode: "+55",
    flag: "🇧🇷",
    phoneDigits: { min: 10, max: 11 },
    cities: ["São Paulo", "Rio de Janeiro", "Brasília", "Salvador", "Fortaleza"],
  },
  {
    code: "BI",
    name: "Burundi",
    dialCode: "+257",
    flag: "🇧🇮",
    phoneDigits: { min: 8, max: 8 },
    cities: ["Bujumbura", "Gitega", "Ngozi", "Muyinga", "Rumonge"],
  },
  {
    code: "CM",
    name: "Cameroon",
    dialCode: "+237",
    flag: "🇨🇲",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Douala", "Yaoundé", "Garoua", "Bamenda", "Bafoussam"],
  },
  {
    code: "CA",
    name: "Canada",
    dialCode: "+1",
    flag: "🇨🇦",
    phoneDigits: { min: 10, max: 10 },
    cities: ["Toronto", "Montreal", "Vancouver", "Calgary", "Ottawa"],
  },
  {
    code: "CN",
    name: "China",
    dialCode: "+86",
    flag: "🇨🇳",
    phoneDigits: { min: 10, max: 11 },
    cities: ["Shanghai", "Beijing", "Guangzhou", "Shenzhen", "Chongqing"],
  },
  {
    code: "CI",
    name: "Côte d'Ivoire",
    dialCode: "+225",
    flag: "🇨🇮",
    phoneDigits: { min: 10, max: 10 },
    cities: ["Abidjan", "Bouaké", "Yamoussoukro", "Daloa", "San-Pédro"],
  },
  {
    code: "CD",
    name: "Democratic Republic of the Congo",
    dialCode: "+243",
    flag: "🇨🇩",
    phoneDigits: { min: 7, max: 9 },
    cities: ["Kinshasa", "Lubumbashi", "Mbuji-Mayi", "Kisangani", "Goma"],
  },
  {
    code: "DJ",
    name: "Djibouti",
    dialCode: "+253",
    flag: "🇩🇯",
    phoneDigits: { min: 8, max: 8 },
    cities: ["Djibouti", "Ali Sabieh", "Tadjourah", "Obock", "Dikhil"],
  },
  {
    code: "EG",
    name: "Egypt",
    dialCode: "+20",
    flag: "🇪🇬",
    phoneDigits: { min: 8, max: 10 },
    cities: ["Cairo", "Alexandria", "Giza", "Port Said", "Suez"],
  },
  {
    code: "ET",
    name: "Ethiopia",
    dialCode: "+251",
    flag: "🇪🇹",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Addis Ababa", "Dire Dawa", "Mekelle", "Gondar", "Bahir Dar"],
  },
  {
    code: "FR",
    name: "France",
    dialCode: "+33",
    flag: "🇫🇷",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Paris", "Marseille", "Lyon", "Toulouse", "Nice"],
  },
  {
    code: "DE",
    name: "Germany",
    dialCode: "+49",
    flag: "🇩🇪",
    phoneDigits: { min: 7, max: 11 },
    cities: ["Berlin", "Hamburg", "Munich", "Cologne", "Frankfurt"],
  },
  {
    code: "GH",
    name: "Ghana",
    dialCode: "+233",
    flag: "🇬🇭",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Accra", "Kumasi", "Tamale", "Sekondi-Takoradi", "Cape Coast"],
  },
  {
    code: "IN",
    name: "India",
    dialCode: "+91",
    flag: "🇮🇳",
    phoneDigits: { min: 10, max: 10 },
    cities: ["Mumbai", "Delhi", "Bengaluru", "Chennai", "Kolkata"],
  },
  {
    code: "ID",
    name: "Indonesia",
    dialCode: "+62",
    flag: "🇮🇩",
    phoneDigits: { min: 8, max: 12 },
    cities: ["Jakarta", "Surabaya", "Bandung", "Medan", "Semarang"],
  },
  {
    code: "IT",
    name: "Italy",
    dialCode: "+39",
    flag: "🇮🇹",
    phoneDigits: { min: 6, max: 11 },
    cities: ["Rome", "Milan", "Naples", "Turin", "Palermo"],
  },
  {
    code: "JP",
    name: "Japan",
    dialCode: "+81",
    flag: "🇯🇵",
    phoneDigits: { min: 9, max: 10 },
    cities: ["Tokyo", "Yokohama", "Osaka", "Nagoya", "Sapporo"],
  },
  {
    code: "KE",
    name: "Kenya",
    dialCode: "+254",
    flag: "🇰🇪",
    phoneDigits: { min: 9, max: 9 },
    // All 47 counties' main towns (kenya-counties.ts), county by county.
    cities: kenyaTowns,
  },
  {
    code: "MW",
    name: "Malawi",
    dialCode: "+265",
    flag: "🇲🇼",
    phoneDigits: { min: 7, max: 9 },
    cities: ["Lilongwe", "Blantyre", "Mzuzu", "Zomba", "Kasungu"],
  },
  {
    code: "MY",
    name: "Malaysia",
    dialCode: "+60",
    flag: "🇲🇾",
    phoneDigits: { min: 8, max: 10 },
    cities: ["Kuala Lumpur", "George Town", "Johor Bahru", "Ipoh", "Kuching"],
  },
  {
    code: "MU",
    name: "Mauritius",
    dialCode: "+230",
    flag: "🇲🇺",
    phoneDigits: { min: 7, max: 8 },
    cities: ["Port Louis", "Vacoas-Phoenix", "Beau Bassin-Rose Hill", "Curepipe", "Quatre Bornes"],
  },
  {
    code: "MA",
    name: "Morocco",
    dialCode: "+212",
    flag: "🇲🇦",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Casablanca", "Rabat", "Marrakesh", "Fez", "Tangier"],
  },
  {
    code: "MZ",
    name: "Mozambique",
    dialCode: "+258",
    flag: "🇲🇿",
    phoneDigits: { min: 8, max: 9 },
    cities: ["Maputo", "Matola", "Beira", "Nampula", "Chimoio"],
  },
  {
    code: "NA",
    name: "Namibia",
    dialCode: "+264",
    flag: "🇳🇦",
    phoneDigits: { min: 8, max: 9 },
    cities: ["Windhoek", "Walvis Bay", "Swakopmund", "Rundu", "Oshakati"],
  },
  {
    code: "NL",
    name: "Netherlands",
    dialCode: "+31",
    flag: "🇳🇱",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Amsterdam", "Rotterdam", "The Hague", "Utrecht", "Eindhoven"],
  },
  {
    code: "NG",
    name: "Nigeria",
    dialCode: "+234",
    flag: "🇳🇬",
    phoneDigits: { min: 8, max: 10 },
    cities: ["Lagos", "Kano", "Ibadan", "Abuja", "Port Harcourt"],
  },
  {
    code: "PK",
    name: "Pakistan",
    dialCode: "+92",
    flag: "🇵🇰",
    phoneDigits: { min: 9, max: 10 },
    cities: ["Karachi", "Lahore", "Faisalabad", "Rawalpindi", "Islamabad"],
  },
  {
    code: "QA",
    name: "Qatar",
    dialCode: "+974",
    flag: "🇶🇦",
    phoneDigits: { min: 8, max: 8 },
    cities: ["Doha", "Al Rayyan", "Al Wakrah", "Al Khor", "Lusail"],
  },
  {
    code: "RW",
    name: "Rwanda",
    dialCode: "+250",
    flag: "🇷🇼",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Kigali", "Huye", "Musanze", "Rubavu", "Muhanga"],
  },
  {
    code: "SA",
    name: "Saudi Arabia",
    dialCode: "+966",
    flag: "🇸🇦",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Riyadh", "Jeddah", "Mecca", "Medina", "Dammam"],
  },
  {
    code: "SN",
    name: "Senegal",
    dialCode: "+221",
    flag: "🇸🇳",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Dakar", "Touba", "Thiès", "Saint-Louis", "Kaolack"],
  },
  {
    code: "SG",
    name: "Singapore",
    dialCode: "+65",
    flag: "🇸🇬",
    phoneDigits: { min: 8, max: 8 },
    cities: ["Singapore"],
  },
  {
    code: "SO",
    name: "Somalia",
    dialCode: "+252",
    flag: "🇸🇴",
    phoneDigits: { min: 7, max: 9 },
    cities: ["Mogadishu", "Hargeisa", "Kismayo", "Baidoa", "Garowe"],
  },
  {
    code: "ZA",
    name: "South Africa",
    dialCode: "+27",
    flag: "🇿🇦",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Johannesburg", "Cape Town", "Durban", "Pretoria", "Gqeberha"],
  },
  {
    code: "KR",
    name: "South Korea",
    dialCode: "+82",
    flag: "🇰🇷",
    phoneDigits: { min: 8, max: 10 },
    cities: ["Seoul", "Busan", "Incheon", "Daegu", "Daejeon"],
  },
  {
    code: "SS",
    name: "South Sudan",
    dialCode: "+211",
    flag: "🇸🇸",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Juba", "Wau", "Malakal", "Yei", "Aweil"],
  },
  {
    code: "SD",
    name: "Sudan",
    dialCode: "+249",
    flag: "🇸🇩",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Khartoum", "Omdurman", "Port Sudan", "Kassala", "Nyala"],
  },
  {
    code: "CH",
    name: "Switzerland",
    dialCode: "+41",
    flag: "🇨🇭",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Zurich", "Geneva", "Basel", "Lausanne", "Bern"],
  },
  {
    code: "TZ",
    name: "Tanzania",
    dialCode: "+255",
    flag: "🇹🇿",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Dar es Salaam", "Dodoma", "Mwanza", "Arusha", "Mbeya"],
  },
  {
    code: "TR",
    name: "Turkey",
    dialCode: "+90",
    flag: "🇹🇷",
    phoneDigits: { min: 10, max: 10 },
    cities: ["Istanbul", "Ankara", "Izmir", "Bursa", "Antalya"],
  },
  {
    code: "UG",
    name: "Uganda",
    dialCode: "+256",
    flag: "🇺🇬",
    phoneDigits: { min: 9, max: 9 },
    cities: ["Kampala", "Gulu", "Mbarara", "Jinja", "Mbale"],
  },
  {
    code: "AE",
    name: "United Arab Emirates",
    dialCode: "+971",
    flag: "🇦🇪",
    phoneDigits: { min: 8, max: 9 },
    cities: ["Dubai", "Abu Dhabi", "Sharjah", "Al Ain", "Ajman"],
  },
  {
    code: "GB",
    name: "United Kingdom",
    dialCode: "+44",
    flag: "🇬🇧",
    phoneDigits: { min: 9, max: 10 },
    cities: ["London", "Birmingham", "Manchester", "Glasgow", "Leeds"],
  },
  {
    code: "US",
    name: "United States",
    dialCode: "+1",
    flag: "🇺🇸",
    phoneDigits: { min: 10, max: 10 },
    cities: ["New York", "Los Angeles", "Chicago", "Houston", "Phoenix"],
  },
  {
    code: "VN",
    name: "Vietnam",
    dialCode: "+84",
    flag: "🇻🇳",
    phoneDigits: { min: 9, max: 10 },
    cities: ["Ho Chi Minh City", "Hanoi", "Da Nang", "Hai Phong", "Can Tho"],
  },
];

const byCode = new Map(countries.map((country) => [country.code, country]));

/** Looks a country up by its ISO 3166-1 alpha-2 code (case-insensitive). */
export function findCountry(code: string): Country | undefined {
  return byCode.get(code.trim().toUpperCase());
}

/** Which country leads the label when several share a dialling code. */
const primaryCountryForDialCode: Readonly<Record<string, string>> = { "+1": "US" };

function buildDialCodes(): { value: string; label: string; countries: readonly string[] }[] {
  const groups = new Map<string, Country[]>();
  for (const country of countries) {
    const group = groups.get(country.dialCode);
    if (group) group.push(country);
    else groups.set(country.dialCode, [country]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1)))
    .map(([value, group]) => {
      const primaryCode = primaryCountryForDialCode[value];
      const primary = group.find((country) => country.code === primaryCode) ?? group[0]!;
      const others = group.filter((country) => country !== primary);
      const label = [`${primary.flag} ${value}`, ...others.map((country) => country.flag)].join(
        " / ",
      );
      return { value, label, countries: [primary, ...others].map((country) => country.code) };
    });
}

/**
 * Distinct dialling codes for the phone-code select, sorted numerically, each with a label like "🇰🇪
 * +254" ("+1" once, labelled "🇺🇸 +1 / 🇨🇦"), value is the dial code.
 */
export const dialCodes: readonly { value: string; label: string; countries: readonly string[] }[] =
  buildDialCodes();
