-- Mutual consent (docs/decisions/0028-mutual-consent.md): each match keeps both sides' decisions, and
-- status becomes their combination. Existing rows were written by one-sided decisions, recorded in
-- status and decided_by (null on rows decided before 0005; match_decisions says who then).
ALTER TABLE "matches" ADD COLUMN "startup_decision" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "investor_decision" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "startup_decline_reason" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "investor_decline_reason" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "startup_shares_reason" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "investor_shares_reason" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Who made the decision that set a decided row's status, where decided_by did not record it.
UPDATE "matches" SET "decided_by" = (
  SELECT d."side" FROM "match_decisions" d
   WHERE d."match_id" = "matches"."id" AND d."decision" = "matches"."status"
   ORDER BY d."decided_at" DESC, d."id" DESC LIMIT 1)
 WHERE "status" <> 'pending' AND "decided_by" IS NULL;--> statement-breakpoint
-- A one-sided accept stays a connection only where both have already written to each other.
UPDATE "matches" SET "startup_decision" = 'accepted', "investor_decision" = 'accepted'
 WHERE "status" = 'accepted'
   AND EXISTS (SELECT 1 FROM "messages" WHERE "sender_id" = "matches"."startup_id" AND "receiver_id" = "matches"."investor_id")
   AND EXISTS (SELECT 1 FROM "messages" WHERE "sender_id" = "matches"."investor_id" AND "receiver_id" = "matches"."startup_id");--> statement-breakpoint
-- Otherwise the accepting side accepted and the other has not answered yet. An accept nobody
-- recorded the side of becomes no decision at all: no one is connected without a known yes.
UPDATE "matches" SET "startup_decision" = 'accepted'
 WHERE "status" = 'accepted' AND "decided_by" = 'startup' AND "investor_decision" = 'pending';--> statement-breakpoint
UPDATE "matches" SET "investor_decision" = 'accepted'
 WHERE "status" = 'accepted' AND "decided_by" = 'investor' AND "startup_decision" = 'pending';--> statement-breakpoint
-- A decline is the decliner's; if nobody recorded which side declined, both count as declined, so
-- the match stays declined and neither can be connected by the other's reconsidering alone.
UPDATE "matches" SET
  "startup_decision" = CASE WHEN "decided_by" IS DISTINCT FROM 'investor' THEN 'rejected' ELSE 'pending' END,
  "investor_decision" = CASE WHEN "decided_by" IS DISTINCT FROM 'startup' THEN 'rejected' ELSE 'pending' END
 WHERE "status" = 'rejected';--> statement-breakpoint
-- The decliners' latest reasons, kept private: nobody chose to share them.
UPDATE "matches" SET "startup_decline_reason" = (
  SELECT d."reason" FROM "match_decisions" d
   WHERE d."match_id" = "matches"."id" AND d."side" = 'startup' AND d."decision" = 'rejected'
   ORDER BY d."decided_at" DESC, d."id" DESC LIMIT 1)
 WHERE "startup_decision" = 'rejected';--> statement-breakpoint
UPDATE "matches" SET "investor_decline_reason" = (
  SELECT d."reason" FROM "match_decisions" d
   WHERE d."match_id" = "matches"."id" AND d."side" = 'investor' AND d."decision" = 'rejected'
   ORDER BY d."decided_at" DESC, d."id" DESC LIMIT 1)
 WHERE "investor_decision" = 'rejected';--> statement-breakpoint
UPDATE "matches" SET "status" = CASE
    WHEN "startup_decision" = 'rejected' OR "investor_decision" = 'rejected' THEN 'rejected'
    WHEN "startup_decision" = 'accepted' AND "investor_decision" = 'accepted' THEN 'accepted'
    ELSE 'pending' END;--> statement-breakpoint
-- The decisions now say who declined; decided_by would only repeat them.
ALTER TABLE "matches" DROP CONSTRAINT "matches_decided_by_check";--> statement-breakpoint
ALTER TABLE "matches" DROP COLUMN "decided_by";--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_startup_decision_check" CHECK ("matches"."startup_decision" in ('pending', 'accepted', 'rejected'));--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_investor_decision_check" CHECK ("matches"."investor_decision" in ('pending', 'accepted', 'rejected'));
