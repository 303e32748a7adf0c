CREATE TABLE "tour_shipment_restatements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"tour_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"source" jsonb NOT NULL,
	"co2_ttw" double precision,
	"co2_wtt" double precision,
	"co2_wtw" double precision NOT NULL,
	"previous_ttw" double precision,
	"previous_wtt" double precision,
	"previous_wtw" double precision,
	"tour_previous_ttw" double precision,
	"tour_previous_wtt" double precision,
	"tour_previous_wtw" double precision,
	"applied_by" uuid,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exchange_connections" ADD COLUMN "events_client_id" uuid;--> statement-breakpoint
ALTER TABLE "exchange_partner_footprints" ADD COLUMN "applied_version" integer;--> statement-breakpoint
ALTER TABLE "tour_shipment_restatements" ADD CONSTRAINT "tour_shipment_restatements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_shipment_restatements" ADD CONSTRAINT "tour_shipment_restatements_tour_fk" FOREIGN KEY ("company_id","tour_id") REFERENCES "public"."tours"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_shipment_restatements" ADD CONSTRAINT "tour_shipment_restatements_shipment_fk" FOREIGN KEY ("company_id","shipment_id") REFERENCES "public"."shipments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tour_shipment_restatements_company_row_uq" ON "tour_shipment_restatements" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_shipment_restatements_leg_uq" ON "tour_shipment_restatements" USING btree ("company_id","tour_id","shipment_id");--> statement-breakpoint
CREATE INDEX "tour_shipment_restatements_shipment_idx" ON "tour_shipment_restatements" USING btree ("company_id","shipment_id");--> statement-breakpoint
-- Assignments made before decision 0018 changed no stored figure (only the shipment detail showed
-- them). They end here, so every partner figure in use is a logged restatement the user applied.
UPDATE "exchange_partner_footprints" SET "applied_tour_id" = NULL, "applied_by" = NULL, "applied_at" = NULL
WHERE "applied_tour_id" IS NOT NULL;