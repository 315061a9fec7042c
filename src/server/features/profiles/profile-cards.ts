// The public cards of startups and investors: what the other side of the market sees of a profile
// (the card routes, and matching's lists). Plain row-to-card mappings, no database access.
import type { InvestorCard, StartupCard } from '../../../shared/contracts/profiles';
import type { investorProfiles, startupProfiles } from '../../db/schema';

export type StartupRow = typeof startupProfiles.$inferSelect;
export type InvestorRow = typeof investorProfiles.$inferSelect;

/** The public startup card; `id` is the account id (docs/decisions/0004). */
export function toStartupCard(row: StartupRow): StartupCard {
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
  };
}

/** The public investor card; `id` is the account id (docs/decisions/0004). */
export function toInvestorCard(row: InvestorRow): InvestorCard {
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
  };
}
