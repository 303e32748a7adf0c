CREATE TABLE "trailers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"license_plate" text NOT NULL,
	"license_plate_key" text NOT NULL,
	"description" text,
	"max_payload" double precision,
	"max_weight" double precision,
	"weight" double precision,
	"has_cooling_unit" boolean DEFAULT false NOT NULL,
	"cooling_unit_description" text,
	"year_of_construction" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"used_in_calculations" boolean DEFAULT false NOT NULL,
	"replaced_by_id" uuid,
	"decommissioned_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"trailer_reference" text,
	"glec_trailer_type" text,
	"load_volume" double precision
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"license_plate" text NOT NULL,
	"license_plate_key" text NOT NULL,
	"description" text,
	"max_payload" double precision,
	"max_weight" double precision,
	"weight" double precision,
	"has_cooling_unit" boolean DEFAULT false NOT NULL,
	"cooling_unit_description" text,
	"year_of_construction" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"used_in_calculations" boolean DEFAULT false NOT NULL,
	"replaced_by_id" uuid,
	"decommissioned_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vehicle_location" text,
	"vehicle_reference" text,
	"fuel_information" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"glec_vehicle_type" text,
	"manufacturer" text,
	"type" text,
	"model" text,
	"engine_power_ps" double precision,
	"engine_power_kw" double precision,
	"engine_displacement" double precision,
	"exhaust_standard" text
);
--> statement-breakpoint
ALTER TABLE "trailers" ADD CONSTRAINT "trailers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trailers_active_plate_uq" ON "trailers" USING btree ("company_id","license_plate_key") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "trailers_company_status_idx" ON "trailers" USING btree ("company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_active_plate_uq" ON "vehicles" USING btree ("company_id","license_plate_key") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "vehicles_company_status_idx" ON "vehicles" USING btree ("company_id","status");