// The investor portfolio (spec §3 portfolio company, §5 portfolio company form; issue #8), made
// persistent, and the investor analytics screen's single aggregate endpoint.
import { z } from 'zod';
import { INDUSTRIES, PERFORMANCE_LEVELS, STAGES } from '../enums';
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

const companyFields = {
  companyName: z.string({ error: 'Company name must be at least 2 characters' }).trim().min(2, 'Company name must be at least 2 characters').max(100, 'Company name must be at most 100 characters'),
  website: optionalWebsite.optional().default(''),
  industry: z.enum(INDUSTRIES, { error: 'Please select an industry' }),
  stage: z.enum(STAGES, { error: 'Please select a stage' }),
  investmentDate: z
    .string({ error: 'Investment date is required' })
    .trim()
    .min(1, 'Investment date is required')
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)), 'Please enter a valid date'),
  investmentAmount: z
    .number({ error: 'Investment amount is required' })
    .int('Enter the amount in whole dollars')
    .positive('Investment amount is required')
    .max(100_000_000_000, 'Investment amount is too large'),
  description: z.string({ error: 'Description must be at least 10 characters' }).trim().min(10, 'Description must be at least 10 characters').max(2000, 'Description must be at most 2,000 characters'),
  performance: z.enum(PERFORMANCE_LEVELS, { error: 'Performance must be growing, stable or declining' }).optional().default('stable'),
};

export const CreatePortfolioCompanyBody = z.strictObject({
  ...companyFields,
  /** Add a connected startup in one step: its profile fills what the body leaves out. */
  startupId: z.number().int().positive().optional(),
});
export type CreatePortfolioCompanyBody = z.input<typeof CreatePortfolioCompanyBody>;

export const UpdatePortfolioCompanyBody = z
  .strictObject({
    companyName: companyFields.companyName.optional(),
    website: optionalWebsite.optional(),
    industry: companyFields.industry.optional(),
    stage: companyFields.stage.optional(),
    investmentDate: companyFields.investmentDate.optional(),
    investmentAmount: companyFields.investmentAmount.optional(),
    description: companyFields.description.optional(),
    performance: z.enum(PERFORMANCE_LEVELS, { error: 'Performance must be growing, stable or declining' }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field');

/** A connected startup not yet in the portfolio, with what prefills the Add Company form. */
export const PortfolioCandidate = z.object({
  startupId: z.number(),
  companyName: z.string(),
  industry: z.string().nullable(),
  stage: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
});

const IdParams = z.strictObject({ id: z.coerce.number().int().positive() });

export const listPortfolio = defineEndpoint({ method: 'GET', path: '/api/portfolio', response: z.array(PortfolioCompany) });
export const createPortfolioCompany = defineEndpoint({ method: 'POST', path: '/api/portfolio', body: CreatePortfolioCompanyBody, response: PortfolioCompany, successStatus: 201 });
export const updatePortfolioCompany = defineEndpoint({ method: 'PATCH', path: '/api/portfolio/:id', params: IdParams, body: UpdatePortfolioCompanyBody, response: PortfolioCompany });
export const deletePortfolioCompany = defineEndpoint({ method: 'DELETE', path: '/api/portfolio/:id', params: IdParams, response: z.object({ ok: z.literal(true) }) });
export const listPortfolioCandidates = defineEndpoint({ method: 'GET', path: '/api/portfolio/candidates', response: z.array(PortfolioCandidate) });
export const exportPortfolioCsv = defineEndpoint({ method: 'GET', path: '/api/portfolio/export.csv', raw: 'response', response: z.unknown() });

const CountBy = z.array(z.object({ label: z.string(), count: z.number().int() }));

export const InvestorAnalytics = z.object({
  funnel: z.object({ suggested: z.number().int(), pending: z.number().int(), accepted: z.number().int(), declined: z.number().int(), declineReasons: CountBy }),
  /** Ten buckets: 0–9, 10–19, … 90–100. */
  scoreDistribution: CountBy,
  acceptedByIndustry: CountBy,
  acceptedByStage: CountBy,
  /** The last 12 weeks, oldest first; `week` is the Monday (YYYY-MM-DD). */
  weeklyActivity: z.array(z.object({ week: z.string(), messagesSent: z.number().int(), documentsViewed: z.number().int() })),
  portfolioByIndustry: CountBy,
  portfolioByPerformance: CountBy,
});
export type InvestorAnalytics = z.infer<typeof InvestorAnalytics>;

export const getInvestorAnalytics = defineEndpoint({ method: 'GET', path: '/api/analytics/investor', response: InvestorAnalytics });
