// The portfolio screen's pure helpers: amounts and dates as people type them, the filters, and
// the stat-card figures.
import { describe, expect, it } from 'vitest';
import type { PortfolioCompany } from '../../src/shared/contracts/portfolio';
import {
  NO_FILTERS,
  QUICK_FILTER_INDUSTRIES,
  filterCompanies,
  hasActiveFilters,
  parseDollarAmount,
  parseTypedDate,
  summarizePortfolio,
} from '../../src/client/features/portfolio/portfolio-values';

const company = (overrides: Partial<PortfolioCompany>): PortfolioCompany => ({
  id: 1,
  companyName: 'Nimbus Health',
  industry: 'HealthTech',
  stage: 'Seed',
  logo: null,
  website: null,
  investmentDate: '2025-06-30',
  investmentAmount: 1_000_000,
  description: 'Remote monitoring for cardiac patients.',
  performance: 'stable',
  startupId: null,
  createdAt: '2025-07-01T00:00:00.000Z',
  ...overrides,
});

describe('parseDollarAmount', () => {
  it.each([
    ['2500000', 2_500_000],
    ['2,500,000', 2_500_000],
    ['$2.5M', 2_500_000],
    ['  750k ', 750_000],
    ['1.2b', 1_200_000_000],
    ['$ 900', 900],
    ['.5M', 500_000],
    ['1.2345678M', 1_234_568],
  ])('reads %j as %d dollars', (input, expected) => {
    expect(parseDollarAmount(input)).toBe(expected);
  });

  it('keeps cents on a plain amount, so the form can ask for whole dollars', () => {
    expect(parseDollarAmount('2500.50')).toBe(2500.5);
  });

  it('gives undefined for nothing and NaN for anything unreadable', () => {
    expect(parseDollarAmount('')).toBeUndefined();
    expect(parseDollarAmount('   ')).toBeUndefined();
    expect(parseDollarAmount(undefined)).toBeUndefined();
    expect(parseDollarAmount('$')).toBeUndefined();
    for (const input of ['two million', '2.5MM', '-5', '1e6', '2.5.1']) expect(parseDollarAmount(input)).toBeNaN();
    expect(parseDollarAmount(42)).toBe(42);
  });
});

describe('typed dates', () => {
  it.each([
    ['06/30/2025', '2025-06-30'],
    ['6/3/2025', '2025-06-03'],
    [' 2025-06-30 ', '2025-06-30'],
    ['02/29/2024', '2024-02-29'],
  ])('reads %j as %s', (input, expected) => {
    expect(parseTypedDate(input)).toBe(expected);
  });

  it.each([['02/30/2025'], ['13/01/2025'], ['6/30/25'], ['2025-02-31'], ['06/30/2025 extra'], ['yesterday'], ['']])('rejects %j', (input) => {
    expect(parseTypedDate(input)).toBeNull();
  });
});

describe('filterCompanies', () => {
  const companies = [
    company({ id: 1, companyName: 'Nimbus Health', industry: 'HealthTech', stage: 'Seed', performance: 'growing' }),
    company({ id: 2, companyName: 'Ledgerly', industry: 'FinTech', stage: 'Series A', performance: 'declining' }),
    company({ id: 3, companyName: 'Cloudy', industry: 'SaaS', stage: 'Seed', performance: 'stable' }),
  ];
  const ids = (filters = NO_FILTERS) => filterCompanies(companies, filters).map((entry) => entry.id);

  it('keeps everything with no filters', () => {
    expect(ids()).toEqual([1, 2, 3]);
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
  });

  it('searches name, industry and stage, ignoring case', () => {
    expect(ids({ ...NO_FILTERS, search: 'LEDGER' })).toEqual([2]);
    expect(ids({ ...NO_FILTERS, search: 'saas' })).toEqual([3]);
    expect(ids({ ...NO_FILTERS, search: 'series a' })).toEqual([2]);
  });

  it('combines industry, stage and performance filters', () => {
    expect(ids({ ...NO_FILTERS, stage: 'Seed' })).toEqual([1, 3]);
    expect(ids({ ...NO_FILTERS, stage: 'Seed', performance: 'growing' })).toEqual([1]);
    expect(ids({ ...NO_FILTERS, industry: 'FinTech', stage: 'Seed' })).toEqual([]);
    expect(hasActiveFilters({ ...NO_FILTERS, industry: 'FinTech' })).toBe(true);
  });

  it('offers the first 6 industries as quick filters', () => {
    expect(QUICK_FILTER_INDUSTRIES).toEqual(['SaaS', 'FinTech', 'HealthTech', 'EdTech', 'E-commerce', 'AI/ML']);
  });
});

describe('summarizePortfolio', () => {
  it('counts companies, money, industries and the performance mix', () => {
    const summary = summarizePortfolio([
      company({ industry: 'FinTech', investmentAmount: 1_000_000, performance: 'growing' }),
      company({ industry: 'SaaS', investmentAmount: 4_000_000, performance: 'growing' }),
      company({ industry: 'FinTech', investmentAmount: 500_000, performance: 'declining' }),
    ]);
    expect(summary).toEqual({
      companies: 3,
      totalInvested: 5_500_000,
      industries: 2,
      topIndustry: 'FinTech',
      performance: { growing: 2, stable: 0, declining: 1 },
    });
  });

  it('is all zeros for an empty portfolio', () => {
    expect(summarizePortfolio([])).toEqual({
      companies: 0,
      totalInvested: 0,
      industries: 0,
      topIndustry: null,
      performance: { growing: 0, stable: 0, declining: 0 },
    });
  });
});
