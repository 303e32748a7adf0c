CREATE TABLE "geo_datasets" (
	"name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"count" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geo_location_keys" (
	"location_id" bigint NOT NULL,
	"key" text NOT NULL,
	"kind" smallint NOT NULL,
	"type" text NOT NULL,
	"country" text NOT NULL,
	"importance" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "geo_location_keys_location_id_key_pk" PRIMARY KEY("location_id","key")
);
--> statement-breakpoint
CREATE TABLE "geo_locations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "geo_locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"code" text NOT NULL,
	"country" text NOT NULL,
	"name" text NOT NULL,
	"subdivision" text,
	"places" jsonb,
	"locode" text,
	"iata_code" text,
	"lat" double precision,
	"lon" double precision,
	"importance" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "geo_location_keys" ADD CONSTRAINT "geo_location_keys_location_id_geo_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."geo_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geo_location_keys_key_idx" ON "geo_location_keys" USING btree ("key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "geo_location_keys_important_key_idx" ON "geo_location_keys" USING btree ("key" text_pattern_ops) WHERE importance >= 50000;--> statement-breakpoint
CREATE UNIQUE INDEX "geo_locations_type_country_code_uq" ON "geo_locations" USING btree ("type","country","code");--> statement-breakpoint
CREATE INDEX "geo_locations_country_type_idx" ON "geo_locations" USING btree ("country","type");