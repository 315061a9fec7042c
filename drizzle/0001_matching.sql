CREATE TABLE "match_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"side" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"components_snapshot" jsonb,
	"decided_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_decisions_side_check" CHECK ("match_decisions"."side" in ('startup', 'investor')),
	CONSTRAINT "match_decisions_decision_check" CHECK ("match_decisions"."decision" in ('accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "matching_user_state" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"decision_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "breakdown" jsonb;--> statement-breakpoint
ALTER TABLE "match_decisions" ADD CONSTRAINT "match_decisions_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_decisions" ADD CONSTRAINT "match_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matching_user_state" ADD CONSTRAINT "matching_user_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_decisions_user_idx" ON "match_decisions" USING btree ("user_id","decided_at");--> statement-breakpoint
CREATE INDEX "match_decisions_match_idx" ON "match_decisions" USING btree ("match_id");