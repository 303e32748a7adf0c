CREATE TABLE "shipment_stats_days" (
	"company_id" uuid NOT NULL,
	"month" date,
	"day" date,
	"shipper" text,
	"glec_vehicle_type" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"shipments" integer NOT NULL,
	"weight_kg" double precision,
	"tkm" double precision,
	"co2_default_ttw" double precision,
	"co2_default_wtt" double precision,
	"co2_default_wtw" double precision,
	"co2_individual_ttw" double precision,
	"co2_individual_wtt" double precision,
	"co2_individual_wtw" double precision,
	"hub_co2_wtw" double precision,
	"individual_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_stats_days" (
	"company_id" uuid NOT NULL,
	"month" date,
	"day" date,
	"glec_vehicle_type" text,
	"vehicle_id" uuid,
	"plate" text,
	"license_plate" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"tours" integer NOT NULL,
	"trips" integer NOT NULL,
	"links" integer NOT NULL,
	"distance_km" double precision,
	"empty_distance_km" double precision,
	"tkm" double precision,
	"co2_default_ttw" double precision,
	"co2_default_wtt" double precision,
	"co2_default_wtw" double precision,
	"co2_individual_ttw" double precision,
	"co2_individual_wtt" double precision,
	"co2_individual_wtw" double precision,
	"hub_co2_wtw" double precision,
	"individual_count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "shipment_stats_days_idx" ON "shipment_stats_days" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "shipment_stats_days_month_idx" ON "shipment_stats_days" USING btree ("company_id","month");--> statement-breakpoint
CREATE INDEX "tour_stats_days_idx" ON "tour_stats_days" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "tour_stats_days_month_idx" ON "tour_stats_days" USING btree ("company_id","month");--> statement-breakpoint
-- The daily sums of the data imported before (see refreshStatsMonths in tours.rollups.repository.ts).
INSERT INTO "tour_stats_days" ("company_id", "month", "day", "glec_vehicle_type", "vehicle_id", "plate", "license_plate", "tags", "tours", "trips", "links", "distance_km", "empty_distance_km", "tkm", "co2_default_ttw", "co2_default_wtt", "co2_default_wtw", "co2_individual_ttw", "co2_individual_wtt", "co2_individual_wtw", "hub_co2_wtw", "individual_count")
SELECT t.company_id, date_trunc('month', t.departure_date at time zone 'Europe/Berlin')::date, (t.departure_date at time zone 'Europe/Berlin')::date,
  t.glec_vehicle_type, t.vehicle_id, CASE WHEN t.vehicle_id IS NULL THEN t.license_plate END, min(t.license_plate), t.tags,
  count(*)::int, count(*) FILTER (WHERE t.shipment_count > 0)::int, sum(t.shipment_count)::int,
  sum(t.distance_km), sum(t.empty_distance_km), sum(t.tkm), sum(t.co2_default_ttw), sum(t.co2_default_wtt),
  sum(t.co2_default_wtw), sum(t.co2_individual_ttw), sum(t.co2_individual_wtt), sum(t.co2_individual_wtw),
  sum(t.hub_co2_wtw), count(t.co2_individual_wtw)::int
FROM "tours" t GROUP BY 1, 2, 3, 4, 5, 6, 8;--> statement-breakpoint
INSERT INTO "shipment_stats_days" ("company_id", "month", "day", "shipper", "glec_vehicle_type", "tags", "shipments", "weight_kg", "tkm", "co2_default_ttw", "co2_default_wtt", "co2_default_wtw", "co2_individual_ttw", "co2_individual_wtt", "co2_individual_wtw", "hub_co2_wtw", "individual_count")
SELECT s.company_id, date_trunc('month', s.departure_date at time zone 'Europe/Berlin')::date, (s.departure_date at time zone 'Europe/Berlin')::date,
  s.shipper, s.glec_vehicle_type, s.tags,
  count(*)::int, sum(s.weight_kg), sum(s.tkm), sum(s.co2_default_ttw), sum(s.co2_default_wtt), sum(s.co2_default_wtw),
  sum(s.co2_individual_ttw), sum(s.co2_individual_wtt), sum(s.co2_individual_wtw), sum(s.hub_co2_wtw),
  count(s.co2_individual_wtw)::int
FROM "shipments" s GROUP BY 1, 2, 3, 4, 5, 6;
