-- Search (issue #18, docs/search.md, ADR 0042): full-text vectors kept by PostgreSQL itself
-- (generated columns, GIN-indexed) and trigram indexes for names. pg_trgm is a trusted extension
-- on PostgreSQL 13+ and ships with PGlite (loaded in db/pglite-extensions.ts). The 'simple'
-- configuration lowercases without stemming, so prefix queries ("fin" → "FinTech") behave the
-- same in every language and on both engines. The vectors are not declared in the Drizzle schema
-- so that select() never carries them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "startup_profiles" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('simple', coalesce("company_name", '')), 'A') ||
	setweight(to_tsvector('simple', coalesce("industry", '') || ' ' || coalesce("location", '')), 'B') ||
	setweight(to_tsvector('simple', coalesce("description", '')), 'C')
) STORED;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('simple', coalesce("firm_name", '')), 'A') ||
	setweight(jsonb_to_tsvector('simple', "industry_focus", '["string"]') || to_tsvector('simple', coalesce("location", '')), 'B') ||
	setweight(to_tsvector('simple', coalesce("description", '') || ' ' || coalesce("investment_thesis", '')), 'C')
) STORED;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('simple', coalesce("name", '')), 'A') ||
	setweight(to_tsvector('simple', coalesce("category", '')), 'B')
) STORED;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	to_tsvector('simple', "content")
) STORED;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('simple', coalesce("title", '')), 'A') ||
	setweight(to_tsvector('simple', coalesce("description", '')), 'B')
) STORED;--> statement-breakpoint
CREATE INDEX "startup_profiles_search_idx" ON "startup_profiles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "investor_profiles_search_idx" ON "investor_profiles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "milestones_search_idx" ON "milestones" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "investor_profiles_firm_name_trgm_idx" ON "investor_profiles" USING gin ("firm_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "startup_profiles_company_name_trgm_idx" ON "startup_profiles" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_name_trgm_idx" ON "documents" USING gin ("name" gin_trgm_ops);
