// Investor analytics (issue #8): one call returns every chart's numbers, computed in SQL.
import { queryOptions } from '@tanstack/react-query';
import { getInvestorAnalytics } from '@shared/contracts/portfolio';
import { api } from '@/lib/api';

export const analyticsKeys = {
  all: ['analytics'] as const,
  investor: () => [...analyticsKeys.all, 'investor'] as const,
};

/**
 * The numbers move whenever a match is decided, a message sent or a document opened, mostly on
 * other screens, so unlike most queries this one is refetched each time the screen is opened.
 */
export const investorAnalyticsQuery = queryOptions({
  queryKey: analyticsKeys.investor(),
  queryFn: ({ signal }) => api(getInvestorAnalytics, { signal }),
  staleTime: 0,
});
