// The dashboard's stat cards (issue #3; docs/profiles.md, "Dashboard numbers"): real counts, per role.
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const StartupDashboardStats = z.object({
  kind: z.literal('startup'),
  averageMatchScore: z.number().int(),
  potentialMatches: z.number().int(),
  /** Pending matches where only the other side has accepted: they wait for this user's answer. */
  connectionRequests: z.number().int(),
  sharedDocuments: z.number().int(),
  activeConversations: z.number().int(),
});

export const InvestorDashboardStats = z.object({
  kind: z.literal('investor'),
  averageMatchScore: z.number().int(),
  potentialStartups: z.number().int(),
  /** Pending matches where only the other side has accepted: they wait for this user's answer. */
  connectionRequests: z.number().int(),
  portfolioCompanies: z.number().int(),
  activeConversations: z.number().int(),
});

export const DashboardStats = z.discriminatedUnion('kind', [StartupDashboardStats, InvestorDashboardStats]);
export type DashboardStats = z.infer<typeof DashboardStats>;

export const getDashboardStats = defineEndpoint({ method: 'GET', path: '/api/dashboard/stats', response: DashboardStats });
