CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"alerts_enabled" boolean DEFAULT true NOT NULL,
	"alerts_checked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_record_investments" (
	"id" serial PRIMARY KEY NOT NULL,
	"investor_id" integer NOT NULL,
	"company_name" text NOT NULL,
	"invested_on" date NOT NULL,
	"stage" text NOT NULL,
	"industry" text NOT NULL,
	"location" text,
	"country_code" text,
	"amount_usd" bigint,
	"link" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_record_amount_check" CHECK ("track_record_investments"."amount_usd" is null or "track_record_investments"."amount_usd" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "open_to_new_deals" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "weekly_request_cap" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "startup_profiles" ADD COLUMN "raising_now" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "startup_profiles" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "requested_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "request_delivered_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "request_queued_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "request_expired_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "origin" text DEFAULT 'generated' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_record_investments" ADD CONSTRAINT "track_record_investments_investor_id_users_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_name_unique" ON "saved_searches" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_searches_alerts_idx" ON "saved_searches" USING btree ("alerts_checked_at") WHERE "saved_searches"."alerts_enabled";--> statement-breakpoint
CREATE INDEX "track_record_investor_idx" ON "track_record_investments" USING btree ("investor_id","invested_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_last_active_idx" ON "users" USING btree ("last_active_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "investor_profiles_created_idx" ON "investor_profiles" USING btree ("created_at" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "investor_profiles_country_idx" ON "investor_profiles" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "startup_profiles_created_idx" ON "startup_profiles" USING btree ("created_at" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "startup_profiles_country_idx" ON "startup_profiles" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "matches_request_queued_idx" ON "matches" USING btree ("request_queued_until") WHERE "matches"."request_queued_until" is not null;--> statement-breakpoint
CREATE INDEX "matches_request_delivered_idx" ON "matches" USING btree ("request_delivered_at") WHERE "matches"."request_delivered_at" is not null and "matches"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "investor_profiles" ADD CONSTRAINT "investor_profiles_weekly_request_cap_range" CHECK ("investor_profiles"."weekly_request_cap" between 1 and 500);--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_origin_check" CHECK ("matches"."origin" in ('generated', 'directory'));--> statement-breakpoint
-- Requests made before intake existed: one side accepted, the other has not answered. They reached
-- the other side when last decided, so their 30 days run from then.
UPDATE "matches" SET "requested_at" = "updated_at", "request_delivered_at" = "updated_at"
 WHERE "status" = 'pending' AND ("startup_decision" = 'accepted') <> ("investor_decision" = 'accepted')
   AND "startup_decision" <> 'rejected' AND "investor_decision" <> 'rejected';
