CREATE INDEX "investor_profiles_updated_at_idx" ON "investor_profiles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "startup_profiles_updated_at_idx" ON "startup_profiles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "matching_user_state_updated_at_idx" ON "matching_user_state" USING btree ("updated_at");