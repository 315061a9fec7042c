// The public cards of startups and investors: what the other side of the market sees of a profile
// (the card routes, and matching's lists). Row-to-card mappings, and the one SQL expression that
// says whether a card's account has verified its email address (read alongside the profile row).
import { sql, type SQL } from 'drizzle-orm';
import type { InvestorCard, StartupCard } from '../../../shared/contracts/profiles';
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
