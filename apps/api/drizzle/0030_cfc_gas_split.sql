ALTER TABLE "cfc_entries" ADD COLUMN "co2_kg" double precision;--> statement-breakpoint
ALTER TABLE "cfc_entries" ADD COLUMN "ch4_kg" double precision;--> statement-breakpoint
ALTER TABLE "cfc_entries" ADD COLUMN "n2o_kg" double precision;--> statement-breakpoint
ALTER TABLE "cfc_entries" ADD COLUMN "biogenic_co2_kg" double precision;