CREATE TABLE "document_page_views" (
	"view_id" integer NOT NULL,
	"page" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "document_page_views_view_id_page_pk" PRIMARY KEY("view_id","page")
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"storage_key" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text,
	"page_count" integer,
	"uploaded_by" integer,
	"uploaded_at" timestamp (3) with time zone NOT NULL,
	"note" text,
	CONSTRAINT "document_versions_document_version_unique" UNIQUE("document_id","version")
);
--> statement-breakpoint
ALTER TABLE "document_views" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "current_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "document_page_views" ADD CONSTRAINT "document_page_views_view_id_document_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."document_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_versions_storage_key_idx" ON "document_versions" USING btree ("storage_key");--> statement-breakpoint
-- Issue #21: every existing document's bytes become its version 1.
INSERT INTO "document_versions" ("document_id", "version", "storage_key", "type", "size", "sha256", "uploaded_by", "uploaded_at")
SELECT "id", 1, "storage_key", "type", "size", "sha256", "user_id", "uploaded_at" FROM "documents" WHERE "storage_key" IS NOT NULL;
