// The investor portfolio (issue #8): the list, the connected startups that can be added in one
// step, add / edit / delete with the spec's notices, and the CSV download.
import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  createPortfolioCompany,
  deletePortfolioCompany,
  exportPortfolioCsv,
  listPortfolio,
  listPortfolioCandidates,
  updatePortfolioCompany,
  type CreatePortfolioCompanyBody,
  type PortfolioCompany,
  type UpdatePortfolioCompanyBody,
} from '@shared/contracts/portfolio';
import { analyticsKeys } from '@/features/analytics/api';
import { dashboardKeys } from '@/features/dashboard/api';
import { api, apiRaw } from '@/lib/api';
import { toast, toastFailure } from '@/lib/use-toast';

export const portfolioKeys = {
  all: ['portfolio'] as const,
  companies: () => [...portfolioKeys.all, 'companies'] as const,
  /** Connected startups not in the portfolio yet. */
  candidates: () => [...portfolioKeys.all, 'candidates'] as const,
};

export const portfolioQuery = queryOptions({
  queryKey: portfolioKeys.companies(),
  queryFn: ({ signal }) => api(listPortfolio, { signal }),
});

/** Accepted matches change on other screens (and other tabs), so this is refetched on every visit. */
export const portfolioCandidatesQuery = queryOptions({
  queryKey: portfolioKeys.candidates(),
  queryFn: ({ signal }) => api(listPortfolioCandidates, { signal }),
  staleTime: 0,
});

/** After any change: the list, the candidates, the dashboard's count and block, and analytics. */
const PORTFOLIO_CHANGE_INVALIDATES = [portfolioKeys.all, dashboardKeys.all, analyticsKeys.all];

export function useCreatePortfolioCompany() {
  return useMutation({
    mutationFn: (body: CreatePortfolioCompanyBody) => api(createPortfolioCompany, { body }),
    meta: { invalidates: PORTFOLIO_CHANGE_INVALIDATES },
    onSuccess: (company) => toast({ title: 'Company added', description: `${company.companyName} has been added to your portfolio.` }),
    onError: (error) => toastFailure('add company', error),
  });
}

export function useUpdatePortfolioCompany() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePortfolioCompanyBody }) => api(updatePortfolioCompany, { params: { id }, body }),
    meta: { invalidates: PORTFOLIO_CHANGE_INVALIDATES },
    onSuccess: (company) => toast({ title: 'Company updated', description: `${company.companyName} has been updated.` }),
    onError: (error) => toastFailure('update company', error),
  });
}

export function useDeletePortfolioCompany() {
  return useMutation({
    mutationFn: (company: PortfolioCompany) => api(deletePortfolioCompany, { params: { id: company.id } }),
    meta: { invalidates: PORTFOLIO_CHANGE_INVALIDATES },
    onSuccess: (_, company) => toast({ title: 'Company deleted', description: `${company.companyName} has been deleted from your portfolio.` }),
    onError: (error) => toastFailure('delete company', error),
  });
}

/**
 * Downloads the server's CSV. Fetched rather than linked, so a failure (an expired session, the
 * server down) becomes a readable notice instead of a downloaded error page.
 */
export async function downloadPortfolioCsv(): Promise<void> {
  const response = await apiRaw(exportPortfolioCsv, { describeFailure: () => 'The export failed. Please try again.' });
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'portfolio.csv';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next task: the click has handed the blob to the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
