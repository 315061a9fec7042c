// The directory's filters as SQL (docs/discovery.md), written once for the directory's pages and
// the saved-search alerts, so an alert counts exactly the profiles the search would list.
// Every statement reads the counterpart role's profile table as `p`, joined to its account as `u`.
//
// Who may be listed is part of the where clause, never a filter afterwards: only the other role's
// table is read, never a deleted account, never anyone blocked either way (search's own rule).
import { sql, type SQL } from 'drizzle-orm';
import { countryCodesInRegions } from '../../../shared/countries';
import { bucketsOverlapping, type DiscoverFilters } from '../../../shared/contracts/discovery';
import type { UserType } from '../../../shared/enums';
import { prefixTsquery, visibleProfileOwner } from '../search';

/** Who the directory is for: it lists the other role's profiles. */
export interface DirectoryViewer {
  id: number;
  userType: UserType;
}

/** The counterpart role's profile table, as SQL (`startup_profiles` for an investor). */
export const counterpartTable = (viewer: DirectoryViewer): SQL => sql.raw(viewer.userType === 'startup' ? 'investor_profiles' : 'startup_profiles');

const textArray = (values: readonly string[]): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** Whether the filters say anything (an empty search text says nothing). */
const hasText = (q: string | undefined): q is string => q !== undefined && q.trim() !== '';

/**
 * The where clause over `p` and `u` for these filters, for this viewer. Lists within one filter
 * mean "any of"; the filters together mean "all of". Countries and regions are one location
 * filter: a profile in any named country or in any country of a named region.
 */
export function directoryConditions(viewer: DirectoryViewer, filters: DiscoverFilters): SQL {
  const isInvestorList = viewer.userType === 'startup';
  const conditions: SQL[] = [sql`u.deleted_at is null`, visibleProfileOwner(viewer.id, sql`p.user_id`)];

  if (filters.industry?.length) {
    conditions.push(isInvestorList ? sql`p.industry_focus ?| ${textArray(filters.industry)}` : sql`p.industry = any(${textArray(filters.industry)})`);
  }
  if (filters.stage?.length) {
    conditions.push(isInvestorList ? sql`p.stage_preference ?| ${textArray(filters.stage)}` : sql`p.stage = any(${textArray(filters.stage)})`);
  }
  const places = new Set([...(filters.country ?? []), ...countryCodesInRegions(filters.region ?? [])]);
  if (filters.country?.length || filters.region?.length) {
    conditions.push(places.size > 0 ? sql`p.country_code = any(${textArray([...places])})` : sql`false`);
  }
  if (filters.minAmount !== undefined || filters.maxAmount !== undefined) {
    // Overlapping ranges: an investor with any check size in the range, a startup whose round (the
    // bucket of its funding goal) reaches into it. Buckets in order, so the overlap is one run.
    const buckets = bucketsOverlapping(filters.minAmount, filters.maxAmount);
    const first = buckets[0];
    const last = buckets[buckets.length - 1];
    if (!first || !last) conditions.push(sql`false`);
    else if (isInvestorList) conditions.push(sql`p.investment_range ?| ${textArray(buckets.map((bucket) => bucket.label))}`);
    else {
      conditions.push(sql`p.funding_goal >= ${first.min}`);
      if (Number.isFinite(last.max)) conditions.push(sql`p.funding_goal < ${last.max}`);
    }
  }
  if (filters.verified) conditions.push(sql`u.email_verified_at is not null`);
  if (filters.active) conditions.push(isInvestorList ? sql`p.open_to_new_deals` : sql`p.raising_now`);
  if (hasText(filters.q)) conditions.push(sql`p.search_vector @@ ${prefixTsquery(filters.q.trim())}`);
  return sql.join(conditions, sql` and `);
}
