// A small built-in gazetteer: a free-text location → city / region / country / continent, the
// location input of the score (docs/matching.md, "Inputs"). The geo component (proximity,
// preferred areas) is in score-components.ts, over hashed place ids.
// No package: the world's startup hubs fit in a table, and a table is reviewable. The tables are in
// gazetteer-data.ts: every city in the demo data plus ~120 others, US states and Canadian provinces
// (the "region" level), countries with their common abbreviations, continents, and supranational
// blocs ("Nordics", "DACH", "LatAm") that founders write as investor-location preferences.
import { locationKey } from '../../../../shared/countries';
import { ANYWHERE_KEYS, BLOC_TABLE, CITY_TABLE, CONTINENT_ALIASES, COUNTRY_TABLE, REGION_TABLE } from './gazetteer-data';

export const CONTINENTS = ['Europe', 'Asia', 'Africa', 'North America', 'South America', 'Oceania'] as const;
export type Continent = (typeof CONTINENTS)[number];

type ContinentCode = 'EU' | 'AS' | 'AF' | 'NA' | 'SA' | 'OC';
const CONTINENT_BY_CODE: Record<ContinentCode, Continent> = {
  EU: 'Europe',
  AS: 'Asia',
  AF: 'Africa',
  NA: 'North America',
  SA: 'South America',
  OC: 'Oceania',
};

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

interface CountryEntry {
  name: string;
  continent: Continent;
}
interface RegionEntry {
  name: string;
  country: string;
}
interface CityEntry {
  name: string;
  country: string;
  region: string | null;
}

// Place names become lookup keys the same way everywhere (shared/countries.ts).
export { locationKey };

const rows = (table: string) =>
  table
    .trim()
    .split('\n')
    .map((line) => line.split('|'));
const aliasList = (field: string | undefined) =>
  field
    ? field
        .split(',')
        .map((alias) => alias.trim())
        .filter(Boolean)
    : [];

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
  return {
    level: 'city',
    label: city.name,
    city: city.name,
    region: city.region,
    country: city.country,
    continent: continentOf(city.country),
    blocCountries: null,
  };
}

/** Recognises one comma-free part on its own: a city, region, country, bloc, continent or "anywhere". */
function placeFromPart(key: string): Place | null {
  if (!key) return null;
  if (ANYWHERE_KEYS.has(key)) return { level: 'anywhere', label: 'anywhere', city: null, region: null, country: null, continent: null, blocCountries: null };
  const cities = citiesByKey.get(key);
  if (cities?.[0]) return cityPlace(cities[0]);
  const country = countryByKey.get(key);
  if (country)
    return { level: 'country', label: country.name, city: null, region: null, country: country.name, continent: country.continent, blocCountries: null };
  const region = regionByKey.get(key);
  if (region)
    return {
      level: 'region',
      label: region.name,
      city: null,
      region: region.name,
      country: region.country,
      continent: continentOf(region.country),
      blocCountries: null,
    };
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

  const parts = raw
    .split(/[,/|;()]|\s-\s/)
    .map(locationKey)
    .filter(Boolean);
  const context = parts.map(placeFromPart);
  const contextCountries = new Set(context.map((place) => place?.country).filter((country): country is string => !!country));
  const contextRegions = new Set(context.map((place) => place?.region).filter((region): region is string => !!region));

  for (const part of parts) {
    const cities = citiesByKey.get(part);
    if (!cities) continue;
    const best =
      cities.find((city) => city.region !== null && contextRegions.has(city.region)) ?? cities.find((city) => contextCountries.has(city.country)) ?? cities[0]!;
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
export const GAZETTEER_SIZE = {
  cities: new Set([...citiesByKey.values()].flat()).size,
  countries: countries.size,
  blocs: new Set([...blocByKey.values()]).size,
};
