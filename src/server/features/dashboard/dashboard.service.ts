// The dashboard's numbers, gathered from each feature's own service (no other feature's tables).
import type { DashboardStats } from '../../../shared/contracts/dashboard';
import type { AppDatabase } from '../../db/client';
import type { Actor } from '../../actor';
import { countSharedDocuments } from '../data-room';
import { summarizeMatches } from '../matching';
import { countActiveConversations } from '../messaging';
import { countPortfolioCompanies } from '../portfolio';

export async function getDashboardStats(db: AppDatabase, actor: Actor): Promise<DashboardStats> {
  const [matchSummary, activeConversations] = await Promise.all([summarizeMatches(db, actor), countActiveConversations(db, actor)]);
  if (actor.userType === 'startup') {
    return {
      kind: 'startup',
      averageMatchScore: matchSummary.averageScore,
      potentialMatches: matchSummary.pendingCount,
      sharedDocuments: await countSharedDocuments(db, actor),
      activeConversations,
    };
  }
  return {
    kind: 'investor',
    averageMatchScore: matchSummary.averageScore,
    potentialStartups: matchSummary.pendingCount,
    portfolioCompanies: await countPortfolioCompanies(db, actor),
    activeConversations,
  };
}
