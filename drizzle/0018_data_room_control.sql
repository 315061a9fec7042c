CREATE TABLE "nda_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"nda_version_id" integer NOT NULL,
	"startup_id" integer NOT NULL,
	"investor_id" integer,
	"secure_link_id" integer,
	"acceptor_key" text NOT NULL,
	"typed_name" text NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"accepted_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nda_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"startup_id" integer NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"content_hash" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "nda_versions_startup_version_unique" UNIQUE("startup_id","version")
);
--> statement-breakpoint
CREATE TABLE "secure_link_documents" (
	"secure_link_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	CONSTRAINT "secure_link_documents_secure_link_id_document_id_pk" PRIMARY KEY("secure_link_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "secure_link_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"secure_link_id" integer NOT NULL,
	"session_hash" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp (3) with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp (3) with time zone,
	"password_passed_at" timestamp (3) with time zone,
	"ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secure_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"startup_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"require_email_verification" boolean DEFAULT true NOT NULL,
	"allowed_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"password_hash" text,
	"expires_at" timestamp (3) with time zone,
	"can_download" boolean DEFAULT false NOT NULL,
	"watermark" boolean DEFAULT true NOT NULL,
	"nda_required" boolean DEFAULT false NOT NULL,
	"disabled_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_access" ALTER COLUMN "can_download" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "document_views" ALTER COLUMN "viewer_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "data_room_settings" ADD COLUMN "nda_for_whole_room" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_views" ADD COLUMN "secure_link_id" integer;--> statement-breakpoint
ALTER TABLE "document_views" ADD COLUMN "visitor_email" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "watermark" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "nda_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_nda_version_id_nda_versions_id_fk" FOREIGN KEY ("nda_version_id") REFERENCES "public"."nda_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_startup_id_users_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_investor_id_users_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_acceptances" ADD CONSTRAINT "nda_acceptances_secure_link_id_secure_links_id_fk" FOREIGN KEY ("secure_link_id") REFERENCES "public"."secure_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nda_versions" ADD CONSTRAINT "nda_versions_startup_id_users_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_link_documents" ADD CONSTRAINT "secure_link_documents_secure_link_id_secure_links_id_fk" FOREIGN KEY ("secure_link_id") REFERENCES "public"."secure_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_link_documents" ADD CONSTRAINT "secure_link_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_link_sessions" ADD CONSTRAINT "secure_link_sessions_secure_link_id_secure_links_id_fk" FOREIGN KEY ("secure_link_id") REFERENCES "public"."secure_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secure_links" ADD CONSTRAINT "secure_links_startup_id_users_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nda_acceptances_version_acceptor_unique" ON "nda_acceptances" USING btree ("nda_version_id","acceptor_key");--> statement-breakpoint
CREATE INDEX "nda_acceptances_startup_idx" ON "nda_acceptances" USING btree ("startup_id","accepted_at");--> statement-breakpoint
CREATE INDEX "secure_link_documents_document_idx" ON "secure_link_documents" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "secure_link_sessions_hash_unique" ON "secure_link_sessions" USING btree ("session_hash");--> statement-breakpoint
CREATE INDEX "secure_link_sessions_link_idx" ON "secure_link_sessions" USING btree ("secure_link_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "secure_links_token_hash_unique" ON "secure_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "secure_links_startup_idx" ON "secure_links" USING btree ("startup_id","created_at");--> statement-breakpoint
ALTER TABLE "document_views" ADD CONSTRAINT "document_views_secure_link_id_secure_links_id_fk" FOREIGN KEY ("secure_link_id") REFERENCES "public"."secure_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_views_visitor_email_idx" ON "document_views" USING btree (lower("visitor_email")) WHERE "document_views"."visitor_email" is not null;--> statement-breakpoint
-- Issue #20: watermarks start on for financials, legal documents and cap tables (as new uploads do).
UPDATE "documents" SET "watermark" = true WHERE "category" IN ('Financial Projections', 'Legal Document') OR "name" ~* 'cap[ _-]?table';
