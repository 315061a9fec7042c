// Profiles (issue #3; docs/profiles.md): the forms' rules with the spec's messages, the server's
// strict bodies, and the public cards other users see.
import { z } from 'zod';
import { FUNDING_BUCKETS, FUNDING_GOAL_OPTIONS, INDUSTRIES, STAGES, TEAM_SIZE_OPTIONS } from '../enums';
import { boundedInt, idParam } from './common';
import { defineEndpoint } from './endpoint';

const MAX_SHORT_TEXT = 100;
const MAX_LONG_TEXT = 5000;

/** An http(s) URL or empty. A plain z.url() would accept `javascript:`. */
export const optionalWebsite = z
  .string()
  .trim()
  .max(2048, 'Please enter a valid URL')
  .refine((value) => value === '' || z.url({ protocol: /^https?$/ }).safeParse(value).success, 'Please enter a valid URL');

const location = z.string().trim().min(2, 'Location must be at least 2 characters').max(MAX_SHORT_TEXT, 'Location must be at most 100 characters');
const description = z.string().trim().min(10, 'Description must be at least 10 characters').max(MAX_LONG_TEXT, 'Description must be at most 5,000 characters');
// Optional; when given, a calendar date (what <input type="date"> produces).
const foundingDate = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))), 'Please enter a valid date');

// The bounds restate the options' range, so a huge number stops at a plain range check.
const oneOfValues = (options: ReadonlyArray<{ value: number }>, message: string) => {
  const values = options.map((option) => option.value);
  return boundedInt(Math.min(...values), Math.max(...values), message).refine((value) => values.includes(value), message);
};

const uniqueList = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z
    .array(z.enum(values, { error: message }), { error: message })
    .max(values.length)
    .refine((list) => new Set(list).size === list.length, 'Each choice may appear only once');

export const TeamMember = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(MAX_SHORT_TEXT, 'Name must be at most 100 characters'),
  role: z.string().trim().min(1, 'Role is required').max(MAX_SHORT_TEXT, 'Role must be at most 100 characters'),
  link: optionalWebsite.optional().default(''),
});
export type TeamMember = z.infer<typeof TeamMember>;

// Traction (issue #19, "Public profiles that help decide"): the figures investors screen on first.
// Stored in startup_profiles.financials (the spec's json field) under these keys, next to whatever
// else an older row holds there; the matching engine reads `arr` as a revenue signal.
const ARR_MESSAGE = 'ARR must be a whole number of dollars, 0 or more';
const GROWTH_MESSAGE = 'Monthly growth must be a percentage from -100 to 1000';
const CUSTOMERS_MESSAGE = 'Customers must be a whole number, 0 or more';
// Ceilings far above any real startup, so a typo of extra zeros is caught and every value stays an
// exact JSON number (below 2^53).
const MAX_ARR = 1_000_000_000_000;
const MAX_CUSTOMERS = 10_000_000_000;

/** Each figure is optional: null (or left out) means "not shared". */
export const Traction = z.strictObject({
  arr: z.number({ error: ARR_MESSAGE }).int(ARR_MESSAGE).min(0, ARR_MESSAGE).max(MAX_ARR, 'ARR must be at most $1,000,000,000,000').nullable().optional(),
  monthlyGrowthPercent: z.number({ error: GROWTH_MESSAGE }).min(-100, GROWTH_MESSAGE).max(1000, GROWTH_MESSAGE).nullable().optional(),
  customers: z
    .number({ error: CUSTOMERS_MESSAGE })
    .int(CUSTOMERS_MESSAGE)
    .min(0, CUSTOMERS_MESSAGE)
    .max(MAX_CUSTOMERS, 'Customers must be at most 10,000,000,000')
    .nullable()
    .optional(),
});
export type Traction = z.input<typeof Traction>;

/** Traction as the API answers it: every figure present, null when not shared. */
export const TractionFigures = z.object({
  arr: z.number().nullable(),
  monthlyGrowthPercent: z.number().nullable(),
  customers: z.number().nullable(),
});
export type TractionFigures = z.infer<typeof TractionFigures>;

const TeamMemberView = z.object({ name: z.string(), role: z.string(), link: z.string() });

/** What a startup seeks in an investor; matching reads it as the startup side's preferences. */
export const InvestorPreferences = z.strictObject({
  stages: uniqueList(STAGES, 'Please choose stages from the list'),
  checkSizes: uniqueList(FUNDING_BUCKETS, 'Please choose check sizes from the list'),
  industries: uniqueList(INDUSTRIES, 'Please choose industries from the list'),
  location: z.string().trim().max(MAX_SHORT_TEXT, 'Location must be at most 100 characters'),
});
export type InvestorPreferences = z.infer<typeof InvestorPreferences>;

export const UpdateStartupProfileBody = z.strictObject({
  companyName: z.string().trim().min(2, 'Company name must be at least 2 characters').max(MAX_SHORT_TEXT, 'Company name must be at most 100 characters'),
  website: optionalWebsite,
  location,
  foundingDate: foundingDate.optional().default(''),
  stage: z.enum(STAGES, { error: 'Please select a stage' }),
  industry: z.enum(INDUSTRIES, { error: 'Please select an industry' }),
  description,
  teamSize: oneOfValues(TEAM_SIZE_OPTIONS, 'Please select team size'),
  fundingGoal: oneOfValues(FUNDING_GOAL_OPTIONS, 'Please select funding goal'),
  // The Team Members and Investor Preferences tabs; omitted means "leave as they are".
  team: z.array(TeamMember).max(50, 'A team may list at most 50 members').optional(),
  investorPreferences: InvestorPreferences.optional(),
  // Traction and "raising now" (issue #19); omitted means "leave as they are", like the tabs above.
  // Settings › Deal flow sets raisingNow too (PUT /api/intake-settings): both write one column.
  traction: Traction.optional(),
  raisingNow: z.boolean({ error: 'Raising now must be true or false' }).optional(),
});
export type UpdateStartupProfileBody = z.input<typeof UpdateStartupProfileBody>;

export const UpdateInvestorProfileBody = z.strictObject({
  firmName: z.string().trim().min(2, 'Firm name must be at least 2 characters').max(MAX_SHORT_TEXT, 'Firm name must be at most 100 characters'),
  website: optionalWebsite,
  location,
  foundingDate: foundingDate.optional().default(''),
  description,
  investmentThesis: z
    .string()
    .trim()
    .min(10, 'Investment thesis must be at least 10 characters')
    .max(MAX_LONG_TEXT, 'Investment thesis must be at most 5,000 characters'),
  portfolioSize: z
    .number({ error: 'Portfolio size must be a whole number' })
    .int('Portfolio size must be a whole number')
    .min(0, 'Portfolio size cannot be negative')
    .max(100_000, 'Portfolio size is too large')
    .nullable()
    .optional(),
  industryFocus: uniqueList(INDUSTRIES, 'Please choose industries from the list'),
  stagePreference: uniqueList(STAGES, 'Please choose stages from the list'),
  investmentRange: uniqueList(FUNDING_BUCKETS, 'Please choose check sizes from the list'),
});
export type UpdateInvestorProfileBody = z.input<typeof UpdateInvestorProfileBody>;

export const StartupProfile = z.object({
  kind: z.literal('startup'),
  id: z.number(),
  userId: z.number(),
  companyName: z.string(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  location: z.string().nullable(),
  foundingDate: z.string().nullable(),
  stage: z.string().nullable(),
  industry: z.string().nullable(),
  description: z.string().nullable(),
  teamSize: z.number().nullable(),
  fundingGoal: z.number().nullable(),
  team: z.array(TeamMemberView),
  investorPreferences: z.object({ stages: z.array(z.string()), checkSizes: z.array(z.string()), industries: z.array(z.string()), location: z.string() }),
  traction: TractionFigures,
  raisingNow: z.boolean(),
  profileCompleteness: z.number(),
  updatedAt: z.string(),
});
export type StartupProfile = z.infer<typeof StartupProfile>;

export const InvestorProfile = z.object({
  kind: z.literal('investor'),
  id: z.number(),
  userId: z.number(),
  firmName: z.string(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  location: z.string().nullable(),
  foundingDate: z.string().nullable(),
  description: z.string().nullable(),
  investmentThesis: z.string().nullable(),
  stagePreference: z.array(z.string()),
  industryFocus: z.array(z.string()),
  investmentRange: z.array(z.string()),
  portfolioSize: z.number().nullable(),
  profileCompleteness: z.number(),
  updatedAt: z.string(),
});
export type InvestorProfile = z.infer<typeof InvestorProfile>;

export const OwnProfile = z.discriminatedUnion('kind', [StartupProfile, InvestorProfile]);
export type OwnProfile = z.infer<typeof OwnProfile>;

/** The startup card other users see (the match-card fields, then team, traction and the round). `id` is the account id. */
export const StartupCard = z.object({
  id: z.number(),
  companyName: z.string(),
  logo: z.string().nullable(),
  location: z.string().nullable(),
  industry: z.string().nullable(),
  stage: z.string().nullable(),
  fundingGoal: z.number().nullable(),
  teamSize: z.number().nullable(),
  website: z.string().nullable(),
  foundingDate: z.string().nullable(),
  description: z.string().nullable(),
  /** The account's email address is verified (issue #17): a "Verified" badge on cards and profiles. */
  emailVerified: z.boolean(),
  // What an investor decides on (issue #19, "Public profiles that help decide"): who builds it,
  // how it is doing, and whether the round is open now.
  team: z.array(TeamMemberView),
  traction: TractionFigures,
  raisingNow: z.boolean(),
});
export type StartupCard = z.infer<typeof StartupCard>;

/** The investor card other users see (the match-card fields). `id` is the account id. */
export const InvestorCard = z.object({
  id: z.number(),
  firmName: z.string(),
  logo: z.string().nullable(),
  location: z.string().nullable(),
  portfolioSize: z.number().nullable(),
  stagePreference: z.array(z.string()),
  investmentRange: z.array(z.string()),
  industryFocus: z.array(z.string()),
  website: z.string().nullable(),
  foundingDate: z.string().nullable(),
  description: z.string().nullable(),
  investmentThesis: z.string().nullable(),
  /** The account's email address is verified (issue #17): a "Verified" badge on cards and profiles. */
  emailVerified: z.boolean(),
});
export type InvestorCard = z.infer<typeof InvestorCard>;

const IdParams = z.strictObject({ id: idParam() });

export const getOwnProfile = defineEndpoint({ method: 'GET', path: '/api/profile', response: OwnProfile });
export const updateStartupProfile = defineEndpoint({ method: 'PUT', path: '/api/startup/profile', body: UpdateStartupProfileBody, response: StartupProfile });
export const updateInvestorProfile = defineEndpoint({
  method: 'PUT',
  path: '/api/investor/profile',
  body: UpdateInvestorProfileBody,
  response: InvestorProfile,
});
export const getStartupCard = defineEndpoint({ method: 'GET', path: '/api/startups/:id', params: IdParams, response: StartupCard });
export const getInvestorCard = defineEndpoint({ method: 'GET', path: '/api/investors/:id', params: IdParams, response: InvestorCard });
