ALTER TABLE "mapping_import_rows" DROP CONSTRAINT "mapping_import_rows_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "tour_shipments" DROP CONSTRAINT "tour_shipments_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "mapping_import_rows" ALTER COLUMN "data" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "mapping_import_tasks" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tour_shipments" ADD COLUMN "distance_km" double precision;--> statement-breakpoint
ALTER TABLE "tour_shipments" ADD COLUMN "tkm" double precision;--> statement-breakpoint
ALTER TABLE "mapping_import_rows" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "tour_shipments" DROP COLUMN "default_result";--> statement-breakpoint
ALTER TABLE "tour_shipments" DROP COLUMN "individual_result";--> statement-breakpoint
-- Staged import rows are cleared and read again from the file after a crash, so they need no WAL.
ALTER TABLE "mapping_import_rows" SET UNLOGGED;
