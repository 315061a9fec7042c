// Countries and regions for the directory's location filter (issue #19, docs/discovery.md): the
// ISO 3166-1 alpha-2 code, the English name, the directory's region, and the words people write for
// a country ("UK", "England", "USA", a US state). Universal: the server derives a profile's
// `country_code` from its free-text location with these (and the matching engine's gazetteer for
// city names), and the client builds its filter options from the same list.
//
// The list is the countries the matching engine's gazetteer knows (its names are the same, so a
// place it parses maps to a code here; tests/unit/countries.test.ts holds the two together), not
// all 249: a country nobody can be recognised in would only be an empty filter option.

export const REGIONS = [
  { id: 'europe', name: 'Europe' },
  { id: 'north-america', name: 'North America' },
  { id: 'latin-america', name: 'Latin America' },
  { id: 'middle-east', name: 'Middle East' },
  { id: 'africa', name: 'Africa' },
  { id: 'asia-pacific', name: 'Asia-Pacific' },
] as const;
export type RegionId = (typeof REGIONS)[number]['id'];
export const REGION_IDS = REGIONS.map((region) => region.id) as [RegionId, ...RegionId[]];

export interface Country {
  code: string;
  name: string;
  region: RegionId;
}

// code | English name (the gazetteer's) | region | aliases (lower case, after normalisation)
const COUNTRY_ROWS = `
US|United States|north-america|us,usa,u s,u s a,united states of america,america
CA|Canada|north-america|
MX|Mexico|latin-america|
BR|Brazil|latin-america|brasil
AR|Argentina|latin-america|
CL|Chile|latin-america|
CO|Colombia|latin-america|
PE|Peru|latin-america|
UY|Uruguay|latin-america|
GB|United Kingdom|europe|uk,u k,gb,great britain,britain,england,scotland,wales,northern ireland
IE|Ireland|europe|republic of ireland
FR|France|europe|
DE|Germany|europe|deutschland
NL|Netherlands|europe|the netherlands,holland
BE|Belgium|europe|
LU|Luxembourg|europe|
CH|Switzerland|europe|schweiz,suisse
AT|Austria|europe|osterreich
ES|Spain|europe|espana
PT|Portugal|europe|
IT|Italy|europe|italia
GR|Greece|europe|
DK|Denmark|europe|danmark
SE|Sweden|europe|sverige
NO|Norway|europe|norge
FI|Finland|europe|suomi
IS|Iceland|europe|
EE|Estonia|europe|
LV|Latvia|europe|
LT|Lithuania|europe|
PL|Poland|europe|polska
CZ|Czech Republic|europe|czechia
HU|Hungary|europe|
RO|Romania|europe|
BG|Bulgaria|europe|
HR|Croatia|europe|
RS|Serbia|europe|
UA|Ukraine|europe|
TR|Turkey|middle-east|turkiye
IL|Israel|middle-east|
AE|United Arab Emirates|middle-east|uae,u a e,emirates
SA|Saudi Arabia|middle-east|ksa
QA|Qatar|middle-east|
EG|Egypt|africa|
MA|Morocco|africa|
NG|Nigeria|africa|
GH|Ghana|africa|
KE|Kenya|africa|
RW|Rwanda|africa|
ZA|South Africa|africa|rsa
IN|India|asia-pacific|
PK|Pakistan|asia-pacific|
BD|Bangladesh|asia-pacific|
CN|China|asia-pacific|prc
HK|Hong Kong|asia-pacific|hk
TW|Taiwan|asia-pacific|
JP|Japan|asia-pacific|
KR|South Korea|asia-pacific|korea,republic of korea
SG|Singapore|asia-pacific|sg
ID|Indonesia|asia-pacific|
MY|Malaysia|asia-pacific|
TH|Thailand|asia-pacific|
VN|Vietnam|asia-pacific|viet nam
PH|Philippines|asia-pacific|
AU|Australia|asia-pacific|au
NZ|New Zealand|asia-pacific|nz
`;

// Every US state and Canadian province by name: "Columbus, Ohio" says US even where the
// gazetteer has no row for the city or the state. Postal codes are not here on purpose: "CA",
// "DE" or "IN" alone are as often countries (the gazetteer decides those, with context).
const US_STATES =
  'alabama,alaska,arizona,arkansas,california,colorado,connecticut,delaware,florida,georgia,hawaii,idaho,illinois,indiana,iowa,kansas,kentucky,louisiana,maine,maryland,massachusetts,michigan,minnesota,mississippi,missouri,montana,nebraska,nevada,new hampshire,new jersey,new mexico,new york,north carolina,north dakota,ohio,oklahoma,oregon,pennsylvania,rhode island,south carolina,south dakota,tennessee,texas,utah,vermont,virginia,washington,west virginia,wisconsin,wyoming,district of columbia';
const CANADIAN_PROVINCES =
  'alberta,british columbia,manitoba,new brunswick,newfoundland and labrador,nova scotia,ontario,prince edward island,quebec,saskatchewan';

export const COUNTRIES: readonly Country[] = COUNTRY_ROWS.trim()
  .split('\n')
  .map((line) => {
    const [code = '', name = '', region = ''] = line.split('|');
    return { code, name, region: region as RegionId };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

export const COUNTRY_CODES = COUNTRIES.map((country) => country.code);

/**
 * A place name as a lookup key: lower-case, fold diacritics, drop dots, collapse everything else to
 * single spaces. The matching engine's gazetteer keys its places the same way (it imports this).
 */
export function locationKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const codeByKey = new Map<string, string>();
for (const line of COUNTRY_ROWS.trim().split('\n')) {
  const [code = '', name = '', , aliases = ''] = line.split('|');
  for (const key of [locationKey(name), ...aliases.split(',').map((alias) => alias.trim())]) if (key) codeByKey.set(key, code);
}
for (const state of US_STATES.split(',')) if (!codeByKey.has(state)) codeByKey.set(state, 'US');
for (const province of CANADIAN_PROVINCES.split(',')) codeByKey.set(province, 'CA');

const countryByCode = new Map(COUNTRIES.map((country) => [country.code, country]));

export function countryOfCode(code: string | null | undefined): Country | null {
  return code ? (countryByCode.get(code) ?? null) : null;
}

/** The code for a country's English name as listed here (the gazetteer's names), or null. */
export function countryCodeOfName(name: string | null | undefined): string | null {
  return name ? (codeByKey.get(locationKey(name)) ?? null) : null;
}

/**
 * The country a free-text location names by its country, state or province ("Leeds, England",
 * "Austin, USA", "Columbus, Ohio"), reading its comma-separated parts from the last; null when no
 * part is one. City names are the gazetteer's job (the server asks it first).
 */
export function countryCodeFromText(location: string | null | undefined): string | null {
  if (!location) return null;
  const whole = codeByKey.get(locationKey(location));
  if (whole) return whole;
  const parts = location
    .split(/[,/|;()]|\s-\s/)
    .map(locationKey)
    .filter(Boolean);
  for (let index = parts.length - 1; index >= 0; index--) {
    const code = codeByKey.get(parts[index]!);
    if (code) return code;
  }
  return null;
}

/** The codes of the countries in these regions. */
export function countryCodesInRegions(regions: readonly RegionId[]): string[] {
  const wanted = new Set(regions);
  return COUNTRIES.filter((country) => wanted.has(country.region)).map((country) => country.code);
}
