// The directory's filters: free text (applied as you pause typing), industries, stages, countries
// and regions, the round or check size range, "Verified only", "Raising now" / "Open to new deals",
// and the order. Every control is a native input, so the keyboard and screen readers work as
// they do everywhere; the screen keeps the values in the address bar.
import { useEffect, useId, useRef, useState } from 'react';
import { Search, X } from 'lucide-react';
import { COUNTRIES, REGIONS, countryOfCode, type RegionId } from '@shared/countries';
import { DISCOVER_SORTS, DISCOVER_TEXT_MAX, type DiscoverFilters, type DiscoverSort } from '@shared/contracts/discovery';
import { INDUSTRIES, STAGES, type UserType } from '@shared/enums';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { AMOUNT_STEPS, SORT_LABELS, formatAmount } from '../directory-filters';

const REGION_NAMES = REGIONS.map((region) => region.name);
const regionIdsOf = (names: readonly string[]): RegionId[] => REGIONS.filter((region) => names.includes(region.name)).map((region) => region.id);

/** How long typing pauses before the text filter applies. */
const TEXT_DEBOUNCE_MS = 350;

function Checkbox({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-4 accent-primary" />
      {label}
    </label>
  );
}

export function DirectoryFiltersPanel({
  viewer,
  filters,
  sort,
  onChange,
  onSortChange,
}: {
  viewer: UserType;
  filters: DiscoverFilters;
  sort: DiscoverSort;
  /** A new set of filters; `isTyping` for the text box, which should not add a Back step per pause. */
  onChange: (next: DiscoverFilters, options?: { isTyping?: boolean }) => void;
  onSortChange: (sort: DiscoverSort) => void;
}) {
  const id = useId();
  const [text, setText] = useState(filters.q ?? '');
  // The address may change under the box (Back, a saved search, Clear filters): follow it, unless
  // it is the box's own text coming back.
  const lastSent = useRef(filters.q ?? '');
  useEffect(() => {
    if ((filters.q ?? '') !== lastSent.current) {
      lastSent.current = filters.q ?? '';
      setText(filters.q ?? '');
    }
  }, [filters.q]);
  useEffect(() => {
    if (text.trim() === (filters.q ?? '')) return;
    const timer = setTimeout(() => {
      lastSent.current = text.trim();
      onChange({ ...filters, q: text.trim() || undefined }, { isTyping: true });
    }, TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);

  const isInvestorList = viewer === 'startup';
  const amountNoun = isInvestorList ? 'Check size' : 'Round size';
  const countries = filters.country ?? [];

  return (
    <section aria-label="Filters" className="grid gap-5 rounded-xl border bg-card p-4 sm:p-5">
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-q`}>Search</Label>
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id={`${id}-q`}
              type="search"
              value={text}
              maxLength={DISCOVER_TEXT_MAX}
              onChange={(event) => setText(event.target.value)}
              placeholder={isInvestorList ? 'Name, description or thesis' : 'Name or description'}
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-sort`}>Sort by</Label>
          <Select id={`${id}-sort`} value={sort} onChange={(event) => onSortChange(event.target.value as DiscoverSort)}>
            {DISCOVER_SORTS.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      <ChoiceGroup
        id={`${id}-industry`}
        legend="Industry"
        options={INDUSTRIES}
        value={filters.industry ?? []}
        onChange={(industry) => onChange({ ...filters, industry })}
      />
      <ChoiceGroup id={`${id}-stage`} legend="Stage" options={STAGES} value={filters.stage ?? []} onChange={(stage) => onChange({ ...filters, stage })} />

      <div className="grid gap-4 md:grid-cols-2">
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Location</legend>
          <Label htmlFor={`${id}-country`} className="sr-only">
            Add a country
          </Label>
          <Select
            id={`${id}-country`}
            value=""
            onChange={(event) => {
              const code = event.target.value;
              if (code && !countries.includes(code)) onChange({ ...filters, country: [...countries, code] });
            }}
          >
            <option value="">Add a country…</option>
            {COUNTRIES.filter((country) => !countries.includes(country.code)).map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </Select>
          {countries.length > 0 && (
            <ul aria-label="Chosen countries" className="flex flex-wrap gap-1.5">
              {countries.map((code) => {
                const name = countryOfCode(code)?.name ?? code;
                return (
                  <li key={code}>
                    <button
                      type="button"
                      onClick={() => onChange({ ...filters, country: countries.filter((candidate) => candidate !== code) })}
                      className="inline-flex items-center gap-1 rounded-full border border-primary bg-accent px-3 py-1 text-sm font-medium text-accent-foreground outline-none hover:bg-accent/70 focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {name}
                      <X aria-hidden className="size-3.5" />
                      <span className="sr-only">(remove)</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <ChoiceGroup
            id={`${id}-region`}
            legend="Regions"
            options={REGION_NAMES}
            value={(filters.region ?? []).map((region) => REGIONS.find((candidate) => candidate.id === region)?.name ?? region)}
            onChange={(names) => onChange({ ...filters, region: regionIdsOf(names) })}
          />
        </fieldset>

        <fieldset className="grid content-start gap-2">
          <legend className="mb-2 text-sm font-medium">{amountNoun}</legend>
          <div className="grid grid-cols-2 gap-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-min`} className="text-xs text-muted-foreground">
                From
              </Label>
              <Select
                id={`${id}-min`}
                value={filters.minAmount === undefined ? '' : String(filters.minAmount)}
                onChange={(event) => {
                  const minAmount = event.target.value ? Number(event.target.value) : undefined;
                  const maxAmount = minAmount !== undefined && filters.maxAmount !== undefined && filters.maxAmount < minAmount ? undefined : filters.maxAmount;
                  onChange({ ...filters, minAmount, maxAmount });
                }}
              >
                <option value="">Any</option>
                {AMOUNT_STEPS.map((amount) => (
                  <option key={amount} value={amount}>
                    {formatAmount(amount)}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-max`} className="text-xs text-muted-foreground">
                To
              </Label>
              <Select
                id={`${id}-max`}
                value={filters.maxAmount === undefined ? '' : String(filters.maxAmount)}
                onChange={(event) => onChange({ ...filters, maxAmount: event.target.value ? Number(event.target.value) : undefined })}
              >
                <option value="">Any</option>
                {AMOUNT_STEPS.filter((amount) => filters.minAmount === undefined || amount >= filters.minAmount).map((amount) => (
                  <option key={amount} value={amount}>
                    {formatAmount(amount)}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <div className="mt-3 grid gap-3">
            <Checkbox
              id={`${id}-verified`}
              label="Verified only"
              checked={filters.verified === true}
              onChange={(verified) => onChange({ ...filters, verified })}
            />
            <Checkbox
              id={`${id}-active`}
              label={isInvestorList ? 'Open to new deals' : 'Raising now'}
              checked={filters.active === true}
              onChange={(active) => onChange({ ...filters, active })}
            />
          </div>
        </fieldset>
      </div>
    </section>
  );
}
