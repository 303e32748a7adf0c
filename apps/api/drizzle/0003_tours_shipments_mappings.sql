CREATE TABLE "mapping_import_files" (
	"task_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mapping_import_rows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mapping_import_rows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"tour_reference" text NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mapping_import_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"mapping_id" uuid,
	"source" text DEFAULT 'file' NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"imported_by" uuid,
	"api_key_id" uuid,
	"job_id" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"total_rows" integer,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"category" text NOT NULL,
	"format" text NOT NULL,
	"format_options" jsonb NOT NULL,
	"details" jsonb NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"task_id" uuid,
	"tour_reference" text,
	"row_number" integer,
	"column_title" text,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"tag_group_id" uuid NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"order_number" text,
	"shipper" text,
	"description" text,
	"weight_kg" double precision,
	"loaded_distance_km" double precision,
	"origin" jsonb,
	"destination" jsonb,
	"departure_date" timestamp with time zone,
	"co2_default_ttw" double precision,
	"co2_default_wtt" double precision,
	"co2_default_wtw" double precision,
	"co2_individual_ttw" double precision,
	"co2_individual_wtt" double precision,
	"co2_individual_wtw" double precision,
	"hub_co2_wtw" double precision,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"task_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_shipments" (
	"tour_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"carriage" text DEFAULT 'main_carriage' NOT NULL,
	"weight_kg" double precision,
	"share" double precision,
	"co2_default_ttw" double precision,
	"co2_default_wtt" double precision,
	"co2_default_wtw" double precision,
	"co2_individual_ttw" double precision,
	"co2_individual_wtt" double precision,
	"co2_individual_wtw" double precision,
	"hub_co2_wtw" double precision,
	"default_result" jsonb,
	"individual_result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_shipments_tour_id_shipment_id_pk" PRIMARY KEY("tour_id","shipment_id")
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"departure" jsonb NOT NULL,
	"arrival" jsonb NOT NULL,
	"departure_date" timestamp with time zone,
	"arrival_date" timestamp with time zone,
	"glec_vehicle_type" text,
	"vehicle_id" uuid,
	"license_plate" text,
	"vehicle_reference" text,
	"weight_kg" double precision,
	"distance_km" double precision,
	"empty_distance_km" double precision,
	"empty_running_share" double precision,
	"tkm" double precision,
	"fuel" jsonb,
	"temperature_control" boolean DEFAULT false NOT NULL,
	"co2_default_ttw" double precision,
	"co2_default_wtt" double precision,
	"co2_default_wtw" double precision,
	"co2_individual_ttw" double precision,
	"co2_individual_wtt" double precision,
	"co2_individual_wtw" double precision,
	"hub_co2_wtw" double precision,
	"default_result" jsonb,
	"individual_result" jsonb,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"task_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mapping_import_files" ADD CONSTRAINT "mapping_import_files_task_id_mapping_import_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."mapping_import_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mapping_import_files" ADD CONSTRAINT "mapping_import_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mapping_import_rows" ADD CONSTRAINT "mapping_import_rows_task_id_mapping_import_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."mapping_import_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mapping_import_rows" ADD CONSTRAINT "mapping_import_rows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mapping_import_tasks" ADD CONSTRAINT "mapping_import_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mapping_import_tasks" ADD CONSTRAINT "mapping_import_tasks_mapping_id_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."mappings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mappings" ADD CONSTRAINT "mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_codes" ADD CONSTRAINT "tour_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_codes" ADD CONSTRAINT "tour_codes_task_id_mapping_import_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."mapping_import_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_groups" ADD CONSTRAINT "tag_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_tag_group_id_tag_groups_id_fk" FOREIGN KEY ("tag_group_id") REFERENCES "public"."tag_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_shipments" ADD CONSTRAINT "tour_shipments_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_shipments" ADD CONSTRAINT "tour_shipments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_shipments" ADD CONSTRAINT "tour_shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mapping_import_rows_task_idx" ON "mapping_import_rows" USING btree ("task_id","tour_reference","row_number");--> statement-breakpoint
CREATE INDEX "mapping_import_tasks_company_idx" ON "mapping_import_tasks" USING btree ("company_id","uploaded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mappings_company_idx" ON "mappings" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "tour_codes_company_idx" ON "tour_codes" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tour_codes_task_idx" ON "tour_codes" USING btree ("task_id","row_number");--> statement-breakpoint
CREATE INDEX "tour_codes_tour_idx" ON "tour_codes" USING btree ("company_id","tour_reference") WHERE tour_reference is not null;--> statement-breakpoint
CREATE INDEX "tag_groups_company_idx" ON "tag_groups" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_company_value_uq" ON "tags" USING btree ("company_id",lower("value"));--> statement-breakpoint
CREATE INDEX "tags_group_idx" ON "tags" USING btree ("tag_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_company_reference_uq" ON "shipments" USING btree ("company_id","reference");--> statement-breakpoint
CREATE INDEX "shipments_company_departure_idx" ON "shipments" USING btree ("company_id","departure_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shipments_company_shipper_idx" ON "shipments" USING btree ("company_id","shipper");--> statement-breakpoint
CREATE INDEX "shipments_tags_idx" ON "shipments" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "tour_shipments_shipment_idx" ON "tour_shipments" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "tour_shipments_company_idx" ON "tour_shipments" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tours_company_reference_uq" ON "tours" USING btree ("company_id","reference");--> statement-breakpoint
CREATE INDEX "tours_company_departure_idx" ON "tours" USING btree ("company_id","departure_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tours_company_vehicle_idx" ON "tours" USING btree ("company_id","vehicle_id");--> statement-breakpoint
CREATE INDEX "tours_tags_idx" ON "tours" USING gin ("tags");