// The portfolio's filters: a search box, quick filters for the first 6
// industries, and stage and performance selects. An empty filter means all.
import { Search, X } from 'lucide-react';
import { PERFORMANCE_LEVELS, STAGES } from '@shared/enums';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectOptions } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { NO_FILTERS, PERFORMANCE_LABELS, QUICK_FILTER_INDUSTRIES, hasActiveFilters, type PortfolioFilters as Filters } from '../portfolio-values';

export function PortfolioFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const set = (part: Partial<Filters>) => onChange({ ...filters, ...part });
  return (
    <section aria-labelledby="portfolio-filters-title" className="grid grid-cols-1 gap-4 rounded-xl border bg-card p-4">
      <h2 id="portfolio-filters-title" className="sr-only">
        Filter companies
      </h2>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-[minmax(0,1fr)_12rem_12rem]">
        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor="portfolio-search">Search companies</Label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id="portfolio-search"
              type="search"
              placeholder="Company, industry or stage"
              className="pl-9"
              value={filters.search}
              onChange={(event) => set({ search: event.target.value })}
            />
          </div>
        </div>
        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor="portfolio-stage-filter">Stage</Label>
          <Select id="portfolio-stage-filter" value={filters.stage} onChange={(event) => set({ stage: event.target.value })}>
            <SelectOptions placeholder="All stages" options={STAGES} />
          </Select>
        </div>
        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor="portfolio-performance-filter">Performance</Label>
          <Select id="portfolio-performance-filter" value={filters.performance} onChange={(event) => set({ performance: event.target.value })}>
            <option value="">All performance</option>
            {PERFORMANCE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {PERFORMANCE_LABELS[level]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Quick filters by industry">
        {['', ...QUICK_FILTER_INDUSTRIES].map((industry) => {
          const isActive = filters.industry === industry;
          return (
            <button
              key={industry || 'all'}
              type="button"
              aria-pressed={isActive}
              onClick={() => set({ industry })}
              className={cn(
                'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background',
                isActive ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent hover:text-accent-foreground',
              )}
            >
              {industry || 'All industries'}
            </button>
          );
        })}
        {hasActiveFilters(filters) && (
          <Button variant="ghost" size="sm" className="ml-auto" onClick={() => onChange(NO_FILTERS)}>
            <X aria-hidden />
            Clear filters
          </Button>
        )}
      </div>
    </section>
  );
}
