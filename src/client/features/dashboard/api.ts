// The dashboard's stat cards (spec §2, §9): real counts from GET /api/dashboard/stats.
import { queryOptions } from '@tanstack/react-query';
import { getDashboardStats } from '@shared/contracts/dashboard';
import { api } from '@/lib/api';

export const dashboardStatsQuery = queryOptions({
  queryKey: ['dashboard', 'stats'],
  queryFn: ({ signal }) => api(getDashboardStats, { signal }),
});
