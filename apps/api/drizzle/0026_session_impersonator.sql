ALTER TABLE "cfc_entries" ADD COLUMN "market_basis" text;--> statement-breakpoint
ALTER TABLE "cfc_entries" ADD COLUMN "market_factor" double precision;--> statement-breakpoint
ALTER TABLE "cfc_entries" ADD COLUMN "market_factor_unit" text;--> statement-breakpoint
ALTER TABLE "cfc_entries" ADD COLUMN "market_factor_source" text;--> statement-breakpoint
CREATE INDEX "sessions_impersonator_idx" ON "sessions" USING btree ("impersonator_user_id");