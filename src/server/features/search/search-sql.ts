// Search's two rules as SQL, for the other read models over the same columns (the directory,
// features/discovery): how typed text becomes a full-text query, and which profile owners a caller
// may see. search_everything (drizzle/0017_search_speed.sql) states both the same way.
import { sql, type SQL } from 'drizzle-orm';

/**
 * The caller's text as a full-text query: websearch_to_tsquery's reading of it (quotes, `or`,
 * `-word`), with each lexeme made a prefix (`'fin'` → `'fin':*`) by rewriting its text form,
 * where each lexeme is quoted (a quote inside one doubled). Text with no words matches nothing.
 */
export function prefixTsquery(q: string): SQL {
  return sql`to_tsquery('simple', regexp_replace(websearch_to_tsquery('simple', ${q})::text, '(''(?:[^'']|'''')*'')', '\\1:*', 'g'))`;
}

/**
 * A profile owner the caller may see, as a where clause over `userId`: not a deleted account, and
 * neither of the two blocks the other. Both lists are small and read once per statement through
 * their own indexes (the partial index of deleted accounts, the two of blocks).
 */
export function visibleProfileOwner(me: number, userId: SQL): SQL {
  return sql`${userId} not in (select u.id from users u where u.deleted_at is not null)
             and ${userId} not in (select b.blocked_id from blocks b where b.blocker_id = ${me}
                                   union all select b.blocker_id from blocks b where b.blocked_id = ${me})`;
}
