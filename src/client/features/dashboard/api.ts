// The dashboard's stat cards: real counts from GET /api/dashboard/stats.
import { queryOptions } from '@tanstack/react-query';
import { getDashboardStats } from '@shared/contracts/dashboard';
import { api } from '@/lib/api';

/** Most writes move a dashboard number, so many mutations and live events invalidate `all`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
};

export const dashboardStatsQuery = queryOptions({
  queryKey: dashboardKeys.stats(),
  queryFn: ({ signal }) => api(getDashboardStats, { signal }),
});
