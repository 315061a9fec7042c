// The track-record CSV reader (issue #19): which column it suggests for each field, and how it
// reads other tools' values (round types, category lists, dates, amounts, links) as the spec's.
import { describe, expect, it } from 'vitest';
import {
  mappingProblem,
  parseAmount,
  parseImportDate,
  parseIndustry,
  parseLink,
  parseRow,
  parseStage,
  readCsv,
  suggestMapping,
} from '../../src/server/features/track-record/track-record-csv';

const TODAY = new Date('2026-11-01T12:00:00Z');

describe('suggestMapping', () => {
  it('maps Crunchbase’s funding-round headers', () => {
    expect(
      suggestMapping([
        'company_permalink',
        'company_name',
        'company_category_list',
        'company_country_code',
        'funding_round_type',
        'funded_at',
        'raised_amount_usd',
      ]),
    ).toEqual({
      companyName: 'company_name',
      investedOn: 'funded_at',
      stage: 'funding_round_type',
      industry: 'company_category_list',
      location: 'company_country_code',
      amountUsd: 'raised_amount_usd',
      link: null,
    });
  });

  it('maps plain spreadsheet headers whatever their case, spacing and units', () => {
    expect(suggestMapping(['COMPANY', 'Investment Date', 'Round', 'Sector', 'City', 'Amount ($)', 'URL'])).toEqual({
      companyName: 'COMPANY',
      investedOn: 'Investment Date',
      stage: 'Round',
      industry: 'Sector',
      location: 'City',
      amountUsd: 'Amount ($)',
      link: 'URL',
    });
  });

  it('prefers the better-ranked synonym and uses each column once', () => {
    // "Location" beats "Country"; "Company Name" beats "Name".
    expect(suggestMapping(['Name', 'Company Name', 'Country', 'Location'])).toMatchObject({ companyName: 'Company Name', location: 'Location' });
  });

  it('leaves a field unmapped when no header fits', () => {
    expect(suggestMapping(['foo', 'bar'])).toEqual({
      companyName: null,
      investedOn: null,
      stage: null,
      industry: null,
      location: null,
      amountUsd: null,
      link: null,
    });
  });
});

describe('mappingProblem', () => {
  const columns = ['Company', 'Date', 'Stage', 'Industry'];
  const complete = { companyName: 'Company', investedOn: 'Date', stage: 'Stage', industry: 'Industry', location: null, amountUsd: null, link: null };
  it('accepts a mapping with a column for every required field', () => expect(mappingProblem(complete, columns)).toBeNull());
  it('names the missing required fields', () =>
    expect(mappingProblem({ ...complete, investedOn: null, industry: null }, columns)).toBe(
      'Choose the column that holds the date, the industry: every investment needs a company, a date, a stage and an industry.',
    ));
  it('refuses a column the file does not have', () => expect(mappingProblem({ ...complete, link: 'Web' }, columns)).toMatch(/no column named “Web”/));
  it('refuses one column for two fields', () => expect(mappingProblem({ ...complete, location: 'Company' }, columns)).toMatch(/chosen for two fields/));
});

describe('value parsing', () => {
  it.each([
    ['seed', 'Seed'],
    ['Seed', 'Seed'],
    ['pre-seed', 'Pre-seed'],
    ['pre_seed', 'Pre-seed'],
    ['angel', 'Pre-seed'],
    ['series-a', 'Series A'],
    ['Series A', 'Series A'],
    ['venture', 'Series A'],
    ['series_b', 'Series B'],
    ['series-c', 'Series C+'],
    ['Series F', 'Series C+'],
    ['private_equity', 'Growth'],
    ['post_ipo_equity', 'Growth'],
    ['Acquisition', 'Acquisition'],
    ['undisclosed', null],
    ['', null],
  ])('stage %j → %j', (text, stage) => expect(parseStage(text)).toBe(stage));

  it.each([
    ['Fintech|Payments', 'FinTech'],
    ['Payments|Fintech', 'FinTech'],
    ['Developer APIs|Cyber Security', 'Security'],
    ['Health Care, Medical', 'HealthTech'],
    ['AI/ML', 'AI/ML'],
    ['Artificial Intelligence;SaaS', 'AI/ML'],
    ['E-Commerce', 'E-commerce'],
    ['ecommerce', 'E-commerce'],
    ['Clean Energy', 'CleanTech'],
    ['Pets|Dogs', null],
  ])('industry %j → %j', (text, industry) => expect(parseIndustry(text)).toBe(industry));

  it.each([
    ['2021-07-01', '2021-07-01'],
    ['2021-7-1', '2021-07-01'],
    ['2021-07-01T10:00:00Z', '2021-07-01'],
    ['07/01/2021', '2021-07-01'],
    ['7/1/2021', '2021-07-01'],
    ['2021-07', '2021-07-01'],
    ['2021/07', '2021-07-01'],
    ['2021-02-30', null],
    ['13/01/2021', null],
    ['01.07.2021', null],
    ['July 2021', null],
  ])('date %j → %j', (text, date) => expect(parseImportDate(text)).toBe(date));

  it.each([
    ['1500000', 1_500_000],
    ['$1,500,000', 1_500_000],
    ['1.5M', 1_500_000],
    ['1.5 mm', 1_500_000],
    ['500k', 500_000],
    ['2 million', 2_000_000],
    ['USD 750000', 750_000],
    ['$.5B', 500_000_000],
    ['0', 0],
    ['-5', -5],
    ['€500', undefined],
    ['lots', undefined],
    ['1.5X', undefined],
  ])('amount %j → %j', (text, amount) => expect(parseAmount(text)).toBe(amount));

  it.each([
    ['https://acme.example/about', 'https://acme.example/about'],
    ['http://acme.example', 'http://acme.example'],
    ['acme.example', 'https://acme.example'],
    ['www.acme.example/team', 'https://www.acme.example/team'],
    ['javascript:alert(1)', null],
    ['ftp://acme.example', null],
    ['not a link', null],
  ])('link %j → %j', (text, link) => expect(parseLink(text)).toBe(link));
});

describe('readCsv and parseRow', () => {
  it('numbers rows as a spreadsheet does, skips blank lines, keeps quoted commas and names duplicate headers apart', () => {
    const table = readCsv('\uFEFFCompany,Date,Stage,Industry,Company\n\n"Acme, Inc.",2020-01-01,Seed,SaaS,x\n\n');
    expect(table.columns).toEqual(['Company', 'Date', 'Stage', 'Industry', 'Company (2)']);
    expect(table.rows).toEqual([{ rowNumber: 3, values: ['Acme, Inc.', '2020-01-01', 'Seed', 'SaaS', 'x'], shapeError: null }]);
  });

  it('reads semicolon-separated files and never splits on the pipes of a category list', () => {
    expect(readCsv('Company;Industry\nA;Fintech|Payments').rows[0]!.values).toEqual(['A', 'Fintech|Payments']);
    expect(readCsv('Company,Industry\nA,Fintech|Payments').rows[0]!.values).toEqual(['A', 'Fintech|Payments']);
  });

  it('reports a row with more cells than the header', () => {
    expect(readCsv('Company,Date\nA,2020-01-01,extra').rows[0]!.shapeError).toBe('This row has more cells than the header has columns (2)');
  });

  it('turns a row into an investment, or into every reason it cannot be one', () => {
    const columns = ['Company', 'Date', 'Stage', 'Industry', 'Amount'];
    const mapping = { companyName: 'Company', investedOn: 'Date', stage: 'Stage', industry: 'Industry', location: null, amountUsd: 'Amount', link: null };
    const row = (values: string[]) => ({ rowNumber: 2, values, shapeError: null });
    expect(parseRow(row(['Acme', '2020-01-01', 'seed', 'fintech', '2M']), columns, mapping, TODAY)).toEqual({
      investment: { companyName: 'Acme', investedOn: '2020-01-01', stage: 'Seed', industry: 'FinTech', location: null, amountUsd: 2_000_000, link: null },
      errors: [],
    });
    expect(parseRow(row(['', '', '', '', '']), columns, mapping, TODAY).errors).toEqual([
      'Please enter the company name',
      'Please enter the date of the investment',
      'Please choose a stage',
      'Please choose an industry',
    ]);
    // One day of slack for time zones: tomorrow by the server's clock passes, the day after does not.
    expect(parseRow(row(['Acme', '2026-11-02', 'Seed', 'SaaS', '']), columns, mapping, TODAY).errors).toEqual([]);
    expect(parseRow(row(['Acme', '2026-11-03', 'Seed', 'SaaS', '']), columns, mapping, TODAY).errors).toEqual([
      'The date of an investment cannot be in the future',
    ]);
  });
});
