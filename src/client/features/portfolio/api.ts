// The investor portfolio (issue #8): the list, the connected startups that can be added in one
// step, add / edit / delete with the spec's notices, and the CSV download.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
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
import { ApiError, api } from '@/lib/api';
import { toast } from '@/lib/use-toast';

export const portfolioQuery = queryOptions({
  queryKey: ['portfolio', 'companies'],
  queryFn: ({ signal }) => api(listPortfolio, { signal }),
});

/** Accepted matches change on other screens (and other tabs), so this is refetched on every visit. */
export const portfolioCandidatesQuery = queryOptions({
  queryKey: ['portfolio', 'candidates'],
  queryFn: ({ signal }) => api(listPortfolioCandidates, { signal }),
  staleTime: 0,
});

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/** After any change: the list, the candidates, the dashboard's count and block, and analytics. */
function useRefreshPortfolio() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['portfolio'] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    void queryClient.invalidateQueries({ queryKey: ['analytics'] });
  };
}

export function useCreatePortfolioCompany() {
  const refresh = useRefreshPortfolio();
  return useMutation({
    mutationFn: (body: CreatePortfolioCompanyBody) => api(createPortfolioCompany, { body }),
    onSuccess: (company) => {
      refresh();
      // Spec §8: 'Company added' / '{company} has been added to your portfolio.'
      toast({ title: 'Company added', description: `${company.companyName} has been added to your portfolio.` });
    },
    onError: (error) => toast({ title: 'Error', description: `Failed to add company: ${messageOf(error)}`, variant: 'destructive' }),
  });
}

export function useUpdatePortfolioCompany() {
  const refresh = useRefreshPortfolio();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePortfolioCompanyBody }) => api(updatePortfolioCompany, { params: { id }, body }),
    onSuccess: (company) => {
      refresh();
      toast({ title: 'Company updated', description: `${company.companyName} has been updated.` });
    },
    onError: (error) => toast({ title: 'Error', description: `Failed to update company: ${messageOf(error)}`, variant: 'destructive' }),
  });
}

export function useDeletePortfolioCompany() {
  const refresh = useRefreshPortfolio();
  return useMutation({
    mutationFn: (company: PortfolioCompany) => api(deletePortfolioCompany, { params: { id: company.id } }),
    onSuccess: (_, company) => {
      refresh();
      toast({ title: 'Company deleted', description: `${company.companyName} has been deleted from your portfolio.` });
    },
    onError: (error) => toast({ title: 'Error', description: `Failed to delete company: ${messageOf(error)}`, variant: 'destructive' }),
  });
}

/**
 * Downloads the server's CSV. Fetched rather than linked, so a failure (an expired session, the
 * server down) becomes a readable notice instead of a downloaded error page.
 */
export async function downloadPortfolioCsv(): Promise<void> {
  let response: Response;
  try {
    response = await fetch(exportPortfolioCsv.path, { credentials: 'include' });
  } catch {
    throw new ApiError(0, 'Cannot reach VentureMatch. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(response.status, typeof body?.message === 'string' ? body.message : 'The export failed. Please try again.');
  }
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
