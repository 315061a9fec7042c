// The public cards of startups and investors: what the other side of the market sees of a profile
// (the card routes, and matching's and the directory's lists). Row-to-card mappings, the lenient
// readers of a startup's json columns (team, traction), and the one SQL expression that says
// whether a card's account has verified its email address (read alongside the profile row).
import { sql, type SQL } from 'drizzle-orm';
import { Traction, type InvestorCard, type StartupCard, type TractionFigures } from '../../../shared/contracts/profiles';
import type { investorProfiles, startupProfiles } from '../../db/schema';

/**
 * Whether the account behind a profile row of `profileTable` (as named in the query's FROM) has a
 * verified email address. Written with table names, not drizzle columns: drizzle may leave a column
 * unqualified in a select list, where it would bind to the subquery's own `users`.
 */
export function emailVerifiedOfProfile(profileTable: 'startup_profiles' | 'investor_profiles'): SQL<boolean> {
  return sql<boolean>`exists (select 1 from "users" as "card_account" where "card_account"."id" = ${sql.raw(`"${profileTable}"."user_id"`)} and "card_account"."email_verified_at" is not null)`;
}

export type StartupRow = typeof startupProfiles.$inferSelect;
export type InvestorRow = typeof investorProfiles.$inferSelect;

export type TeamMemberFigures = StartupCard['team'][number];

/** The traction keys inside `financials`; any other key there is left alone (and never shown). */
export const TRACTION_KEYS = ['arr', 'monthlyGrowthPercent', 'customers'] as const;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The traction figures in a row's `financials`, read leniently: rows written before traction was
 * typed (the demo's `{ arr, growth: 'revenue-generating' }`, an `mrr`) must still load, so unknown
 * keys are ignored and a value today's rule would refuse (a string, a negative ARR) reads as null.
 */
export function tractionOf(financials: unknown): TractionFigures {
  const stored = isPlainObject(financials) ? financials : {};
  const figure = (key: (typeof TRACTION_KEYS)[number]) => {
    const parsed = Traction.shape[key].safeParse(stored[key]);
    return parsed.success ? (parsed.data ?? null) : null;
  };
  return { arr: figure('arr'), monthlyGrowthPercent: figure('monthlyGrowthPercent'), customers: figure('customers') };
}

/** The team from the json column, keeping only well-formed members and only their three fields. */
export function teamOf(team: unknown): TeamMemberFigures[] {
  if (!Array.isArray(team)) return [];
  return team.flatMap((member: unknown) =>
    isPlainObject(member) && typeof member.name === 'string' && typeof member.role === 'string'
      ? [{ name: member.name, role: member.role, link: typeof member.link === 'string' ? member.link : '' }]
      : [],
  );
}

/** The public startup card; `id` is the account id (docs/decisions/0004). */
export function toStartupCard(row: StartupRow, emailVerified: boolean): StartupCard {
  return {
    id: row.userId,
    companyName: row.companyName,
    logo: row.logo,
    location: row.location,
    industry: row.industry,
    stage: row.stage,
    fundingGoal: row.fundingGoal,
    teamSize: row.teamSize,
    website: row.website,
    foundingDate: row.foundingDate,
    description: row.description,
    emailVerified,
    team: teamOf(row.team),
    traction: tractionOf(row.financials),
    raisingNow: row.raisingNow,
  };
}

/** The public investor card; `id` is the account id (docs/decisions/0004). */
export function toInvestorCard(row: InvestorRow, emailVerified: boolean): InvestorCard {
  return {
    id: row.userId,
    firmName: row.firmName,
    logo: row.logo,
    location: row.location,
    portfolioSize: row.portfolioSize,
    stagePreference: row.stagePreference,
    investmentRange: row.investmentRange,
    industryFocus: row.industryFocus,
    website: row.website,
    foundingDate: row.foundingDate,
    description: row.description,
    investmentThesis: row.investmentThesis,
    emailVerified,
  };
}
