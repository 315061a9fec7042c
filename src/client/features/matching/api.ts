// Match lists per side (spec §7). Both come back best first, each with the counterpart's card.
import { queryOptions } from '@tanstack/react-query';
import { listInvestorMatches, listStartupMatches } from '@shared/contracts/matches';
import { api } from '@/lib/api';

export const startupMatchesQuery = queryOptions({
  queryKey: ['matches', 'startup'],
  queryFn: ({ signal }) => api(listStartupMatches, { signal }),
});

export const investorMatchesQuery = queryOptions({
  queryKey: ['matches', 'investor'],
  queryFn: ({ signal }) => api(listInvestorMatches, { signal }),
});

/** Where each side's match list lives. */
export const MATCHES_PATH = { startup: '/startup/investor-matches', investor: '/investor/startups' } as const;
