// "Match settings": search, the score slider (0–100, step 1, page-step 10,
// default 0), the status filter, and on the investor side the industry filter (first 8 only).
// The server applies them (issue #16); the screen sends the search and score once input pauses.
// The status filter and the tabs are one setting shown twice, so they can never disagree.
import { useId } from 'react';
import { Search, X } from 'lucide-react';
import { MATCH_SEARCH_MAX } from '@shared/contracts/matches';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectOptions } from '@/components/ui/select';
import { Slider } from '@/components/ui/slider';
import { INDUSTRY_FILTER_OPTIONS, STATUS_FILTERS, hasActiveFilters, type MatchFilters, type StatusFilter } from '../match-view';

const STATUS_OPTION_LABELS: Record<StatusFilter, string> = { all: 'All statuses', pending: 'Pending', accepted: 'Accepted', rejected: 'Rejected' };

export function MatchSettings({
  filters,
  onFiltersChange,
  status,
  onStatusChange,
  searchPlaceholder,
  showIndustry,
}: {
  filters: MatchFilters;
  onFiltersChange: (filters: MatchFilters) => void;
  status: StatusFilter;
  onStatusChange: (status: StatusFilter) => void;
  searchPlaceholder: string;
  showIndustry: boolean;
}) {
  const id = useId();
  const set = (changes: Partial<MatchFilters>) => onFiltersChange({ ...filters, ...changes });
  const canReset = hasActiveFilters(filters) || status !== 'all';
  return (
    <Card role="search" aria-labelledby={`${id}-title`}>
      <CardHeader className="flex-row items-center justify-between gap-3 pb-4">
        <CardTitle id={`${id}-title`} className="text-base">
          Match Settings
        </CardTitle>
        {canReset && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              onFiltersChange({ search: '', minScore: 0, industry: '' });
              onStatusChange('all');
            }}
          >
            <X aria-hidden />
            Clear filters
          </Button>
        )}
      </CardHeader>
      <CardContent className={showIndustry ? 'grid gap-5 md:grid-cols-2 xl:grid-cols-4' : 'grid gap-5 md:grid-cols-3'}>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-search`}>Search</Label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id={`${id}-search`}
              type="search"
              value={filters.search}
              onChange={(event) => set({ search: event.target.value })}
              placeholder={searchPlaceholder}
              className="pl-9"
              maxLength={MATCH_SEARCH_MAX}
            />
          </div>
        </div>
        <div className="grid content-start gap-2">
          <div className="flex items-center justify-between gap-2">
            <Label id={`${id}-score-label`}>Minimum score</Label>
            <span aria-hidden className="text-sm font-medium tabular-nums">
              {filters.minScore}
            </span>
          </div>
          <Slider
            min={0}
            max={100}
            step={1}
            value={[filters.minScore]}
            onValueChange={([value]) => set({ minScore: value ?? 0 })}
            thumbLabelledBy={`${id}-score-label`}
            valueText={filters.minScore === 0 ? 'Any score' : `At least ${filters.minScore}`}
            className="h-10"
          />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select id={`${id}-status`} value={status} onChange={(event) => onStatusChange(event.target.value as StatusFilter)}>
            {STATUS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {STATUS_OPTION_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
        {showIndustry && (
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-industry`}>Industry</Label>
            <Select id={`${id}-industry`} value={filters.industry} onChange={(event) => set({ industry: event.target.value })}>
              <SelectOptions placeholder="All industries" options={INDUSTRY_FILTER_OPTIONS} />
            </Select>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
