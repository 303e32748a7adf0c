ALTER TABLE "companies" ADD COLUMN "factor_regions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- One distance basis for tkm (ISO 14083, issue 14): a link's tkm is the shipment's mass times its
-- transport distance. Links of tours split by count kept no tkm; their driven km are brought to
-- SFD with the mode's DAF (road 1.05, sea 1.15). Emission figures stay as computed at their import
-- (a re-import applies the shipment rule to them).
UPDATE "tour_shipments" x SET "tkm" = x.weight_kg / 1000.0 * coalesce(x.distance_km, t.distance_km)
  / CASE WHEN t.glec_vehicle_type LIKE 'road\_%' THEN 1.05 WHEN t.glec_vehicle_type LIKE 'sea\_%' THEN 1.15 ELSE 1 END
FROM "tours" t
WHERE t.id = x.tour_id AND x.tkm IS NULL AND x.weight_kg IS NOT NULL AND coalesce(x.distance_km, t.distance_km) IS NOT NULL;--> statement-breakpoint
-- Shipment tkm used raw driven km; it is now the sum of its links' tkm (refreshTotals).
UPDATE "shipments" s SET "tkm" = agg.tkm
FROM (SELECT shipment_id, sum(coalesce(tkm, 0)) AS tkm FROM "tour_shipments" GROUP BY shipment_id) agg
WHERE s.id = agg.shipment_id;--> statement-breakpoint
-- The monthly shipment sums (decision 0008) follow, rebuilt as refreshStatsMonths writes them.
DELETE FROM "shipment_stats_months";--> statement-breakpoint
INSERT INTO "shipment_stats_months" ("company_id", "month", "shipper", "glec_vehicle_type", "tags", "shipments", "weight_kg", "tkm", "co2_default_ttw", "co2_default_wtt", "co2_default_wtw", "co2_individual_ttw", "co2_individual_wtt", "co2_individual_wtw", "hub_co2_wtw", "individual_count")
SELECT s.company_id, date_trunc('month', s.departure_date at time zone 'Europe/Berlin')::date, s.shipper, s.glec_vehicle_type, s.tags,
  count(*)::int, sum(s.weight_kg), sum(s.tkm), sum(s.co2_default_ttw), sum(s.co2_default_wtt), sum(s.co2_default_wtw),
  sum(s.co2_individual_ttw), sum(s.co2_individual_wtt), sum(s.co2_individual_wtw), sum(s.hub_co2_wtw),
  count(s.co2_individual_wtw)::int
FROM "shipments" s GROUP BY 1, 2, 3, 4, 5;
