ALTER TABLE "cfc_entries" ADD COLUMN "factor_id" uuid;--> statement-breakpoint
ALTER TABLE "cfc_entries" ADD COLUMN "factor_version" integer;--> statement-breakpoint
ALTER TABLE "cfc_entries" ADD COLUMN "factor_edition" text;--> statement-breakpoint
ALTER TABLE "cfc_entries" ADD COLUMN "factor_gwp_set" text;--> statement-breakpoint
ALTER TABLE "cfc_reports" ADD COLUMN "gwp_set" text DEFAULT 'AR5' NOT NULL;--> statement-breakpoint
ALTER TABLE "cfc_settings" ADD COLUMN "recalculation_threshold" double precision DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "cfc_settings" ADD COLUMN "gwp_set" text DEFAULT 'AR5' NOT NULL;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD COLUMN "gwp_set" text;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD COLUMN "lineage_id" uuid;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
CREATE INDEX "emission_factors_lineage_idx" ON "emission_factors" USING btree ("lineage_id");--> statement-breakpoint
-- Every factor records its GWP set: DESNZ and the grid series AR5, the refrigerant table AR6, GEG none;
-- factors written in the product so far count as AR5 (the set their DESNZ neighbours use).
UPDATE "emission_factors" SET "gwp_set" = 'AR5';--> statement-breakpoint
UPDATE "emission_factors" SET "gwp_set" = 'AR6' WHERE "source_id" IN (SELECT "id" FROM "emission_sources" WHERE "dataset_key" = 'refrigerants-ar6');--> statement-breakpoint
UPDATE "emission_factors" SET "gwp_set" = NULL WHERE "source_id" IN (SELECT "id" FROM "emission_sources" WHERE "dataset_key" = 'geg-anlage9');
