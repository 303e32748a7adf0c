ALTER TABLE "cfc_entries" ADD COLUMN "market_factor_id" uuid;--> statement-breakpoint
ALTER TABLE "cfc_entries" ADD COLUMN "market_factor_version" integer;--> statement-breakpoint
ALTER TABLE "cfc_entries" ADD COLUMN "market_factor_edition" text;