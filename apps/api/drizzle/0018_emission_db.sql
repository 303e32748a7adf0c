CREATE TABLE "emission_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"internal_name" text,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"translations" jsonb NOT NULL,
	"treatment_id" text,
	"search_names" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"rank_weight" smallint DEFAULT 5 NOT NULL,
	"dataset_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emission_activities_dataset_key_unique" UNIQUE("dataset_key")
);
--> statement-breakpoint
CREATE TABLE "emission_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"company_id" uuid,
	"base_unit" text NOT NULL,
	"unit_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"co2_factor" double precision NOT NULL,
	"biogenic_co2_factor" double precision,
	"co2" double precision,
	"ch4" double precision,
	"n2o" double precision,
	"wtt_factor" double precision,
	"country" text,
	"source_id" uuid,
	"source_version_id" uuid,
	"translations" jsonb DEFAULT '{"de":{"note":null},"en":{"note":null}}'::jsonb NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"version" integer DEFAULT 1 NOT NULL,
	"year" integer,
	"release_date" date,
	"provider_id" uuid,
	"coverage" text,
	"lca_activity" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emission_provider_blocks" (
	"company_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emission_provider_blocks_company_id_provider_id_pk" PRIMARY KEY("company_id","provider_id")
);
--> statement-breakpoint
CREATE TABLE "emission_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emission_providers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "emission_source_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"company_id" uuid,
	"version" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"release_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emission_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"name" text NOT NULL,
	"url" text,
	"details" text,
	"licence" text,
	"dataset_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emission_sources_dataset_key_unique" UNIQUE("dataset_key")
);
--> statement-breakpoint
ALTER TABLE "emission_activities" ADD CONSTRAINT "emission_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_activity_id_emission_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."emission_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_source_id_emission_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."emission_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_source_version_id_emission_source_versions_id_fk" FOREIGN KEY ("source_version_id") REFERENCES "public"."emission_source_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_provider_id_emission_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."emission_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_provider_blocks" ADD CONSTRAINT "emission_provider_blocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_provider_blocks" ADD CONSTRAINT "emission_provider_blocks_provider_id_emission_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."emission_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_source_versions" ADD CONSTRAINT "emission_source_versions_source_id_emission_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."emission_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_source_versions" ADD CONSTRAINT "emission_source_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emission_sources" ADD CONSTRAINT "emission_sources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emission_activities_company_idx" ON "emission_activities" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "emission_activities_search_trgm_idx" ON "emission_activities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "emission_factors_activity_idx" ON "emission_factors" USING btree ("activity_id","country");--> statement-breakpoint
CREATE INDEX "emission_factors_company_idx" ON "emission_factors" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "emission_factors_source_idx" ON "emission_factors" USING btree ("source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "emission_factors_external_idx" ON "emission_factors" USING btree ("source_version_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "emission_source_versions_version_idx" ON "emission_source_versions" USING btree ("source_id","version");--> statement-breakpoint
CREATE INDEX "emission_sources_company_idx" ON "emission_sources" USING btree ("company_id");