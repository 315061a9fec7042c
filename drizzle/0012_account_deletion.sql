-- Account deletion (docs/decisions/0040-account-export-and-deletion.md): a deleted account's row stays,
-- anonymised, so the messages it sent keep a sender; deleted_at says when (the database's clock), and
-- each instance's matching engine asks for the accounts deleted since its last sync.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "users_deleted_at_idx" ON "users" USING btree ("deleted_at") WHERE "users"."deleted_at" is not null;
