// The built-in gazetteer: free-text locations → city / region / country / continent.
import { describe, expect, it } from 'vitest';
import { GAZETTEER_SIZE, parseLocation } from '../../../src/server/features/matching/engine/gazetteer';
import { DEMO_INVESTORS, DEMO_STARTUPS } from '../../../src/server/demo/demo-data';

describe('gazetteer', () => {
  it('covers every demo location and ~100 cities beyond them', () => {
    const locations = [...DEMO_STARTUPS.map((d) => d.profile.location), ...DEMO_INVESTORS.map((d) => d.profile.location)];
    for (const location of locations) expect(parseLocation(location)?.level, location).toBe('city');
    expect(GAZETTEER_SIZE.cities).toBeGreaterThanOrEqual(100);
    expect(GAZETTEER_SIZE.countries).toBeGreaterThanOrEqual(50);
  });

  it('resolves city, country and continent', () => {
    expect(parseLocation('London, UK')).toMatchObject({ city: 'London', country: 'United Kingdom', continent: 'Europe' });
    expect(parseLocation('Seoul, South Korea')).toMatchObject({ city: 'Seoul', country: 'South Korea', continent: 'Asia' });
    expect(parseLocation('São Paulo')).toMatchObject({ city: 'Sao Paulo', country: 'Brazil', continent: 'South America' });
  });

  it('uses US states and Canadian provinces as the region level', () => {
    expect(parseLocation('Palo Alto, CA')).toMatchObject({ city: 'Palo Alto', region: 'California', country: 'United States' });
    expect(parseLocation('California')).toMatchObject({ level: 'region', region: 'California' });
    expect(parseLocation('Toronto, ON')).toMatchObject({ region: 'Ontario', country: 'Canada', continent: 'North America' });
  });

  it('disambiguates a city by the other parts', () => {
    expect(parseLocation('Cambridge, MA')).toMatchObject({ country: 'United States', region: 'Massachusetts' });
    expect(parseLocation('Cambridge, UK')).toMatchObject({ country: 'United Kingdom' });
  });

  it('reads blocs, continents and "anywhere" as preference areas', () => {
    expect(parseLocation('Nordics')).toMatchObject({ level: 'bloc', continent: 'Europe' });
    expect(parseLocation('Nordics')?.blocCountries).toContain('Sweden');
    expect(parseLocation('LatAm')).toMatchObject({ level: 'bloc', continent: null });
    expect(parseLocation('Europe')).toMatchObject({ level: 'continent', continent: 'Europe' });
    expect(parseLocation('Remote')).toMatchObject({ level: 'anywhere' });
  });

  it('keeps an unknown city in a known country, and gives up on nonsense', () => {
    expect(parseLocation('Smalltown, Germany')).toMatchObject({ level: 'city', city: 'Smalltown', country: 'Germany', continent: 'Europe' });
    expect(parseLocation('Atlantis')).toBeNull();
    expect(parseLocation('')).toBeNull();
    expect(parseLocation(null)).toBeNull();
  });
});
