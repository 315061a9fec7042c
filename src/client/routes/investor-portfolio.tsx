// /investor/portfolio (issue #8): stat cards, a filterable grid of the investor's
// portfolio companies, the Add Company dialog (which can start from a connected startup), edit,
// delete, and the CSV export. /investor/portfolio?add=<startupId> opens the dialog prefilled
// from that connected startup, so other screens can link straight to a one-step add.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { Briefcase, Download, LoaderCircle, Plus, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { downloadPortfolioCsv, portfolioCandidatesQuery, portfolioQuery } from '@/features/portfolio/api';
import { PORTFOLIO_LIST_HEADING_ID, PortfolioCompanyCard } from '@/features/portfolio/components/portfolio-company-card';
import { PortfolioCompanyDialog, type CompanyDialogState } from '@/features/portfolio/components/portfolio-company-dialog';
import { PortfolioFilters } from '@/features/portfolio/components/portfolio-filters';
import { PortfolioStats, PortfolioStatsSkeleton } from '@/features/portfolio/components/portfolio-stats';
import { NO_FILTERS, filterCompanies, summarizePortfolio, type PortfolioFilters as Filters } from '@/features/portfolio/portfolio-values';
import { toast } from '@/lib/use-toast';

export function PortfolioScreen() {
  const portfolio = useQuery(portfolioQuery);
  const candidates = useQuery(portfolioCandidatesQuery);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [dialog, setDialog] = useState<CompanyDialogState>({ kind: 'closed' });
  const [isExporting, setIsExporting] = useState(false);
  const [params, setParams] = useSearchParams();
  const candidateList = candidates.data ?? [];

  // ?add=<startupId> opens the prefilled dialog once the candidates are known (a startup that is
  // not a candidate, e.g. already added, opens a blank one). Closing the dialog drops the
  // parameter, so Back or a reload does not reopen it.
  const requestedId = Number(params.get('add'));
  const requestedDialog: CompanyDialogState | null =
    params.has('add') && !candidates.isPending
      ? { kind: 'add', startupId: candidateList.some((candidate) => candidate.startupId === requestedId) ? requestedId : undefined }
      : null;
  const activeDialog = dialog.kind === 'closed' && requestedDialog ? requestedDialog : dialog;
  const closeDialog = () => {
    setDialog({ kind: 'closed' });
    if (params.has('add')) {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('add');
          return next;
        },
        { replace: true },
      );
    }
  };

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      await downloadPortfolioCsv();
    } catch (error) {
      toast({ title: 'Export failed', description: error instanceof Error ? error.message : 'The export failed. Please try again.', variant: 'destructive' });
    } finally {
      setIsExporting(false);
    }
  };

  const companies = portfolio.data ?? [];
  const hasCompanies = companies.length > 0;
  const openAdd = () => setDialog({ kind: 'add' });

  return (
    <>
      <PageHeader
        title="Portfolio"
        description="The companies you have invested in."
        actions={
          <>
            {hasCompanies && (
              <Button variant="outline" onClick={() => void exportCsv()} disabled={isExporting}>
                {isExporting ? <LoaderCircle aria-hidden className="animate-spin" /> : <Download aria-hidden />}
                {isExporting ? 'Exporting...' : 'Export CSV'}
              </Button>
            )}
            <Button onClick={openAdd} disabled={portfolio.isPending}>
              <Plus aria-hidden />
              Add Company
            </Button>
          </>
        }
      />
      {portfolio.isPending ? (
        <div role="status" aria-label="Loading your portfolio" className="grid grid-cols-1 gap-6">
          <PortfolioStatsSkeleton />
          <Skeleton className="h-32 w-full rounded-xl" />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-64 rounded-xl" />
            ))}
          </div>
        </div>
      ) : portfolio.isError ? (
        <ErrorState
          title="We couldn't load your portfolio"
          message={portfolio.error.message}
          onRetry={() => void portfolio.refetch()}
          isRetrying={portfolio.isFetching}
        />
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <PortfolioStats summary={summarizePortfolio(companies)} />
          {hasCompanies ? (
            <>
              <PortfolioFilters filters={filters} onChange={setFilters} />
              <CompanyGrid
                companies={filterCompanies(companies, filters)}
                total={companies.length}
                onEdit={(company) => setDialog({ kind: 'edit', company })}
                onClearFilters={() => setFilters(NO_FILTERS)}
              />
            </>
          ) : (
            <EmptyState
              icon={Briefcase}
              title="No portfolio companies"
              description={
                candidateList.length > 0
                  ? `Add the companies you have invested in. ${candidateList.length === 1 ? 'One startup you are connected with' : `${candidateList.length} startups you are connected with`} can be added in one step.`
                  : 'Add the companies you have invested in to follow their industry, stage and performance in one place.'
              }
              action={
                <Button onClick={openAdd}>
                  <Plus aria-hidden />
                  Add Company
                </Button>
              }
            />
          )}
        </div>
      )}
      <PortfolioCompanyDialog state={activeDialog} onClose={closeDialog} candidates={candidateList} />
    </>
  );
}

function CompanyGrid({
  companies,
  total,
  onEdit,
  onClearFilters,
}: {
  companies: ReturnType<typeof filterCompanies>;
  total: number;
  onEdit: Parameters<typeof PortfolioCompanyCard>[0]['onEdit'];
  onClearFilters: () => void;
}) {
  return (
    <section aria-labelledby={PORTFOLIO_LIST_HEADING_ID} className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={PORTFOLIO_LIST_HEADING_ID} tabIndex={-1} className="text-lg font-semibold tracking-tight outline-none">
          Companies
        </h2>
        <p className="text-sm text-muted-foreground" role="status">
          {companies.length === total ? `${total} ${total === 1 ? 'company' : 'companies'}` : `Showing ${companies.length} of ${total} companies`}
        </p>
      </div>
      {companies.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No companies match your filters"
          description="Try another search, or clear the filters to see your whole portfolio."
          action={
            <Button variant="outline" onClick={onClearFilters}>
              Clear filters
            </Button>
          }
          headingLevel={3}
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {companies.map((company) => (
            <li key={company.id} className="min-w-0">
              <PortfolioCompanyCard company={company} onEdit={onEdit} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
