CREATE TABLE "cfc_access_rights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"business_unit_id" uuid,
	"report_id" uuid,
	"rights" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "cfc_business_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"url_id" text NOT NULL,
	"name" text NOT NULL,
	"company_name" text,
	"description" text,
	"city" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "cfc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "cfc_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"section" text NOT NULL,
	"activity_id" uuid,
	"data" jsonb NOT NULL,
	"co2e_kg" double precision,
	"co2e_market_kg" double precision,
	"wtt_kg" double precision,
	"factor" double precision,
	"factor_unit" text,
	"factor_source" text,
	"factor_year" integer,
	"quantity" double precision,
	"data_quality" smallint,
	"error_code" text,
	"origin_kind" text,
	"origin_id" text,
	"origin_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "cfc_help_texts" (
	"section" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cfc_help_texts_section_language_pk" PRIMARY KEY("section","language")
);--> statement-breakpoint
CREATE TABLE "cfc_last_sections" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"business_unit_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"section" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cfc_last_sections_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);--> statement-breakpoint
CREATE TABLE "cfc_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"business_unit_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"power_market_based" boolean DEFAULT false NOT NULL,
	"thermal_market_based" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "cfc_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"base_year" integer,
	"sections" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "cfc_access_rights_company_row_uq" ON "cfc_access_rights" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "cfc_access_rights_group_idx" ON "cfc_access_rights" USING btree ("company_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cfc_business_units_company_row_uq" ON "cfc_business_units" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cfc_business_units_name_uq" ON "cfc_business_units" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cfc_business_units_url_uq" ON "cfc_business_units" USING btree ("company_id","url_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cfc_documents_company_row_uq" ON "cfc_documents" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "cfc_documents_entry_idx" ON "cfc_documents" USING btree ("company_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cfc_entries_company_row_uq" ON "cfc_entries" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "cfc_entries_report_idx" ON "cfc_entries" USING btree ("company_id","report_id","section");--> statement-breakpoint
CREATE UNIQUE INDEX "cfc_reports_company_row_uq" ON "cfc_reports" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cfc_reports_unit_year_uq" ON "cfc_reports" USING btree ("company_id","business_unit_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "cfc_settings_company_row_uq" ON "cfc_settings" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cfc_settings_company_uq" ON "cfc_settings" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "cfc_access_rights" ADD CONSTRAINT "cfc_access_rights_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_access_rights" ADD CONSTRAINT "cfc_access_rights_group_fk" FOREIGN KEY ("company_id","group_id") REFERENCES "public"."user_groups"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_access_rights" ADD CONSTRAINT "cfc_access_rights_unit_fk" FOREIGN KEY ("company_id","business_unit_id") REFERENCES "public"."cfc_business_units"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_access_rights" ADD CONSTRAINT "cfc_access_rights_report_fk" FOREIGN KEY ("company_id","report_id") REFERENCES "public"."cfc_reports"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_business_units" ADD CONSTRAINT "cfc_business_units_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_documents" ADD CONSTRAINT "cfc_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_documents" ADD CONSTRAINT "cfc_documents_entry_fk" FOREIGN KEY ("company_id","entry_id") REFERENCES "public"."cfc_entries"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_entries" ADD CONSTRAINT "cfc_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_entries" ADD CONSTRAINT "cfc_entries_report_fk" FOREIGN KEY ("company_id","report_id") REFERENCES "public"."cfc_reports"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_last_sections" ADD CONSTRAINT "cfc_last_sections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_last_sections" ADD CONSTRAINT "cfc_last_sections_user_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_last_sections" ADD CONSTRAINT "cfc_last_sections_unit_fk" FOREIGN KEY ("company_id","business_unit_id") REFERENCES "public"."cfc_business_units"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_reports" ADD CONSTRAINT "cfc_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_reports" ADD CONSTRAINT "cfc_reports_unit_fk" FOREIGN KEY ("company_id","business_unit_id") REFERENCES "public"."cfc_business_units"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfc_settings" ADD CONSTRAINT "cfc_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
