// The portfolio screen's pure logic: reading what people type as a dollar amount or a date, the
// filters, and the stat-card figures. Kept free of React so it is unit-tested on its own
// (tests/unit/portfolio-values.test.ts).
import type { PortfolioCompany } from '@shared/contracts/portfolio';
import { INDUSTRIES, PERFORMANCE_LEVELS, type Performance } from '@shared/enums';
import { parseCalendarDate } from '@/lib/calendar-date';

/** The portfolio's quick filters show the first 6 industries. */
export const QUICK_FILTER_INDUSTRIES = INDUSTRIES.slice(0, 6);

export const PERFORMANCE_LABELS: Record<Performance, string> = { growing: 'Growing', stable: 'Stable', declining: 'Declining' };

export const performanceLabel = (value: string) => PERFORMANCE_LABELS[value as Performance] ?? value;

const MULTIPLIERS: Record<string, number> = { '': 1, k: 1e3, m: 1e6, b: 1e9 };

/**
 * What someone types as an amount, in whole dollars: "2500000", "2,500,000", "$2.5M" and "750k"
 * all work. Empty gives undefined (the form then says the amount is required); anything
 * unreadable gives NaN (the form says to enter a number). A plain amount keeps its cents, so the
 * form can ask for whole dollars instead of rounding silently.
 */
export function parseDollarAmount(input: unknown): number | undefined {
  if (typeof input === 'number') return input;
  if (typeof input !== 'string') return undefined;
  const text = input.trim().replace(/^\$/, '').replace(/[,\s]/g, '').toLowerCase();
  if (text === '') return undefined;
  const match = /^(\d+(?:\.\d+)?|\.\d+)([kmb]?)$/.exec(text);
  if (!match) return Number.NaN;
  const value = Number(match[1]) * MULTIPLIERS[match[2] ?? '']!;
  return match[2] ? Math.round(value) : value;
}

/**
 * A typed date as the stored YYYY-MM-DD, or null if it is not a real day. Accepts the spec's
 * MM/dd/yyyy, without leading zeros too ("6/3/2025"), and YYYY-MM-DD. The year must have
 * four digits, so "6/30/25" is not read as the year 25.
 */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  const iso = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? trimmed : null;
  return iso && parseCalendarDate(iso) ? iso : null;
}

export interface PortfolioFilters {
  search: string;
  industry: string;
  stage: string;
  performance: string;
}

export const NO_FILTERS: PortfolioFilters = { search: '', industry: '', stage: '', performance: '' };

export const hasActiveFilters = (filters: PortfolioFilters) => Object.values(filters).some((value) => value.trim() !== '');

/** An empty filter means all; search is a case-insensitive substring of name, industry or stage. */
export function filterCompanies(companies: readonly PortfolioCompany[], filters: PortfolioFilters): PortfolioCompany[] {
  const needle = filters.search.trim().toLowerCase();
  return companies.filter(
    (company) =>
      (!needle || [company.companyName, company.industry, company.stage].some((field) => field.toLowerCase().includes(needle))) &&
      (!filters.industry || company.industry === filters.industry) &&
      (!filters.stage || company.stage === filters.stage) &&
      (!filters.performance || company.performance === filters.performance),
  );
}

export interface PortfolioSummary {
  companies: number;
  totalInvested: number;
  industries: number;
  /** The industry with the most companies (ties: the most invested), if any. */
  topIndustry: string | null;
  performance: Record<Performance, number>;
}

export function summarizePortfolio(companies: readonly PortfolioCompany[]): PortfolioSummary {
  const byIndustry = new Map<string, { count: number; amount: number }>();
  const performance = Object.fromEntries(PERFORMANCE_LEVELS.map((level) => [level, 0])) as Record<Performance, number>;
  let totalInvested = 0;
  for (const company of companies) {
    totalInvested += company.investmentAmount;
    const entry = byIndustry.get(company.industry) ?? { count: 0, amount: 0 };
    byIndustry.set(company.industry, { count: entry.count + 1, amount: entry.amount + company.investmentAmount });
    performance[company.performance] += 1;
  }
  const top = [...byIndustry].sort(([, a], [, b]) => b.count - a.count || b.amount - a.amount)[0];
  return { companies: companies.length, totalInvested, industries: byIndustry.size, topIndustry: top?.[0] ?? null, performance };
}
