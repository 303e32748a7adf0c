CREATE TABLE "exchange_fetches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"exchange_client_id" uuid NOT NULL,
	"pf_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"product_key" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"fetch_count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_footprint_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"pf_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" uuid NOT NULL,
	"shipper" text,
	"status" text NOT NULL,
	"preceding_pf_ids" jsonb,
	"digest" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"updated" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exchange_connections" ADD COLUMN "publish_updates" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_partner_footprints" ADD COLUMN "co2e_ttw_kg" double precision;--> statement-breakpoint
ALTER TABLE "exchange_partner_footprints" ADD COLUMN "pf_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_partner_footprints" ADD COLUMN "applied_tour_id" uuid;--> statement-breakpoint
ALTER TABLE "exchange_partner_footprints" ADD COLUMN "applied_by" uuid;--> statement-breakpoint
ALTER TABLE "exchange_partner_footprints" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exchange_fetches" ADD CONSTRAINT "exchange_fetches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_fetches" ADD CONSTRAINT "exchange_fetches_client_fk" FOREIGN KEY ("company_id","exchange_client_id") REFERENCES "public"."exchange_clients"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_footprint_versions" ADD CONSTRAINT "exchange_footprint_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_fetches_company_row_uq" ON "exchange_fetches" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_fetches_client_pf_uq" ON "exchange_fetches" USING btree ("company_id","exchange_client_id","pf_id");--> statement-breakpoint
CREATE INDEX "exchange_fetches_last_idx" ON "exchange_fetches" USING btree ("company_id","exchange_client_id","last_fetched_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_footprint_versions_company_row_uq" ON "exchange_footprint_versions" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_footprint_versions_pf_uq" ON "exchange_footprint_versions" USING btree ("company_id","pf_id","version");--> statement-breakpoint
CREATE INDEX "exchange_footprint_versions_subject_idx" ON "exchange_footprint_versions" USING btree ("company_id","subject");