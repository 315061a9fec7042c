// A small built-in gazetteer (matching guide §1: location → city / region / country / continent).
// The geo component (proximity, preferred areas) is in score-components.ts, over hashed place ids.
// No package: the world's startup hubs fit in a table, and a table is reviewable. Covers every
// city in the demo data plus ~120 others, US states and Canadian provinces (the "region" level),
// countries with their common abbreviations, continents, and supranational blocs ("Nordics",
// "DACH", "LatAm") that founders write as investor-location preferences.

export const CONTINENTS = ['Europe', 'Asia', 'Africa', 'North America', 'South America', 'Oceania'] as const;
export type Continent = (typeof CONTINENTS)[number];

type ContinentCode = 'EU' | 'AS' | 'AF' | 'NA' | 'SA' | 'OC';
const CONTINENT_BY_CODE: Record<ContinentCode, Continent> = {
  EU: 'Europe', AS: 'Asia', AF: 'Africa', NA: 'North America', SA: 'South America', OC: 'Oceania',
};

// Country | continent | aliases (comma-separated, matched after normalisation).
const COUNTRY_TABLE = `
United States|NA|us,usa,u s,u s a,united states of america,america
Canada|NA|
Mexico|NA|
Brazil|SA|brasil
Argentina|SA|
Chile|SA|
Colombia|SA|
Peru|SA|
Uruguay|SA|
United Kingdom|EU|uk,u k,gb,great britain,britain,england,scotland,wales,northern ireland
Ireland|EU|republic of ireland
France|EU|
Germany|EU|deutschland,de
Netherlands|EU|the netherlands,holland,nl
Belgium|EU|
Luxembourg|EU|
Switzerland|EU|ch,schweiz,suisse
Austria|EU|osterreich
Spain|EU|espana
Portugal|EU|
Italy|EU|italia
Greece|EU|
Denmark|EU|danmark
Sweden|EU|sverige
Norway|EU|norge
Finland|EU|suomi
Iceland|EU|
Estonia|EU|
Latvia|EU|
Lithuania|EU|
Poland|EU|polska
Czech Republic|EU|czechia
Hungary|EU|
Romania|EU|
Bulgaria|EU|
Croatia|EU|
Serbia|EU|
Ukraine|EU|
Turkey|EU|turkiye
Israel|AS|
United Arab Emirates|AS|uae,u a e,emirates
Saudi Arabia|AS|ksa
Qatar|AS|
Egypt|AF|
Morocco|AF|
Nigeria|AF|
Ghana|AF|
Kenya|AF|
Rwanda|AF|
South Africa|AF|rsa
India|AS|
Pakistan|AS|
Bangladesh|AS|
China|AS|prc
Hong Kong|AS|hk
Taiwan|AS|
Japan|AS|
South Korea|AS|korea,republic of korea
Singapore|AS|sg
Indonesia|AS|
Malaysia|AS|
Thailand|AS|
Vietnam|AS|viet nam
Philippines|AS|
Australia|OC|au
New Zealand|OC|nz
`;

// Sub-national regions: name | country | aliases. US states carry their postal codes.
const REGION_TABLE = `
California|United States|ca,calif,bay area,silicon valley
New York State|United States|ny,new york state
Massachusetts|United States|ma
Washington State|United States|wa
Texas|United States|tx
Illinois|United States|il
Colorado|United States|co
Florida|United States|fl
Georgia US|United States|ga
District of Columbia|United States|dc,d c
Pennsylvania|United States|pa
Utah|United States|ut
North Carolina|United States|nc
Minnesota|United States|mn
Michigan|United States|mi
Oregon|United States|or
Arizona|United States|az
Tennessee|United States|tn
Ontario|Canada|on
British Columbia|Canada|bc
Quebec|Canada|qc
Alberta|Canada|ab
`;

// City | country | region (optional) | aliases. A name listed twice (Cambridge) resolves by the
// other parts of the location; without them the first row wins.
const CITY_TABLE = `
San Francisco|United States|California|sf,san francisco bay area
Palo Alto|United States|California|
Mountain View|United States|California|
Menlo Park|United States|California|
San Jose|United States|California|
Oakland|United States|California|
Los Angeles|United States|California|la
Santa Monica|United States|California|
San Diego|United States|California|
New York|United States|New York State|nyc,new york city,brooklyn,manhattan
Boston|United States|Massachusetts|
Seattle|United States|Washington State|
Austin|United States|Texas|
Dallas|United States|Texas|
Houston|United States|Texas|
Chicago|United States|Illinois|
Denver|United States|Colorado|
Boulder|United States|Colorado|
Miami|United States|Florida|
Atlanta|United States|Georgia US|
Washington|United States|District of Columbia|washington dc
Philadelphia|United States|Pennsylvania|
Pittsburgh|United States|Pennsylvania|
Salt Lake City|United States|Utah|
Raleigh|United States|North Carolina|
Minneapolis|United States|Minnesota|
Detroit|United States|Michigan|
Portland|United States|Oregon|
Phoenix|United States|Arizona|
Nashville|United States|Tennessee|
Toronto|Canada|Ontario|
Waterloo|Canada|Ontario|
Ottawa|Canada|Ontario|
Vancouver|Canada|British Columbia|
Montreal|Canada|Quebec|
Calgary|Canada|Alberta|
Mexico City|Mexico||cdmx,ciudad de mexico
Guadalajara|Mexico||
Sao Paulo|Brazil||
Rio de Janeiro|Brazil||rio
Buenos Aires|Argentina||
Santiago|Chile||
Bogota|Colombia||
Medellin|Colombia||
Lima|Peru||
Montevideo|Uruguay||
London|United Kingdom||
Manchester|United Kingdom||
Cambridge|United Kingdom||
Oxford|United Kingdom||
Edinburgh|United Kingdom||
Bristol|United Kingdom||
Dublin|Ireland||
Paris|France||
Lyon|France||
Berlin|Germany||
Munich|Germany||munchen
Hamburg|Germany||
Frankfurt|Germany||
Cologne|Germany||koln
Amsterdam|Netherlands||
Rotterdam|Netherlands||
Eindhoven|Netherlands||
Brussels|Belgium||bruxelles
Luxembourg|Luxembourg||
Zurich|Switzerland||
Geneva|Switzerland||geneve
Lausanne|Switzerland||
Vienna|Austria||wien
Madrid|Spain||
Barcelona|Spain||
Valencia|Spain||
Lisbon|Portugal||lisboa
Porto|Portugal||
Milan|Italy||milano
Rome|Italy||roma
Turin|Italy||torino
Athens|Greece||
Copenhagen|Denmark||kobenhavn
Aarhus|Denmark||
Stockholm|Sweden||
Gothenburg|Sweden||goteborg
Oslo|Norway||
Helsinki|Finland||
Reykjavik|Iceland||
Tallinn|Estonia||
Riga|Latvia||
Vilnius|Lithuania||
Warsaw|Poland||warszawa
Krakow|Poland||
Prague|Czech Republic||praha
Budapest|Hungary||
Bucharest|Romania||
Sofia|Bulgaria||
Zagreb|Croatia||
Belgrade|Serbia||
Kyiv|Ukraine||kiev
Istanbul|Turkey||
Tel Aviv|Israel||tel aviv yafo
Jerusalem|Israel||
Haifa|Israel||
Dubai|United Arab Emirates||
Abu Dhabi|United Arab Emirates||
Riyadh|Saudi Arabia||
Doha|Qatar||
Cairo|Egypt||
Casablanca|Morocco||
Lagos|Nigeria||
Abuja|Nigeria||
Accra|Ghana||
Nairobi|Kenya||
Kigali|Rwanda||
Cape Town|South Africa||
Johannesburg|South Africa||joburg
Bangalore|India||bengaluru
Mumbai|India||bombay
Delhi|India||new delhi
Gurgaon|India||gurugram
Hyderabad|India||
Chennai|India||
Pune|India||
Karachi|Pakistan||
Lahore|Pakistan||
Dhaka|Bangladesh||
Beijing|China||
Shanghai|China||
Shenzhen|China||
Hangzhou|China||
Hong Kong|Hong Kong||
Taipei|Taiwan||
Tokyo|Japan||
Osaka|Japan||
Seoul|South Korea||
Busan|South Korea||
Singapore|Singapore||
Jakarta|Indonesia||
Kuala Lumpur|Malaysia||kl
Bangkok|Thailand||
Ho Chi Minh City|Vietnam||saigon,hcmc
Hanoi|Vietnam||
Manila|Philippines||
Sydney|Australia||
Melbourne|Australia||
Brisbane|Australia||
Auckland|New Zealand||
Wellington|New Zealand||
Cambridge|United States|Massachusetts|
`;

// Supranational blocs founders write as preferences: name | member countries | aliases.
const BLOC_TABLE = `
Nordics|Denmark,Sweden,Norway,Finland,Iceland|nordic,nordic countries,scandinavia,scandinavian
Baltics|Estonia,Latvia,Lithuania|baltic,baltic states
Benelux|Netherlands,Belgium,Luxembourg|
DACH|Germany,Austria,Switzerland|
Iberia|Spain,Portugal|iberian peninsula
UK and Ireland|United Kingdom,Ireland|uk ireland,uk and ireland,british isles
Southern Europe|Spain,Portugal,Italy,Greece|
CEE|Poland,Czech Republic,Hungary,Romania,Bulgaria,Croatia,Serbia,Ukraine,Estonia,Latvia,Lithuania|central and eastern europe,eastern europe,central europe
Middle East|Israel,United Arab Emirates,Saudi Arabia,Qatar,Turkey,Egypt|mideast
MENA|Israel,United Arab Emirates,Saudi Arabia,Qatar,Turkey,Egypt,Morocco|middle east and north africa
GCC|United Arab Emirates,Saudi Arabia,Qatar|gulf,gulf states
Southeast Asia|Singapore,Indonesia,Malaysia,Thailand,Vietnam,Philippines|sea,asean,south east asia
APAC|India,Pakistan,Bangladesh,China,Hong Kong,Taiwan,Japan,South Korea,Singapore,Indonesia,Malaysia,Thailand,Vietnam,Philippines,Australia,New Zealand|asia pacific,asia pac
Latin America|Mexico,Brazil,Argentina,Chile,Colombia,Peru,Uruguay|latam,latin america and caribbean
Sub-Saharan Africa|Nigeria,Ghana,Kenya,Rwanda,South Africa|ssa,subsaharan africa
`;

const CONTINENT_ALIASES: Record<string, Continent> = {
  europe: 'Europe', eu: 'Europe', european: 'Europe', 'european union': 'Europe', emea: 'Europe',
  asia: 'Asia', africa: 'Africa', 'pan african': 'Africa', 'pan africa': 'Africa',
  'north america': 'North America', 'south america': 'South America', oceania: 'Oceania', anz: 'Oceania',
};

const ANYWHERE_KEYS = new Set(['global', 'globally', 'worldwide', 'world', 'anywhere', 'remote', 'international', 'no preference', 'any', 'everywhere']);

export type PlaceLevel = 'city' | 'region' | 'country' | 'bloc' | 'continent' | 'anywhere';

/** A location as far as it was recognised; null fields were not given or not recognised. */
export interface Place {
  level: PlaceLevel;
  /** Display name of the most specific recognised part ("London", "Nordics"). */
  label: string;
  city: string | null;
  region: string | null;
  country: string | null;
  continent: Continent | null;
  /** For a bloc: its member countries. */
  blocCountries: readonly string[] | null;
}

interface CountryEntry { name: string; continent: Continent }
interface RegionEntry { name: string; country: string }
interface CityEntry { name: string; country: string; region: string | null }

/** Lower-case, fold diacritics, drop dots, collapse everything else to single spaces. */
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

const rows = (table: string) => table.trim().split('\n').map((line) => line.split('|'));
const aliasList = (field: string | undefined) => (field ? field.split(',').map((alias) => alias.trim()).filter(Boolean) : []);

const countries = new Map<string, CountryEntry>();
const countryByKey = new Map<string, CountryEntry>();
for (const [name = '', code = 'EU', aliases] of rows(COUNTRY_TABLE)) {
  const entry = { name, continent: CONTINENT_BY_CODE[code as ContinentCode] };
  countries.set(name, entry);
  for (const key of [locationKey(name), ...aliasList(aliases)]) countryByKey.set(key, entry);
}

const regionByKey = new Map<string, RegionEntry>();
for (const [name = '', country = '', aliases] of rows(REGION_TABLE)) {
  const entry = { name: name.replace(/ (State|US)$/, ''), country };
  for (const key of [locationKey(name), ...aliasList(aliases)]) regionByKey.set(key, entry);
}
// Plain "Georgia", "New York" and "Washington" as a second part ("Atlanta, Georgia", "Seattle,
// Washington") mean the state; the table rows carry a suffix only to keep the keys distinct.
regionByKey.set('georgia', { name: 'Georgia', country: 'United States' });
regionByKey.set('new york', { name: 'New York', country: 'United States' });
regionByKey.set('washington', { name: 'Washington', country: 'United States' });

const citiesByKey = new Map<string, CityEntry[]>();
for (const [name = '', country = '', region, aliases] of rows(CITY_TABLE)) {
  const entry: CityEntry = { name, country, region: region ? region.replace(/ (State|US)$/, '') : null };
  for (const key of [locationKey(name), ...aliasList(aliases)]) {
    const list = citiesByKey.get(key) ?? [];
    list.push(entry);
    citiesByKey.set(key, list);
  }
}

const blocByKey = new Map<string, { name: string; countries: string[] }>();
for (const [name = '', members = '', aliases] of rows(BLOC_TABLE)) {
  const entry = { name, countries: members.split(',') };
  for (const key of [locationKey(name), ...aliasList(aliases)]) blocByKey.set(key, entry);
}

const continentOf = (country: string | null): Continent | null => (country ? (countries.get(country)?.continent ?? null) : null);

function cityPlace(city: CityEntry): Place {
  return { level: 'city', label: city.name, city: city.name, region: city.region, country: city.country, continent: continentOf(city.country), blocCountries: null };
}

/** Recognises one comma-free part on its own: a city, region, country, bloc, continent or "anywhere". */
function placeFromPart(key: string): Place | null {
  if (!key) return null;
  if (ANYWHERE_KEYS.has(key)) return { level: 'anywhere', label: 'anywhere', city: null, region: null, country: null, continent: null, blocCountries: null };
  const cities = citiesByKey.get(key);
  if (cities?.[0]) return cityPlace(cities[0]);
  const country = countryByKey.get(key);
  if (country) return { level: 'country', label: country.name, city: null, region: null, country: country.name, continent: country.continent, blocCountries: null };
  const region = regionByKey.get(key);
  if (region) return { level: 'region', label: region.name, city: null, region: region.name, country: region.country, continent: continentOf(region.country), blocCountries: null };
  const bloc = blocByKey.get(key);
  if (bloc) {
    const continentsOfBloc = new Set(bloc.countries.map(continentOf));
    const continent = continentsOfBloc.size === 1 ? ([...continentsOfBloc][0] ?? null) : null;
    return { level: 'bloc', label: bloc.name, city: null, region: null, country: null, continent, blocCountries: bloc.countries };
  }
  const continent = CONTINENT_ALIASES[key];
  if (continent) return { level: 'continent', label: continent, city: null, region: null, country: null, continent, blocCountries: null };
  return null;
}

/**
 * Parses a free-text location ("London, UK", "Cambridge, MA", "Nordics", "Remote") into a Place,
 * or null when nothing is given. Parts are split on commas and similar separators; a city named
 * in several countries is resolved by the other parts ("Cambridge, MA" vs "Cambridge, UK"). An
 * unrecognised city in a recognised country keeps its own name, so two "Smalltown, Germany"
 * profiles still count as the same city. Nothing recognised at all gives level-less null fields.
 */
export function parseLocation(raw: string | null | undefined): Place | null {
  if (!raw || !raw.trim()) return null;
  const whole = locationKey(raw);
  if (!whole) return null;
  const exact = placeFromPart(whole);
  if (exact) return exact;

  const parts = raw.split(/[,/|;()]|\s-\s/).map(locationKey).filter(Boolean);
  const context = parts.map(placeFromPart);
  const contextCountries = new Set(context.map((place) => place?.country).filter((country): country is string => !!country));
  const contextRegions = new Set(context.map((place) => place?.region).filter((region): region is string => !!region));

  for (const part of parts) {
    const cities = citiesByKey.get(part);
    if (!cities) continue;
    const best =
      cities.find((city) => city.region !== null && contextRegions.has(city.region)) ??
      cities.find((city) => contextCountries.has(city.country)) ??
      cities[0]!;
    return cityPlace(best);
  }
  // No known city: the most specific recognised part, keeping an unrecognised leading city name.
  const order: PlaceLevel[] = ['region', 'country', 'bloc', 'continent', 'anywhere'];
  for (const level of order) {
    const index = context.findIndex((place) => place?.level === level);
    const place = context[index];
    if (!place) continue;
    const leading = parts[0];
    if (index > 0 && leading && (level === 'region' || level === 'country')) {
      return { ...place, level: 'city', label: titleCase(leading), city: titleCase(leading) };
    }
    return place;
  }
  return null;
}

const titleCase = (key: string) => key.replace(/\b[a-z]/g, (char) => char.toUpperCase());

/** The gazetteer's size, for the docs and tests. */
export const GAZETTEER_SIZE = { cities: new Set([...citiesByKey.values()].flat()).size, countries: countries.size, blocs: new Set([...blocByKey.values()]).size };
