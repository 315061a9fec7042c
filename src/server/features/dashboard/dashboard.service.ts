// The dashboard's numbers, gathered from each feature's own service (no other feature's tables).
// Every count runs on the caller's context, so "now" is the injected clock's.
import type { DashboardStats } from '../../../shared/contracts/dashboard';
import type { ServiceContext } from '../../service-context';
import { countSharedDocuments } from '../data-room';
import { summarizeMatches } from '../matching';
import { countActiveConversations } from '../messaging';
import { countPortfolioCompanies } from '../portfolio';

export async function getDashboardStats(ctx: ServiceContext): Promise<DashboardStats> {
  const [matchSummary, activeConversations] = await Promise.all([summarizeMatches(ctx), countActiveConversations(ctx)]);
  if (ctx.actor.userType === 'startup') {
    return {
      kind: 'startup',
      averageMatchScore: matchSummary.averageScore,
      potentialMatches: matchSummary.pendingCount,
      connectionRequests: matchSummary.connectionRequests,
      sharedDocuments: await countSharedDocuments(ctx),
      activeConversations,
    };
  }
  return {
    kind: 'investor',
    averageMatchScore: matchSummary.averageScore,
    potentialStartups: matchSummary.pendingCount,
    connectionRequests: matchSummary.connectionRequests,
    portfolioCompanies: await countPortfolioCompanies(ctx),
    activeConversations,
  };
}
