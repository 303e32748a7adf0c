ALTER TABLE "shipments" ADD COLUMN "tkm" double precision;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "glec_vehicle_type" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "tour_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "shipment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "shipments_shared_idx" ON "shipments" USING btree ("company_id") WHERE "shipments"."tour_count" > 1;--> statement-breakpoint
-- Existing rows: the same figures the stats computed with joins until now.
UPDATE "tours" t SET "shipment_count" = c.n
  FROM (SELECT tour_id, count(*)::int AS n FROM "tour_shipments" GROUP BY tour_id) c
  WHERE c.tour_id = t.id;--> statement-breakpoint
UPDATE "shipments" s SET "tkm" = a.tkm, "glec_vehicle_type" = a.type, "tour_count" = a.n
  FROM (SELECT x.shipment_id,
      sum(coalesce(x.weight_kg, 0) / 1000.0 * coalesce(s2.loaded_distance_km, t.distance_km, 0)) AS tkm,
      CASE WHEN count(DISTINCT coalesce(t.glec_vehicle_type, 'unknown')) = 1
        THEN min(coalesce(t.glec_vehicle_type, 'unknown')) END AS type,
      count(*)::int AS n
    FROM "tour_shipments" x JOIN "shipments" s2 ON s2.id = x.shipment_id JOIN "tours" t ON t.id = x.tour_id
    GROUP BY x.shipment_id) a
  WHERE a.shipment_id = s.id;
