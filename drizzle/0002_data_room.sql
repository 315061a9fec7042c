CREATE TABLE "data_room_settings" (
	"startup_id" integer PRIMARY KEY NOT NULL,
	"auto_share_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"viewer_id" integer NOT NULL,
	"opened_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer
);
--> statement-breakpoint
ALTER TABLE "data_room_settings" ADD CONSTRAINT "data_room_settings_startup_id_users_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_views" ADD CONSTRAINT "document_views_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_views" ADD CONSTRAINT "document_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_views_document_idx" ON "document_views" USING btree ("document_id","viewer_id");--> statement-breakpoint
CREATE INDEX "document_views_viewer_idx" ON "document_views" USING btree ("viewer_id");