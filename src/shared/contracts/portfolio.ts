// The investor portfolio (issue #8; docs/portfolio-and-analytics.md): portfolio companies made
// persistent, and the investor analytics screen's single aggregate endpoint.
import { z } from 'zod';
import { INDUSTRIES, PERFORMANCE_LEVELS, STAGES } from '../enums';
import { idField, idParam } from './common';
import { defineEndpoint } from './endpoint';
import { optionalWebsite } from './profiles';

export const PortfolioCompany = z.object({
  id: z.number(),
  companyName: z.string(),
  industry: z.string(),
  stage: z.string(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  investmentDate: z.string(),
  /** Whole US dollars; shown with formatDollars() as '$2.5M'. */
  investmentAmount: z.number().int(),
  description: z.string(),
  performance: z.enum(PERFORMANCE_LEVELS),
  /** The connected startup it was added from, if any. */
  startupId: z.number().nullable(),
  createdAt: z.string(),
});
export type PortfolioCompany = z.infer<typeof PortfolioCompany>;

/** A real calendar day written YYYY-MM-DD (Date.parse would roll 2025-02-31 over into March). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Not after today. "Today" is the UTC date plus one day of slack: the browser and the server may
 * sit in different time zones, and the furthest-ahead zone is 14 hours ahead of UTC.
 */
function isNotInTheFuture(value: string): boolean {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return value <= tomorrow;
}

export const MIN_INVESTMENT_DATE = '1900-01-01';
export const MAX_INVESTMENT_AMOUNT = 100_000_000_000;

const performance = z.enum(PERFORMANCE_LEVELS, { error: 'Performance must be growing, stable or declining' });

const companyFields = {
  companyName: z
    .string({ error: 'Company name must be at least 2 characters' })
    .trim()
    .min(2, 'Company name must be at least 2 characters')
    .max(100, 'Company name must be at most 100 characters'),
  website: optionalWebsite.optional().default(''),
  industry: z.enum(INDUSTRIES, { error: 'Please select an industry' }),
  stage: z.enum(STAGES, { error: 'Please select a stage' }),
  investmentDate: z
    .string({ error: 'Investment date is required' })
    .trim()
    .min(1, { message: 'Investment date is required', abort: true })
    .refine((value) => isCalendarDate(value) && value >= MIN_INVESTMENT_DATE, { message: 'Please enter a valid date', abort: true })
    .refine(isNotInTheFuture, 'Investment date cannot be in the future'),
  investmentAmount: z
    .number({
      // Missing is the spec's "required"; anything else (a string, NaN from an unreadable entry) is a format problem.
      error: (issue) =>
        issue.input === undefined || issue.input === null ? 'Investment amount is required' : 'Enter the investment amount as a number of US dollars',
    })
    .int('Enter the investment amount in whole dollars')
    .positive('Investment amount must be more than $0')
    .max(MAX_INVESTMENT_AMOUNT, 'Investment amount must be at most $100B'),
  description: z
    .string({ error: 'Description must be at least 10 characters' })
    .trim()
    .min(10, 'Description must be at least 10 characters')
    .max(2000, 'Description must be at most 2,000 characters'),
  performance: performance.optional().default('stable'),
};

export const CreatePortfolioCompanyBody = z.strictObject({
  ...companyFields,
  /**
   * The connected startup (accepted match) this company is, when added from the investor's
   * connections: the form is prefilled from its profile, and the card links back to it.
   */
  startupId: idField('Choose a connected startup').optional(),
});
export type CreatePortfolioCompanyBody = z.input<typeof CreatePortfolioCompanyBody>;
/** The body after parsing: website and performance defaulted. */
export type NewPortfolioCompany = z.output<typeof CreatePortfolioCompanyBody>;

export const UpdatePortfolioCompanyBody = z
  .strictObject({
    companyName: companyFields.companyName.optional(),
    website: optionalWebsite.optional(),
    industry: companyFields.industry.optional(),
    stage: companyFields.stage.optional(),
    investmentDate: companyFields.investmentDate.optional(),
    investmentAmount: companyFields.investmentAmount.optional(),
    description: companyFields.description.optional(),
    performance: performance.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field');
export type UpdatePortfolioCompanyBody = z.infer<typeof UpdatePortfolioCompanyBody>;

/** A connected startup not yet in the portfolio, with what prefills the Add Company form. */
export const PortfolioCandidate = z.object({
  startupId: z.number(),
  companyName: z.string(),
  industry: z.string().nullable(),
  stage: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
});
export type PortfolioCandidate = z.infer<typeof PortfolioCandidate>;

const IdParams = z.strictObject({ id: idParam() });

export const listPortfolio = defineEndpoint({ method: 'GET', path: '/api/portfolio', response: z.array(PortfolioCompany) });
export const createPortfolioCompany = defineEndpoint({
  method: 'POST',
  path: '/api/portfolio',
  body: CreatePortfolioCompanyBody,
  response: PortfolioCompany,
  successStatus: 201,
});
export const updatePortfolioCompany = defineEndpoint({
  method: 'PATCH',
  path: '/api/portfolio/:id',
  params: IdParams,
  body: UpdatePortfolioCompanyBody,
  response: PortfolioCompany,
});
export const deletePortfolioCompany = defineEndpoint({
  method: 'DELETE',
  path: '/api/portfolio/:id',
  params: IdParams,
  response: z.object({ ok: z.literal(true) }),
});
export const listPortfolioCandidates = defineEndpoint({ method: 'GET', path: '/api/portfolio/candidates', response: z.array(PortfolioCandidate) });
export const exportPortfolioCsv = defineEndpoint({ method: 'GET', path: '/api/portfolio/export.csv', raw: 'response', response: z.unknown() });

const CountBy = z.array(z.object({ label: z.string(), count: z.number().int() }));

export const InvestorAnalytics = z.object({
  /**
   * Every match suggested to the investor, by current status. `declineReasons` splits `declined`
   * by the reason of the decision that declined each match, so its counts add up to `declined`.
   */
  funnel: z.object({ suggested: z.number().int(), pending: z.number().int(), accepted: z.number().int(), declined: z.number().int(), declineReasons: CountBy }),
  /** Ten buckets: 0–9, 10–19, … 90–100. */
  scoreDistribution: CountBy,
  acceptedByIndustry: CountBy,
  acceptedByStage: CountBy,
  /** The last 12 weeks (UTC, ISO weeks), oldest first; `week` is the Monday (YYYY-MM-DD). */
  weeklyActivity: z.array(z.object({ week: z.string(), messagesSent: z.number().int(), documentsViewed: z.number().int() })),
  /** Companies and whole dollars invested per industry, most companies first. */
  portfolioByIndustry: z.array(z.object({ label: z.string(), count: z.number().int(), amount: z.number().int() })),
  /** Companies per performance level, in the order growing, stable, declining (levels with none are left out). */
  portfolioByPerformance: CountBy,
});
export type InvestorAnalytics = z.infer<typeof InvestorAnalytics>;

export const getInvestorAnalytics = defineEndpoint({ method: 'GET', path: '/api/analytics/investor', response: InvestorAnalytics });
