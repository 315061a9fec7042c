-- Search latency (issue #18, ADR 0042).
--
-- Names get a vector and an index of their own, so a search finds and ranks the few profiles
-- whose name matches first, and reads the others' longer vectors only when names do not fill the
-- page (search.service.ts findProfiles).
ALTER TABLE "startup_profiles" ADD COLUMN "name_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce("company_name", ''))) STORED;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "name_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce("firm_name", ''))) STORED;--> statement-breakpoint
CREATE INDEX "startup_profiles_name_vector_idx" ON "startup_profiles" USING gin ("name_vector") WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "investor_profiles_name_vector_idx" ON "investor_profiles" USING gin ("name_vector") WITH (fastupdate = off);--> statement-breakpoint
--
-- The search GIN indexes take new rows straight into the
-- index instead of a "pending list". With fastupdate on (the default), every search also scans
-- the pending list linearly until a vacuum merges it, up to gin_pending_list_limit (4 MB): on a
-- table written as often as messages that is most of the time, and it cost a message search
-- 12 ms of its 17 (bench/bench-search.ts). An insert pays instead, a fraction of a millisecond
-- per message. What is already pending is merged now.
ALTER INDEX "startup_profiles_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "investor_profiles_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "documents_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "messages_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "milestones_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "investor_profiles_firm_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "startup_profiles_company_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "documents_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list(index_name::regclass) FROM (VALUES
  ('startup_profiles_search_idx'), ('investor_profiles_search_idx'), ('documents_search_idx'), ('messages_search_idx'),
  ('milestones_search_idx'), ('investor_profiles_firm_name_trgm_idx'), ('startup_profiles_company_name_trgm_idx'), ('documents_name_trgm_idx')
) AS search_indexes(index_name);
--> statement-breakpoint
-- The search itself (search.service.ts search()) as one function. Written as a function, its
-- statements are planned once per connection and reused (`force_generic_plan`): planning the four
-- searches took twice as long as running them (4.4 ms against 2.0). Without the caller's text the
-- planner assumes a rare match and reads the GIN indexes, which is what a search wants.
-- The authorization is in every statement's where clause, exactly as before (ADR 0042):
-- - profiles: only the other role's, never a deleted account, never anyone blocked either way;
-- - documents: the caller's own, or one they hold a live grant to (data-room/access-rules.ts
--   isLiveGrant: not revoked, not expired), never of a deleted or blocked owner;
-- - messages: only where the caller is the sender or the receiver, not with anyone blocked;
-- - milestones: only of the caller's plans, not with anyone blocked.
CREATE VIEW "search_profiles" AS
  SELECT p.user_id, 'startup'::text AS role, p.company_name AS name, p.name_vector, p.search_vector,
         concat_ws(' · ', p.company_name, p.industry, p.location, p.description) AS details
    FROM startup_profiles p
  UNION ALL
  SELECT p.user_id, 'investor'::text AS role, p.firm_name AS name, p.name_vector, p.search_vector,
         concat_ws(' · ', p.firm_name, nullif(array_to_string(array(SELECT jsonb_array_elements_text(p.industry_focus)), ', '), ''),
                   p.location, nullif(concat_ws(' ', p.description, p.investment_thesis), '')) AS details
    FROM investor_profiles p;--> statement-breakpoint
CREATE FUNCTION "search_everything"(caller_id integer, caller_role text, q text, wanted text[], result_limit integer, now_at timestamptz,
                                    ranked_text_candidates integer, min_typo_length integer)
RETURNS TABLE (profile jsonb, document jsonb, message jsonb, milestone jsonb)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  -- websearch_to_tsquery's reading of the text (quotes, "or", -word), every lexeme made a prefix
  -- ('fin' → 'fin':*) by rewriting its text form, where each lexeme is quoted.
  tsq tsquery := to_tsquery('simple', regexp_replace(websearch_to_tsquery('simple', q)::text, '(''(?:[^'']|'''')*'')', '\1:*', 'g'));
  counterpart text := CASE WHEN caller_role = 'startup' THEN 'investor' ELSE 'startup' END;
  found_ids integer[];
  typos jsonb;
BEGIN
  profile := '[]'; document := '[]'; message := '[]'; milestone := '[]';

  IF 'profile' = ANY (wanted) THEN
    -- 1. names, on a vector of their own: few profiles, ranked; 2. only when names leave the page
    -- short, the other fields, where a common word matches thousands of profiles: only the first
    -- `ranked_text_candidates` matches are ranked (ranking reads each one's whole vector).
    WITH by_name AS (
      SELECT s.user_id, ts_rank(s.name_vector, tsq) AS score FROM search_profiles s
       WHERE s.role = counterpart AND s.name_vector @@ tsq
         AND s.user_id NOT IN (SELECT u.id FROM users u WHERE u.deleted_at IS NOT NULL)
         AND s.user_id NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = caller_id UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = caller_id)
       ORDER BY score DESC, s.user_id LIMIT result_limit
    ), by_text AS (
      SELECT c.user_id, ts_rank(c.search_vector, tsq) AS score
        FROM (SELECT s.user_id, s.search_vector FROM search_profiles s
               WHERE (SELECT count(*) FROM by_name) < result_limit
                 AND s.role = counterpart AND s.search_vector @@ tsq AND NOT s.name_vector @@ tsq
                 AND s.user_id NOT IN (SELECT u.id FROM users u WHERE u.deleted_at IS NOT NULL)
                 AND s.user_id NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = caller_id UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = caller_id)
               LIMIT ranked_text_candidates) c
       ORDER BY score DESC, c.user_id LIMIT result_limit
    ), found AS (
      SELECT user_id, 1 AS tier, score FROM by_name UNION ALL SELECT user_id, 2 AS tier, score FROM by_text
    )
    SELECT coalesce(jsonb_agg(r ORDER BY r.position), '[]') INTO profile
      FROM (SELECT s.user_id AS id, s.name AS title, s.details, row_number() OVER (ORDER BY f.tier, f.score DESC, s.user_id) AS position
              FROM found f JOIN search_profiles s ON s.user_id = f.user_id AND s.role = counterpart
             ORDER BY position LIMIT result_limit) r;

    -- 3. Names by trigram word similarity, for typos ("ledgr" finds "Ledger"), when the text
    -- found fewer than the limit; never for short text, where every name looks alike.
    IF jsonb_array_length(profile) < result_limit AND length(q) >= min_typo_length THEN
      found_ids := ARRAY(SELECT (e ->> 'id')::integer FROM jsonb_array_elements(profile) e);
      SELECT coalesce(jsonb_agg(r ORDER BY r.position), '[]') INTO typos
        FROM (SELECT s.user_id AS id, s.name AS title, s.details,
                     jsonb_array_length(profile) + row_number() OVER (ORDER BY word_similarity(q, s.name) DESC, s.user_id) AS position
                FROM search_profiles s
               WHERE s.role = counterpart AND q <% s.name AND s.user_id <> ALL (found_ids)
                 AND s.user_id NOT IN (SELECT u.id FROM users u WHERE u.deleted_at IS NOT NULL)
                 AND s.user_id NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = caller_id UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = caller_id)
               ORDER BY position LIMIT result_limit - jsonb_array_length(profile)) r;
      profile := profile || typos;
    END IF;
  END IF;

  IF 'document' = ANY (wanted) THEN
    -- What the caller may read comes first (a few dozen rows through their own indexes), and only
    -- those are matched against the text.
    WITH readable AS (
      SELECT d.id FROM documents d WHERE d.user_id = caller_id
      UNION
      SELECT a.document_id FROM document_access a
        JOIN documents d ON d.id = a.document_id
        JOIN users owner ON owner.id = d.user_id AND owner.deleted_at IS NULL
       WHERE a.user_id = caller_id AND a.revoked_at IS NULL AND (a.expires_at IS NULL OR a.expires_at > now_at)
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = caller_id AND b.blocked_id = d.user_id) OR (b.blocker_id = d.user_id AND b.blocked_id = caller_id))
    )
    SELECT coalesce(jsonb_agg(r ORDER BY r.position), '[]') INTO document
      FROM (SELECT d.id, d.name AS title, concat_ws(' · ', d.name, d.category) AS details, d.user_id = caller_id AS is_own,
                   row_number() OVER (ORDER BY ts_rank(d.search_vector, tsq) + word_similarity(q, d.name) DESC, d.uploaded_at DESC, d.id DESC) AS position
              FROM readable JOIN documents d ON d.id = readable.id
             WHERE d.search_vector @@ tsq OR q <% d.name
             ORDER BY position LIMIT result_limit) r;
  END IF;

  IF 'message' = ANY (wanted) THEN
    -- The busiest users hold thousands of messages and a common word matches hundreds: only the
    -- newest `ranked_text_candidates` matches are ranked, and only the page's rows are named.
    WITH candidates AS (
      SELECT m.id, m.search_vector, m.sent_at, CASE WHEN m.sender_id = caller_id THEN m.receiver_id ELSE m.sender_id END AS partner_id
        FROM messages m
       WHERE (m.sender_id = caller_id OR m.receiver_id = caller_id)
         AND m.search_vector @@ tsq
         AND CASE WHEN m.sender_id = caller_id THEN m.receiver_id ELSE m.sender_id END
             NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = caller_id UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = caller_id)
       ORDER BY m.sent_at DESC, m.id DESC LIMIT ranked_text_candidates
    ), best AS (
      SELECT c.id, c.partner_id, row_number() OVER (ORDER BY ts_rank(c.search_vector, tsq) DESC, c.sent_at DESC, c.id DESC) AS position
        FROM candidates c ORDER BY position LIMIT result_limit
    )
    SELECT coalesce(jsonb_agg(r ORDER BY r.position), '[]') INTO message
      FROM (SELECT best.id, best.partner_id, best.position, m.content,
                   CASE WHEN partner.deleted_at IS NOT NULL THEN 'Deleted user'
                        ELSE coalesce(sp.company_name, ip.firm_name, partner.first_name || ' ' || partner.last_name) END AS title
              FROM best
              JOIN messages m ON m.id = best.id
              JOIN users partner ON partner.id = best.partner_id
              LEFT JOIN startup_profiles sp ON sp.user_id = partner.id
              LEFT JOIN investor_profiles ip ON ip.user_id = partner.id) r;
  END IF;

  IF 'milestone' = ANY (wanted) THEN
    SELECT coalesce(jsonb_agg(r ORDER BY r.position), '[]') INTO milestone
      FROM (SELECT ms.id, CASE WHEN ms.startup_id = caller_id THEN ms.investor_id ELSE ms.startup_id END AS partner_id,
                   ms.title, concat_ws(' · ', ms.title, nullif(ms.description, '')) AS details,
                   row_number() OVER (ORDER BY ts_rank(ms.search_vector, tsq) DESC, ms.date ASC NULLS LAST, ms.id) AS position
              FROM milestones ms
             WHERE (ms.startup_id = caller_id OR ms.investor_id = caller_id)
               AND ms.search_vector @@ tsq
               AND NOT EXISTS (SELECT 1 FROM blocks b
                                WHERE (b.blocker_id = caller_id AND b.blocked_id = CASE WHEN ms.startup_id = caller_id THEN ms.investor_id ELSE ms.startup_id END)
                                   OR (b.blocker_id = CASE WHEN ms.startup_id = caller_id THEN ms.investor_id ELSE ms.startup_id END AND b.blocked_id = caller_id))
             ORDER BY position LIMIT result_limit) r;
  END IF;
  RETURN NEXT;
END
$$;
