// The directory's filters in the address bar (shareable; Back walks through them) and its cards in
// the words the screen shows. Pure, so the rules are unit-tested without a browser. A link with a
// value the server would refuse (an old industry, a typo) drops that value rather than failing.
import { COUNTRY_CODES, REGION_IDS, countryOfCode, type RegionId } from '@shared/countries';
import {
  DISCOVER_SORTS,
  DISCOVER_TEXT_MAX,
  FUNDING_BUCKET_BOUNDS,
  type DirectoryCard,
  type DiscoverFilters,
  type DiscoverQuery,
  type DiscoverSort,
} from '@shared/contracts/discovery';
import { FUNDING_GOAL_OPTIONS, INDUSTRIES, STAGES, TEAM_SIZE_OPTIONS, bucketLabel, type Industry, type Stage, type UserType } from '@shared/enums';
import { paths } from '@/app/paths';

export const SORT_LABELS: Record<DiscoverSort, string> = { best: 'Best match', newest: 'Newest', active: 'Recently active' };

/** The amounts the range selects offer: the funding buckets' edges. */
export const AMOUNT_STEPS = FUNDING_BUCKET_BOUNDS.slice(1).map((bucket) => bucket.min);

const listOf = <T extends string>(value: string | null, allowed: readonly T[], normalise = (part: string) => part): T[] | undefined => {
  if (!value) return undefined;
  const chosen = new Set(value.split(',').map((part) => normalise(part.trim())));
  const list = allowed.filter((option) => chosen.has(option));
  return list.length > 0 ? list : undefined;
};

const amountOf = (value: string | null): number | undefined => {
  if (value === null || !/^\d{1,12}$/.test(value)) return undefined;
  return Number(value);
};

/** The filters and order an address names (the `saved` parameter is the screen's business). */
export function filtersFromSearch(params: URLSearchParams): { filters: DiscoverFilters; sort: DiscoverSort } {
  const minAmount = amountOf(params.get('minAmount'));
  let maxAmount = amountOf(params.get('maxAmount'));
  if (minAmount !== undefined && maxAmount !== undefined && maxAmount < minAmount) maxAmount = undefined;
  const q = params.get('q')?.trim().slice(0, DISCOVER_TEXT_MAX);
  const filters: DiscoverFilters = {
    industry: listOf<Industry>(params.get('industry'), INDUSTRIES),
    stage: listOf<Stage>(params.get('stage'), STAGES),
    country: listOf(params.get('country'), COUNTRY_CODES, (part) => part.toUpperCase()),
    region: listOf<RegionId>(params.get('region'), REGION_IDS, (part) => part.toLowerCase()),
    minAmount,
    maxAmount,
    verified: params.get('verified') === 'true' || undefined,
    active: params.get('active') === 'true' || undefined,
    q: q || undefined,
  };
  const sort = DISCOVER_SORTS.find((candidate) => candidate === params.get('sort')) ?? 'best';
  return { filters: compact(filters), sort };
}

/** The filters without their empty fields, so equal filters are equal objects (and query keys). */
export function compact(filters: DiscoverFilters): DiscoverFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== false && value !== '' && !(Array.isArray(value) && value.length === 0)),
  ) as DiscoverFilters;
}

/** The address's query string for these filters and order (the default order is left out). */
export function searchFromFilters(filters: DiscoverFilters, sort: DiscoverSort): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(toQuery(filters))) if (value !== undefined) params.set(key, String(value));
  if (sort !== 'best') params.set('sort', sort);
  return params;
}

/** The filters as GET /api/discover reads them: lists comma-separated. */
export function toQuery(filters: DiscoverFilters): DiscoverQuery {
  const { industry, stage, country, region, ...rest } = compact(filters);
  return {
    ...rest,
    ...(industry ? { industry: industry.join(',') } : {}),
    ...(stage ? { stage: stage.join(',') } : {}),
    ...(country ? { country: country.join(',') } : {}),
    ...(region ? { region: region.join(',') } : {}),
  };
}

export const hasFilters = (filters: DiscoverFilters) => Object.keys(compact(filters)).length > 0;

/** Whole dollars as the funding labels write them: $500K, $1M, $10M. */
export function formatAmount(amount: number): string {
  if (amount >= 1_000_000) return `$${amount / 1_000_000}M`;
  return `$${amount / 1_000}K`;
}

/** What Connect can do on a card, from the viewer's match with the profile. */
export type ConnectState =
  { kind: 'connect' } | { kind: 'accept' } | { kind: 'sent' } | { kind: 'queued' } | { kind: 'connected'; messageHref: string } | { kind: 'declined' };

/** The parts of the viewer's match with someone that decide what Connect can do. */
export type ConnectMatch = Pick<NonNullable<DirectoryCard['match']>, 'status' | 'myDecision' | 'theirDecision' | 'requestQueued'>;

/** What Connect can do, on a card or a profile, from the viewer's match with that person (null: none). */
export function connectStateOf(match: ConnectMatch | null, viewer: UserType, counterpartId: number): ConnectState {
  if (!match) return { kind: 'connect' };
  if (match.status === 'accepted') return { kind: 'connected', messageHref: paths.conversations(viewer, { partner: counterpartId }) };
  // Only the side that declined can take it back; the other side's Connect would be refused.
  if (match.theirDecision === 'rejected') return { kind: 'declined' };
  if (match.myDecision === 'accepted') return match.requestQueued ? { kind: 'queued' } : { kind: 'sent' };
  return match.theirDecision === 'accepted' ? { kind: 'accept' } : { kind: 'connect' };
}

export interface DirectoryCardView {
  id: number;
  name: string;
  emailVerified: boolean;
  location: string | null;
  country: string | null;
  description: string | null;
  facts: Array<{ label: string; value: string }>;
  industries: string[];
  /** "Raising now" or "Open to new deals", when the profile says so. */
  activeLabel: string | null;
  profileHref: string;
}

const present = (facts: Array<{ label: string; value: string | null | undefined }>) =>
  facts.filter((fact): fact is { label: string; value: string } => Boolean(fact.value));

/** The card's words: the spec's match-card fields for the counterpart. */
export function cardView(card: DirectoryCard): DirectoryCardView {
  const country = countryOfCode(card.countryCode)?.name ?? null;
  if (card.kind === 'startup') {
    const startup = card.startup;
    return {
      id: startup.id,
      name: startup.companyName,
      emailVerified: startup.emailVerified,
      location: startup.location,
      country,
      description: startup.description,
      facts: present([
        { label: 'Stage', value: startup.stage },
        { label: 'Raising', value: bucketLabel(FUNDING_GOAL_OPTIONS, startup.fundingGoal) },
        { label: 'Team', value: bucketLabel(TEAM_SIZE_OPTIONS, startup.teamSize) },
      ]),
      industries: startup.industry ? [startup.industry] : [],
      activeLabel: card.raisingNow ? 'Raising now' : null,
      profileHref: paths.publicStartup(startup.id),
    };
  }
  const investor = card.investor;
  return {
    id: investor.id,
    name: investor.firmName,
    emailVerified: investor.emailVerified,
    location: investor.location,
    country,
    description: investor.investmentThesis ?? investor.description,
    facts: present([
      { label: 'Stages', value: investor.stagePreference.join(', ') },
      { label: 'Check size', value: investor.investmentRange.join(', ') },
      {
        label: 'Portfolio',
        value: investor.portfolioSize === null ? null : `${investor.portfolioSize} ${investor.portfolioSize === 1 ? 'company' : 'companies'}`,
      },
    ]),
    industries: investor.industryFocus,
    activeLabel: card.openToNewDeals ? 'Open to new deals' : null,
    profileHref: paths.publicInvestor(investor.id),
  };
}
