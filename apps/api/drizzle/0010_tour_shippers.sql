ALTER TABLE "tours" ADD COLUMN "shippers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tours" ADD COLUMN "shipper_links" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- The tours imported before (see refreshTourShippers in tours.rollups.ts); before the index, which is then built once.
UPDATE "tours" t SET "shippers" = q.shippers, "shipper_links" = q.links
FROM (
  SELECT g.tour_id, array_agg(g.shipper ORDER BY g.shipper) AS shippers, array_agg(g.n ORDER BY g.shipper) AS links
  FROM (
    SELECT x.tour_id, s.shipper, count(*)::int AS n
    FROM "tour_shipments" x JOIN "shipments" s ON s.id = x.shipment_id
    WHERE s.shipper IS NOT NULL
    GROUP BY x.tour_id, s.shipper
  ) g
  GROUP BY g.tour_id
) q
WHERE t.id = q.tour_id;--> statement-breakpoint
CREATE INDEX "tours_shippers_idx" ON "tours" USING gin ("shippers");
