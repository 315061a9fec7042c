ALTER TABLE "matches" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_decided_by_check" CHECK ("matches"."decided_by" in ('startup', 'investor'));