// Search everywhere (issue #18, docs/search.md, ADR 0042). A read model: like analytics and
// notifications it reads other features' tables directly (ADR 0025) rather than calling their
// services. The statements are in the database function `search_everything`
// (drizzle/0017_search_speed.sql), planned once per connection; this module calls it once per
// search and turns its rows into results with snippets, highlights and links.
//
// Authorization is in each query's where clause, never a filter afterwards:
// - profiles: only the other role's, never a deleted account, never anyone blocked either way;
// - documents: the caller's own, or one they hold a live grant to (the rule of
//   data-room/access-rules.ts isLiveGrant: not revoked, not expired), and never of a deleted or
//   blocked owner;
// - messages: only where the caller is the sender or the receiver, and not with anyone blocked
//   either way (the issue: blocked users never appear; the conversation screen still keeps the
//   blocked side's history, search just does not lead there);
// - milestones: only of the caller's plans, and not with anyone blocked either way.
//
// Matching: websearch_to_tsquery (quotes, `or`, `-word`) with every term made a prefix, so results
// come as you type ("fin" finds "FinTech"); names also match by trigram word similarity, so a typo
// still finds them ("ledgr" finds "Ledger"). Both run on GIN indexes (drizzle/0014_search.sql,
// 0017_search_speed.sql). Profiles rank names first (a vector of their own), then the other
// fields, of which only the first RANKED_TEXT_CANDIDATES matches are ranked: a common word
// matches thousands of profiles, and ranking reads each one's whole vector.
import { sql } from 'drizzle-orm';
import type { SearchResponse, SearchResult, SearchType } from '../../../shared/contracts/search';
import { SEARCH_LIMIT_DEFAULT, SEARCH_TYPES } from '../../../shared/contracts/search';
import { queryRows } from '../../db/client';
import type { ServiceContext } from '../../service-context';
import { buildSnippet, queryTerms } from './search-snippets';

export interface SearchInput {
  q: string;
  types?: SearchType[];
  limit?: number;
}

/** Shorter text shares trigrams with too many names to say anything about typos. */
const MIN_TYPO_QUERY_LENGTH = 3;
/** How many full-text matches outside the names a profile search ranks (see the header). */
const RANKED_TEXT_CANDIDATES = 200;

// Client paths (src/client/app/paths.ts: the screens and the query parameters they read).
const conversationPath = (ctx: ServiceContext) => (ctx.actor.userType === 'startup' ? '/startup/communications' : '/messages');
const milestonesPath = (ctx: ServiceContext) => (ctx.actor.userType === 'startup' ? '/startup/milestones' : '/investor/milestones');

/** Each type's rows as search_everything returns them, best first. */
interface FoundRows {
  profile: Array<{ id: number; title: string; details: string }>;
  document: Array<{ id: number; title: string; details: string; is_own: boolean }>;
  message: Array<{ id: number; partner_id: number; title: string; content: string }>;
  milestone: Array<{ id: number; partner_id: number; title: string; details: string }>;
}

/** How each type's rows become results: the snippet around the match, and the link that opens it. */
function toResults(ctx: ServiceContext, terms: string[], found: FoundRows): Record<SearchType, SearchResult[]> {
  const profileRole = ctx.actor.userType === 'startup' ? 'investor' : 'startup';
  return {
    profile: found.profile.map((row) => ({
      type: 'profile',
      id: row.id,
      title: row.title,
      ...buildSnippet(row.details, terms, { allowTypos: true }),
      url: `/${profileRole}/${row.id}`,
    })),
    document: found.document.map((row) => ({
      type: 'document',
      id: row.id,
      title: row.title,
      ...buildSnippet(row.details, terms, { allowTypos: true }),
      url: row.is_own ? `/startup/data-room?document=${row.id}` : '/investor/documents',
    })),
    message: found.message.map((row) => ({
      type: 'message',
      id: row.id,
      title: row.title,
      ...buildSnippet(row.content, terms, { allowTypos: false }),
      url: `${conversationPath(ctx)}?partner=${row.partner_id}&message=${row.id}`,
    })),
    milestone: found.milestone.map((row) => ({
      type: 'milestone',
      id: row.id,
      title: row.title,
      ...buildSnippet(row.details, terms, { allowTypos: false }),
      url: `${milestonesPath(ctx)}?partner=${row.partner_id}`,
    })),
  };
}

/** Everything the caller may see that matches `q`, grouped by type in SEARCH_TYPES order. */
export async function search(ctx: ServiceContext, input: SearchInput): Promise<SearchResponse> {
  const requested = new Set(input.types ?? SEARCH_TYPES);
  const types = SEARCH_TYPES.filter((type) => requested.has(type));
  const limit = input.limit ?? SEARCH_LIMIT_DEFAULT;
  // The types as an array literal ('{profile,message}'): the drivers take text parameters.
  const [found] = await queryRows<FoundRows>(
    ctx.db,
    sql`select * from search_everything(${ctx.actor.id}, ${ctx.actor.userType}, ${input.q}, ${`{${types.join(',')}}`}::text[], ${limit},
                                        ${ctx.clock().toISOString()}::timestamptz, ${RANKED_TEXT_CANDIDATES}, ${MIN_TYPO_QUERY_LENGTH})`,
  );
  const results = toResults(ctx, queryTerms(input.q), found!);
  return { groups: types.map((type) => ({ type, results: results[type] })) };
}
