// Search everywhere (issue #18, docs/search.md, ADR 0042). A read model: like analytics and
// notifications it reads other features' tables directly (ADR 0025) rather than calling their
// services, one query per type, so the whole answer costs four indexed statements.
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
// still finds them ("ledgr" finds "Ledger"). Both run on GIN indexes (drizzle/0014_search.sql).
import { sql, type SQL } from 'drizzle-orm';
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

/**
 * The caller's text as a full-text query: websearch_to_tsquery's reading of it, with each lexeme
 * turned into a prefix (`'fin'` → `'fin':*`) by rewriting its text form, which quotes every
 * lexeme (a quote inside one is doubled). Text with no words gives an empty query, which matches
 * nothing (names may still match by similarity).
 */
function prefixTsquery(q: string): SQL {
  return sql`to_tsquery('simple', regexp_replace(websearch_to_tsquery('simple', ${q})::text, '(''(?:[^'']|'''')*'')', '\\1:*', 'g'))`;
}

/** Neither of the two blocks the other. */
function notBlockedEitherWay(me: number, other: SQL): SQL {
  return sql`not exists (select 1 from blocks b where (b.blocker_id = ${me} and b.blocked_id = ${other}) or (b.blocker_id = ${other} and b.blocked_id = ${me}))`;
}

/** How a person is named in results: their company or firm, else their name; a deleted account as such. */
const personName = (user: string, startup: string, investor: string) =>
  sql.raw(
    `case when ${user}.deleted_at is not null then 'Deleted user' else coalesce(${startup}.company_name, ${investor}.firm_name, ${user}.first_name || ' ' || ${user}.last_name) end`,
  );

// Client paths (src/client/app/paths.ts: the screens and the query parameters they read).
const conversationPath = (ctx: ServiceContext) => (ctx.actor.userType === 'startup' ? '/startup/communications' : '/messages');
const milestonesPath = (ctx: ServiceContext) => (ctx.actor.userType === 'startup' ? '/startup/milestones' : '/investor/milestones');

/** Shorter text shares trigrams with too many names to say anything about typos. */
const MIN_TYPO_QUERY_LENGTH = 3;

type Finder = (ctx: ServiceContext, q: string, limit: number) => Promise<SearchResult[]>;

/**
 * A profile the caller may see: not of a deleted account, and neither of the two blocks the other.
 * (The role rule is the table: a startup searches investor_profiles, an investor startup_profiles.)
 * Both lists are small and read once per statement through their own indexes (the partial index
 * of deleted accounts, the two of blocks), where a join per candidate costs a scan of users.
 */
function visibleProfileOwner(me: number, userId: SQL): SQL {
  return sql`${userId} not in (select u.id from users u where u.deleted_at is not null)
             and ${userId} not in (select b.blocked_id from blocks b where b.blocker_id = ${me}
                                   union all select b.blocker_id from blocks b where b.blocked_id = ${me})`;
}

async function findProfiles(ctx: ServiceContext, q: string, limit: number): Promise<SearchResult[]> {
  const tsq = prefixTsquery(q);
  // Only the counterpart role's table is searched: a startup finds investors, an investor startups.
  const isStartup = ctx.actor.userType === 'startup';
  const table = sql.raw(isStartup ? 'investor_profiles' : 'startup_profiles');
  const name = sql.raw(isStartup ? 'p.firm_name' : 'p.company_name');
  const details = isStartup
    ? sql`concat_ws(' · ', p.firm_name, nullif(array_to_string(array(select jsonb_array_elements_text(p.industry_focus)), ', '), ''),
                    p.location, nullif(concat_ws(' ', p.description, p.investment_thesis), ''))`
    : sql`concat_ws(' · ', p.company_name, p.industry, p.location, p.description)`;
  // Full-text search first (the name is in the vector, weighted highest, so "ledg" finds
  // "Ledger"). Only when it finds fewer than `limit` does name similarity fill the rest: typos
  // ("ledgr"). That is a one-time filter, so the costlier trigram scan runs only for such queries,
  // and never for fewer than MIN_TYPO_QUERY_LENGTH characters, where every name looks alike.
  // The planner prices a row's tsvector match and word similarity like an addition, so for a
  // common prefix or any typo it scans the whole table (measured with 12,000 startups: 6 ms for
  // "clinic", 27 ms for "ledgr") where the GIN indexes answer in 2 ms and 8 ms. Within this one
  // statement's transaction it is told to prefer them (bench/bench-search.ts; ADR 0042).
  const rows = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return queryRows<{ id: number; title: string; details: string }>(
      tx,
      sql`with by_text as (
          select p.user_id, ts_rank(p.search_vector, ${tsq}) as score from ${table} p
           where p.search_vector @@ ${tsq} and ${visibleProfileOwner(ctx.actor.id, sql`p.user_id`)}
           order by score desc, p.user_id limit ${limit}
        ), by_name as (
          select p.user_id, word_similarity(${q}, ${name}) as score from ${table} p
           where ${q.length >= MIN_TYPO_QUERY_LENGTH} and (select count(*) from by_text) < ${limit}
             and ${q} <% ${name} and p.user_id not in (select user_id from by_text)
             and ${visibleProfileOwner(ctx.actor.id, sql`p.user_id`)}
           order by score desc, p.user_id limit ${limit}
        ), found as (
          select user_id, 1 as tier, score from by_text union all select user_id, 2 as tier, score from by_name
        )
        select p.user_id as id, ${name} as title, ${details} as details
          from found join ${table} p on p.user_id = found.user_id
         order by found.tier, found.score desc, p.user_id
         limit ${limit}`,
    );
  });
  const terms = queryTerms(q);
  const profileRole = isStartup ? 'investor' : 'startup';
  return rows.map((row) => ({
    type: 'profile',
    id: row.id,
    title: row.title,
    ...buildSnippet(row.details, terms, { allowTypos: true }),
    url: `/${profileRole}/${row.id}`,
  }));
}

async function findDocuments(ctx: ServiceContext, q: string, limit: number): Promise<SearchResult[]> {
  const me = ctx.actor.id;
  const tsq = prefixTsquery(q);
  const now = ctx.clock().toISOString();
  // What the caller may read comes first (a few dozen rows through their own indexes), and only
  // those are matched against the text.
  const rows = await queryRows<{ id: number; title: string; details: string; is_own: boolean }>(
    ctx.db,
    sql`with readable as (
          select d.id from documents d where d.user_id = ${me}
          union
          -- A live grant, as data-room/access-rules.ts isLiveGrant: not revoked and not expired; from
          -- an owner whose account is not deleted and who is not blocked either way.
          select a.document_id from document_access a
            join documents d on d.id = a.document_id
            join users owner on owner.id = d.user_id and owner.deleted_at is null
           where a.user_id = ${me} and a.revoked_at is null and (a.expires_at is null or a.expires_at > ${now}::timestamptz)
             and ${notBlockedEitherWay(me, sql`d.user_id`)}
        )
        select d.id, d.name as title, concat_ws(' · ', d.name, d.category) as details, d.user_id = ${me} as is_own
          from readable join documents d on d.id = readable.id
         where d.search_vector @@ ${tsq} or ${q} <% d.name
         order by ts_rank(d.search_vector, ${tsq}) + word_similarity(${q}, d.name) desc, d.uploaded_at desc, d.id desc
         limit ${limit}`,
  );
  const terms = queryTerms(q);
  return rows.map((row) => ({
    type: 'document',
    id: row.id,
    title: row.title,
    ...buildSnippet(row.details, terms, { allowTypos: true }),
    url: row.is_own ? `/startup/data-room?document=${row.id}` : '/investor/documents',
  }));
}

async function findMessages(ctx: ServiceContext, q: string, limit: number): Promise<SearchResult[]> {
  const me = ctx.actor.id;
  const tsq = prefixTsquery(q);
  const rows = await queryRows<{ id: number; partner_id: number; title: string; content: string }>(
    ctx.db,
    sql`select m.id, partner.id as partner_id, ${personName('partner', 'sp', 'ip')} as title, m.content
          from messages m
          join users partner on partner.id = case when m.sender_id = ${me} then m.receiver_id else m.sender_id end
          left join startup_profiles sp on sp.user_id = partner.id
          left join investor_profiles ip on ip.user_id = partner.id
         where (m.sender_id = ${me} or m.receiver_id = ${me})
           and m.search_vector @@ ${tsq}
           and ${notBlockedEitherWay(me, sql`partner.id`)}
         order by ts_rank(m.search_vector, ${tsq}) desc, m.sent_at desc, m.id desc
         limit ${limit}`,
  );
  const terms = queryTerms(q);
  return rows.map((row) => ({
    type: 'message',
    id: row.id,
    title: row.title,
    ...buildSnippet(row.content, terms, { allowTypos: false }),
    url: `${conversationPath(ctx)}?partner=${row.partner_id}&message=${row.id}`,
  }));
}

async function findMilestones(ctx: ServiceContext, q: string, limit: number): Promise<SearchResult[]> {
  const me = ctx.actor.id;
  const tsq = prefixTsquery(q);
  const rows = await queryRows<{ id: number; partner_id: number; title: string; details: string }>(
    ctx.db,
    sql`select ms.id, case when ms.startup_id = ${me} then ms.investor_id else ms.startup_id end as partner_id,
               ms.title, concat_ws(' · ', ms.title, nullif(ms.description, '')) as details
          from milestones ms
         where (ms.startup_id = ${me} or ms.investor_id = ${me})
           and ms.search_vector @@ ${tsq}
           and ${notBlockedEitherWay(me, sql`(case when ms.startup_id = ${me} then ms.investor_id else ms.startup_id end)`)}
         order by ts_rank(ms.search_vector, ${tsq}) desc, ms.date asc nulls last, ms.id
         limit ${limit}`,
  );
  const terms = queryTerms(q);
  return rows.map((row) => ({
    type: 'milestone',
    id: row.id,
    title: row.title,
    ...buildSnippet(row.details, terms, { allowTypos: false }),
    url: `${milestonesPath(ctx)}?partner=${row.partner_id}`,
  }));
}

const FINDERS: Record<SearchType, Finder> = {
  profile: findProfiles,
  document: findDocuments,
  message: findMessages,
  milestone: findMilestones,
};

/** Everything the caller may see that matches `q`, grouped by type in SEARCH_TYPES order. */
export async function search(ctx: ServiceContext, input: SearchInput): Promise<SearchResponse> {
  const requested = new Set(input.types ?? SEARCH_TYPES);
  const types = SEARCH_TYPES.filter((type) => requested.has(type));
  const limit = input.limit ?? SEARCH_LIMIT_DEFAULT;
  const groups = await Promise.all(types.map(async (type) => ({ type, results: await FINDERS[type](ctx, input.q, limit) })));
  return { groups };
}
