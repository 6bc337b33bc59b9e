/**
 * Kenya's 47 counties (numbered as in the Constitution's First Schedule) with their main towns,
 * the county seat first: the "City / town" choice of the merchant application groups Kenya's towns
 * by county. A town's name is unique across Kenya, so the town alone says which county it is in.
 */

export interface KenyaCounty {
  /** The county's number, 1 (Mombasa) to 47 (Nairobi City). */
  code: number;
  name: string;
  /** Main towns, the county seat first. */
  towns: readonly string[];
}

export const kenyaCounties: readonly KenyaCounty[] = [
  { code: 1, name: "Mombasa", towns: ["Mombasa", "Likoni", "Changamwe", "Nyali", "Bamburi"] },
  { code: 2, name: "Kwale", towns: ["Kwale", "Ukunda", "Diani", "Msambweni", "Lunga Lunga"] },
  {
    code: 3,
    name: "Kilifi",
    towns: ["Kilifi", "Malindi", "Mtwapa", "Watamu", "Mariakani", "Kaloleni"],
  },
  { code: 4, name: "Tana River", towns: ["Hola", "Garsen", "Bura"] },
  { code: 5, name: "Lamu", towns: ["Lamu", "Mpeketoni", "Witu"] },
  { code: 6, name: "Taita-Taveta", towns: ["Voi", "Taveta", "Wundanyi", "Mwatate"] },
  { code: 7, name: "Garissa", towns: ["Garissa", "Dadaab", "Masalani"] },
  { code: 8, name: "Wajir", towns: ["Wajir", "Habaswein", "Griftu"] },
  { code: 9, name: "Mandera", towns: ["Mandera", "El Wak", "Rhamu", "Takaba"] },
  { code: 10, name: "Marsabit", towns: ["Marsabit", "Moyale", "Laisamis", "North Horr"] },
  { code: 11, name: "Isiolo", towns: ["Isiolo", "Merti", "Garbatulla"] },
  { code: 12, name: "Meru", towns: ["Meru", "Maua", "Nkubu", "Timau", "Mikinduri"] },
  { code: 13, name: "Tharaka-Nithi", towns: ["Kathwana", "Chuka", "Chogoria", "Marimanti"] },
  { code: 14, name: "Embu", towns: ["Embu", "Runyenjes", "Siakago", "Kiritiri"] },
  { code: 15, name: "Kitui", towns: ["Kitui", "Mwingi", "Mutomo", "Kwa Vonza"] },
  { code: 16, name: "Machakos", towns: ["Machakos", "Athi River", "Kangundo", "Tala", "Matuu"] },
  {
    code: 17,
    name: "Makueni",
    towns: ["Wote", "Makindu", "Mtito Andei", "Sultan Hamud", "Emali"],
  },
  { code: 18, name: "Nyandarua", towns: ["Ol Kalou", "Engineer", "Njabini", "Ndaragwa"] },
  { code: 19, name: "Nyeri", towns: ["Nyeri", "Karatina", "Othaya", "Mukurweini", "Naro Moru"] },
  { code: 20, name: "Kirinyaga", towns: ["Kerugoya", "Kutus", "Sagana", "Wang'uru", "Kagio"] },
  { code: 21, name: "Murang'a", towns: ["Murang'a", "Kenol", "Maragua", "Kangema", "Kiriaini"] },
  {
    code: 22,
    name: "Kiambu",
    towns: ["Kiambu", "Thika", "Ruiru", "Juja", "Kikuyu", "Limuru", "Githunguri", "Karuri"],
  },
  { code: 23, name: "Turkana", towns: ["Lodwar", "Kakuma", "Lokichogio", "Lokichar"] },
  { code: 24, name: "West Pokot", towns: ["Kapenguria", "Makutano", "Chepareria", "Kacheliba"] },
  { code: 25, name: "Samburu", towns: ["Maralal", "Baragoi", "Archers Post", "Wamba"] },
  { code: 26, name: "Trans Nzoia", towns: ["Kitale", "Kiminini", "Endebess"] },
  {
    code: 27,
    name: "Uasin Gishu",
    towns: ["Eldoret", "Burnt Forest", "Turbo", "Moi's Bridge", "Ziwa"],
  },
  { code: 28, name: "Elgeyo-Marakwet", towns: ["Iten", "Kapsowar", "Tambach", "Chebiemit"] },
  { code: 29, name: "Nandi", towns: ["Kapsabet", "Nandi Hills", "Mosoriot", "Kobujoi"] },
  { code: 30, name: "Baringo", towns: ["Kabarnet", "Eldama Ravine", "Marigat", "Mogotio"] },
  { code: 31, name: "Laikipia", towns: ["Rumuruti", "Nanyuki", "Nyahururu", "Doldol"] },
  {
    code: 32,
    name: "Nakuru",
    towns: ["Nakuru", "Naivasha", "Gilgil", "Molo", "Njoro", "Mai Mahiu"],
  },
  { code: 33, name: "Narok", towns: ["Narok", "Kilgoris", "Ololulung'a", "Nairegie Enkare"] },
  {
    code: 34,
    name: "Kajiado",
    towns: ["Kajiado", "Kitengela", "Ngong", "Ongata Rongai", "Namanga", "Loitokitok"],
  },
  { code: 35, name: "Kericho", towns: ["Kericho", "Litein", "Kipkelion", "Londiani"] },
  { code: 36, name: "Bomet", towns: ["Bomet", "Sotik", "Mulot", "Longisa"] },
  { code: 37, name: "Kakamega", towns: ["Kakamega", "Mumias", "Malava", "Butere", "Lumakanda"] },
  { code: 38, name: "Vihiga", towns: ["Mbale", "Luanda", "Chavakali", "Majengo"] },
  { code: 39, name: "Bungoma", towns: ["Bungoma", "Webuye", "Kimilili", "Chwele", "Malakisi"] },
  { code: 40, name: "Busia", towns: ["Busia", "Malaba", "Nambale", "Port Victoria", "Funyula"] },
  { code: 41, name: "Siaya", towns: ["Siaya", "Bondo", "Ugunja", "Yala", "Usenge"] },
  { code: 42, name: "Kisumu", towns: ["Kisumu", "Ahero", "Maseno", "Muhoroni", "Kombewa"] },
  { code: 43, name: "Homa Bay", towns: ["Homa Bay", "Mbita", "Oyugis", "Kendu Bay", "Ndhiwa"] },
  { code: 44, name: "Migori", towns: ["Migori", "Awendo", "Rongo", "Isebania", "Uriri"] },
  { code: 45, name: "Kisii", towns: ["Kisii", "Ogembo", "Suneka", "Nyamache", "Marani"] },
  { code: 46, name: "Nyamira", towns: ["Nyamira", "Keroka", "Nyansiongo", "Ekerenyo"] },
  { code: 47, name: "Nairobi", towns: ["Nairobi"] },
];

/** The counties A to Z, as the town select lists them. */
export const kenyaCountiesByName: readonly KenyaCounty[] = [...kenyaCounties].sort((a, b) =>
  a.name.localeCompare(b.name, "en"),
);

/** Every town, county by county (A to Z). */
export const kenyaTowns: readonly string[] = kenyaCountiesByName.flatMap((county) => county.towns);

/** The county a listed town is in, or undefined. */
export function kenyaCountyOf(town: string): KenyaCounty | undefined {
  return kenyaCounties.find((county) => county.towns.includes(town));
}

/** How a county is written after a town: "Kiambu County" ("Nairobi City County" for Nairobi). */
export function countyLabel(county: KenyaCounty): string {
  return county.code === 47 ? "Nairobi City County" : `${county.name} County`;
}
