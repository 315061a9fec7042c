// Countries for the directory (shared/countries.ts) and each profile's derived country
// (features/discovery/country-codes.ts): every country the matching engine's gazetteer knows has a
// code here, the words people write for a country ("UK", "England", "USA", a US state) find it,
// cities find theirs through the gazetteer, and what names no country gives null.
import { describe, expect, it } from 'vitest';
import { COUNTRY_TABLE } from '../../src/server/features/matching/engine/gazetteer-data';
import { countryCodeOfLocation } from '../../src/server/features/discovery';
import { COUNTRIES, countryCodeFromText, countryCodeOfName, countryCodesInRegions, countryOfCode, REGIONS } from '../../src/shared/countries';

describe('the country list', () => {
  it('has a code for every country the gazetteer knows', () => {
    const names = COUNTRY_TABLE.trim()
      .split('\n')
      .map((line) => line.split('|')[0]!);
    for (const name of names) expect(countryCodeOfName(name), name).toMatch(/^[A-Z]{2}$/);
  });

  it('holds unique ISO codes, each in one of the regions', () => {
    const codes = COUNTRIES.map((country) => country.code);
    expect(new Set(codes).size).toBe(codes.length);
    const regionIds = new Set(REGIONS.map((region) => region.id));
    for (const country of COUNTRIES) expect(regionIds.has(country.region), country.name).toBe(true);
    expect(countryOfCode('GB')).toEqual({ code: 'GB', name: 'United Kingdom', region: 'europe' });
    expect(countryOfCode('XX')).toBeNull();
  });

  it('lists the countries of regions', () => {
    expect(countryCodesInRegions(['north-america'])).toEqual(expect.arrayContaining(['US', 'CA']));
    expect(countryCodesInRegions(['north-america'])).not.toContain('MX');
    expect(countryCodesInRegions(['latin-america'])).toContain('MX');
    expect(countryCodesInRegions([])).toEqual([]);
  });
});

describe('reading a country from words', () => {
  it.each([
    ['UK', 'GB'],
    ['England', 'GB'],
    ['Leeds, England', 'GB'],
    ['Glasgow, Scotland', 'GB'],
    ['USA', 'US'],
    ['Austin, USA', 'US'],
    ['Columbus, Ohio', 'US'],
    ['Boise, Idaho', 'US'],
    ['Halifax, Nova Scotia', 'CA'],
    ['Deutschland', 'DE'],
    ['São Paulo, Brasil', 'BR'],
    ['Somewhere nice', null],
    ['', null],
  ])('%s → %s', (text, code) => {
    expect(countryCodeFromText(text)).toBe(code);
  });
});

describe('a profile’s country from its location', () => {
  it.each([
    ['London', 'GB'],
    ['London, UK', 'GB'],
    ['Berlin', 'DE'],
    ['San Francisco, CA', 'US'],
    ['Cambridge, MA', 'US'],
    ['Cambridge, UK', 'GB'],
    ['Toronto', 'CA'],
    ['Singapore', 'SG'],
    ['Columbus, Ohio', 'US'],
    ['Remote', null],
    ['Nordics', null],
    [null, null],
  ])('%s → %s', (location, code) => {
    expect(countryCodeOfLocation(location)).toBe(code);
  });
});
