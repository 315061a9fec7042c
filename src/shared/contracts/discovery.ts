// The directory (issue #19, docs/discovery.md): browse the other role's profiles with filters and
// three orders, connect from a card, and keep searches under a name with optional alerts.
//
// The filters have two spellings of one meaning: `DiscoverFilters` is the JSON form (a saved
// search stores it), and `DiscoverQuery` reads the same fields from a query string, where a list
// is comma-separated (`industry=FinTech,SaaS`) or repeated, and a flag is `true` / `false`.
import { z } from 'zod';
import { COUNTRY_CODES, REGION_IDS } from '../countries';
import { type FUNDING_BUCKETS, INDUSTRIES, MATCH_DECISIONS, MATCH_STATUSES, STAGES } from '../enums';
import { boundedInt, boundedIntParam, idParam } from './common';
import { defineEndpoint } from './endpoint';
import { InvestorSideMatch, StartupSideMatch } from './matches';
import { InvestorCard, StartupCard } from './profiles';

export const DISCOVER_SORTS = ['best', 'newest', 'active'] as const;
export type DiscoverSort = (typeof DISCOVER_SORTS)[number];
export const DISCOVER_PAGE_SIZE = 20;
export const DISCOVER_LIMIT_MAX = 50;
export const DISCOVER_TEXT_MAX = 200;
/** The largest amount a filter takes: more than any round or check. */
export const DISCOVER_AMOUNT_MAX = 100_000_000_000;
export const SAVED_SEARCH_NAME_MAX = 60;
export const SAVED_SEARCHES_PER_USER = 20;

// ---------------------------------------------------------------------------------------------
// Check and round sizes as numbers

/**
 * The spec's funding buckets as half-open dollar ranges [min, max): the one place their labels
 * become numbers. An investor's check sizes are a list of these labels; a startup's funding goal is
 * stored as its bucket's lower bound (ADR 0012), so its round is that bucket's range.
 */
export const FUNDING_BUCKET_BOUNDS: ReadonlyArray<{ label: (typeof FUNDING_BUCKETS)[number]; min: number; max: number }> = [
  { label: '< $100K', min: 0, max: 100_000 },
  { label: '$100K - $500K', min: 100_000, max: 500_000 },
  { label: '$500K - $1M', min: 500_000, max: 1_000_000 },
  { label: '$1M - $3M', min: 1_000_000, max: 3_000_000 },
  { label: '$3M - $5M', min: 3_000_000, max: 5_000_000 },
  { label: '$5M - $10M', min: 5_000_000, max: 10_000_000 },
  { label: '$10M+', min: 10_000_000, max: Number.POSITIVE_INFINITY },
];

/** The buckets that overlap the amounts [min, max] (either end open when left out), in order. */
export function bucketsOverlapping(min: number | undefined, max: number | undefined): typeof FUNDING_BUCKET_BOUNDS {
  return FUNDING_BUCKET_BOUNDS.filter((bucket) => bucket.max > (min ?? 0) && bucket.min <= (max ?? Number.POSITIVE_INFINITY));
}

// ---------------------------------------------------------------------------------------------
// Filters

const INDUSTRY_MESSAGE = `Choose industries from the list: ${INDUSTRIES.join(', ')}.`;
const STAGE_MESSAGE = `Choose stages from the list: ${STAGES.join(', ')}.`;
const COUNTRY_MESSAGE = 'Choose countries by their two-letter code from the list (for example GB or US).';
const REGION_MESSAGE = `Choose regions from the list: ${REGION_IDS.join(', ')}.`;
const AMOUNT_MESSAGE = 'Amounts must be whole US dollars from 0 to 100,000,000,000.';
const RANGE_MESSAGE = 'The minimum amount must not be more than the maximum.';
const TEXT_MESSAGE = `Search for at most ${DISCOVER_TEXT_MAX} characters.`;

const uniqueListOf = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z
    .array(z.enum(values, { error: message }), { error: message })
    .max(values.length, message)
    .refine((list) => new Set(list).size === list.length, 'Each choice may appear only once.');

const filterText = z.string({ error: TEXT_MESSAGE }).trim().max(DISCOVER_TEXT_MAX, TEXT_MESSAGE);

/** Both amounts given means min ≤ max. */
const amountsInOrder = (filters: { minAmount?: number; maxAmount?: number }) =>
  filters.minAmount === undefined || filters.maxAmount === undefined || filters.minAmount <= filters.maxAmount;

const filterFields = {
  industry: uniqueListOf(INDUSTRIES, INDUSTRY_MESSAGE).optional(),
  stage: uniqueListOf(STAGES, STAGE_MESSAGE).optional(),
  country: uniqueListOf(COUNTRY_CODES as [string, ...string[]], COUNTRY_MESSAGE).optional(),
  region: uniqueListOf(REGION_IDS, REGION_MESSAGE).optional(),
  minAmount: boundedInt(0, DISCOVER_AMOUNT_MAX, AMOUNT_MESSAGE).optional(),
  maxAmount: boundedInt(0, DISCOVER_AMOUNT_MAX, AMOUNT_MESSAGE).optional(),
  /** Only accounts whose email address is verified (the "verified" mark on the cards). */
  verified: z.boolean({ error: 'verified must be true or false.' }).optional(),
  /** Startups raising now, or investors open to new deals. */
  active: z.boolean({ error: 'active must be true or false.' }).optional(),
  q: filterText.optional(),
};

/** The directory's filters as JSON (a saved search keeps them so). Every field is optional. */
export const DiscoverFilters = z.strictObject(filterFields).refine(amountsInOrder, { message: RANGE_MESSAGE, path: ['minAmount'] });
export type DiscoverFilters = z.infer<typeof DiscoverFilters>;

/** A list in a query string: comma-separated, or the key repeated; empty means none. */
const listParam = <T extends string>(values: readonly [T, ...T[]], message: string, normalise: (value: string) => string = (value) => value) =>
  z
    .union([z.string(), z.array(z.string())], { error: message })
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => normalise(part.trim()))
        .filter(Boolean),
    )
    .pipe(uniqueListOf(values, message))
    .optional();

const flagParam = (message: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: message })
    .transform((value) => value === true || value === 'true')
    .optional();

/**
 * GET /api/discover's query. Lists combine within a filter by "any of", and filters combine by
 * "all of"; countries and regions together read as one location filter (any of those places).
 */
export const DiscoverQuery = z
  .strictObject({
    industry: listParam(INDUSTRIES, INDUSTRY_MESSAGE),
    stage: listParam(STAGES, STAGE_MESSAGE),
    country: listParam(COUNTRY_CODES as [string, ...string[]], COUNTRY_MESSAGE, (value) => value.toUpperCase()),
    region: listParam(REGION_IDS, REGION_MESSAGE, (value) => value.toLowerCase()),
    minAmount: boundedIntParam(0, DISCOVER_AMOUNT_MAX, AMOUNT_MESSAGE).optional(),
    maxAmount: boundedIntParam(0, DISCOVER_AMOUNT_MAX, AMOUNT_MESSAGE).optional(),
    verified: flagParam('verified must be true or false.'),
    active: flagParam('active must be true or false.'),
    q: filterText.optional(),
    sort: z.enum(DISCOVER_SORTS, { error: 'sort must be best, newest or active.' }).optional(),
    // Opaque: the last card's place in the order, as returned in nextCursor.
    cursor: z.string({ error: 'This page link is not valid; start again from the first page.' }).max(200).optional(),
    limit: boundedIntParam(1, DISCOVER_LIMIT_MAX, `limit must be between 1 and ${DISCOVER_LIMIT_MAX}.`).optional(),
  })
  .refine(amountsInOrder, { message: RANGE_MESSAGE, path: ['minAmount'] });
export type DiscoverQuery = z.input<typeof DiscoverQuery>;
export type ParsedDiscoverQuery = z.output<typeof DiscoverQuery>;

// ---------------------------------------------------------------------------------------------
// Cards

/** The viewer's match with this profile, if there is one, in the viewer's voice. */
export const DirectoryMatch = z.object({
  id: z.number(),
  status: z.enum(MATCH_STATUSES),
  myDecision: z.enum(MATCH_DECISIONS),
  theirDecision: z.enum(MATCH_DECISIONS),
  /** The viewer's request waits in the investor's weekly queue (fair intake). */
  requestQueued: z.boolean(),
});
export type DirectoryMatch = z.infer<typeof DirectoryMatch>;

const cardFields = {
  /** The two-sided score for the viewer, 0–100; null when the viewer has no profile to score from yet. */
  score: z.number().int().min(0).max(100).nullable(),
  /** The strongest reason behind the score, in the viewer's voice. */
  topReason: z.string().nullable(),
  /** ISO 3166-1 alpha-2, derived from the location; null when it names no known country. */
  countryCode: z.string().nullable(),
  match: DirectoryMatch.nullable(),
};

export const StartupDirectoryCard = z.object({ kind: z.literal('startup'), startup: StartupCard, raisingNow: z.boolean(), ...cardFields });
export type StartupDirectoryCard = z.infer<typeof StartupDirectoryCard>;
export const InvestorDirectoryCard = z.object({ kind: z.literal('investor'), investor: InvestorCard, openToNewDeals: z.boolean(), ...cardFields });
export type InvestorDirectoryCard = z.infer<typeof InvestorDirectoryCard>;
export const DirectoryCard = z.discriminatedUnion('kind', [StartupDirectoryCard, InvestorDirectoryCard]);
export type DirectoryCard = z.infer<typeof DirectoryCard>;

export const DirectoryPage = z.object({ items: z.array(DirectoryCard), nextCursor: z.string().nullable() });
export type DirectoryPage = z.infer<typeof DirectoryPage>;

const UserIdParams = z.strictObject({ userId: idParam('The profile id must be a positive whole number.') });

export const discover = defineEndpoint({ method: 'GET', path: '/api/discover', query: DiscoverQuery, response: DirectoryPage });
/**
 * Records the caller's interest in a profile: creates the match if there is none (origin
 * `directory`), then accepts it as POST /api/matches/:id/update would, under the same consent rules.
 */
export const connectFromDirectory = defineEndpoint({
  method: 'POST',
  path: '/api/discover/:userId/connect',
  params: UserIdParams,
  response: z.union([StartupSideMatch, InvestorSideMatch]),
});

// ---------------------------------------------------------------------------------------------
// Saved searches

const savedSearchName = z
  .string({ error: `Name the search in 1 to ${SAVED_SEARCH_NAME_MAX} characters.` })
  .trim()
  .min(1, `Name the search in 1 to ${SAVED_SEARCH_NAME_MAX} characters.`)
  .max(SAVED_SEARCH_NAME_MAX, `Name the search in 1 to ${SAVED_SEARCH_NAME_MAX} characters.`);
const alertsEnabled = z.boolean({ error: 'alertsEnabled must be true or false.' });

/**
 * The filters as a saved search answers them: checked when saved, so the answer's schema only
 * lists the fields (a response schema never rewrites, e.g. trims, what it writes).
 */
const SavedFilters = z.object({
  industry: z.array(z.enum(INDUSTRIES)).optional(),
  stage: z.array(z.enum(STAGES)).optional(),
  country: z.array(z.enum(COUNTRY_CODES as [string, ...string[]])).optional(),
  region: z.array(z.enum(REGION_IDS)).optional(),
  minAmount: z.number().optional(),
  maxAmount: z.number().optional(),
  verified: z.boolean().optional(),
  active: z.boolean().optional(),
  q: z.string().optional(),
});

export const SavedSearch = z.object({
  id: z.number(),
  name: z.string(),
  filters: SavedFilters,
  alertsEnabled: z.boolean(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;

export const CreateSavedSearchBody = z.strictObject({
  name: savedSearchName,
  filters: DiscoverFilters,
  alertsEnabled: alertsEnabled.optional().default(true),
});
export type CreateSavedSearchBody = z.input<typeof CreateSavedSearchBody>;

export const UpdateSavedSearchBody = z
  .strictObject({ name: savedSearchName.optional(), alertsEnabled: alertsEnabled.optional() })
  .refine((body) => body.name !== undefined || body.alertsEnabled !== undefined, 'Change the name or the alerts.');
export type UpdateSavedSearchBody = z.input<typeof UpdateSavedSearchBody>;

const SavedSearchIdParams = z.strictObject({ id: idParam() });

export const listSavedSearches = defineEndpoint({ method: 'GET', path: '/api/saved-searches', response: z.array(SavedSearch) });
export const createSavedSearch = defineEndpoint({
  method: 'POST',
  path: '/api/saved-searches',
  body: CreateSavedSearchBody,
  response: SavedSearch,
  successStatus: 201,
});
export const updateSavedSearch = defineEndpoint({
  method: 'PATCH',
  path: '/api/saved-searches/:id',
  params: SavedSearchIdParams,
  body: UpdateSavedSearchBody,
  response: SavedSearch,
});
/** 204 with no body (the response schema documents only the error shape). */
export const deleteSavedSearch = defineEndpoint({
  method: 'DELETE',
  path: '/api/saved-searches/:id',
  params: SavedSearchIdParams,
  raw: 'response',
  response: z.unknown(),
  successStatus: 204,
});
