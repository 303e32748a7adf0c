CREATE TABLE "csrd_custom_iros" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"materiality_analysis_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"sector" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csrd_excel_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" uuid,
	"uploaded_by_name" text,
	"sheets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csrd_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"indicator_value_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"note" text,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csrd_indicator_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"scope_entry_id" uuid NOT NULL,
	"indicator" text NOT NULL,
	"unit" text,
	"numeric_value" double precision,
	"text_value" text,
	"table_value" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csrd_iro_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"materiality_analysis_id" uuid NOT NULL,
	"iro" text,
	"custom_iro_id" uuid,
	"category" text NOT NULL,
	"actual" boolean DEFAULT false NOT NULL,
	"entry_scope" smallint,
	"entry_scale" smallint NOT NULL,
	"remediability" smallint,
	"probability" smallint NOT NULL,
	"time" text NOT NULL,
	"score_internal" smallint,
	"score_external" smallint,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csrd_materiality_analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scale" smallint NOT NULL,
	"scale_note" text,
	"scale_upper_limit" smallint NOT NULL,
	"threshold" double precision NOT NULL,
	"threshold_note" text,
	"reasons" text,
	"sectors" text[] DEFAULT '{}' NOT NULL,
	"scopes" text[] DEFAULT '{}' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csrd_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"materiality_analysis_id" uuid,
	"materiality_analysis_name" text,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"statuses" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csrd_scope_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"deadline" date,
	"note" text,
	"responsible_user_id" uuid,
	"status" text DEFAULT 'todo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"financial_year_id" uuid NOT NULL,
	"name" text NOT NULL,
	"nace_code" text NOT NULL,
	"eu_activity" text NOT NULL,
	"turnover" bigint DEFAULT 0 NOT NULL,
	"capex" bigint DEFAULT 0 NOT NULL,
	"opex" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"min_safeguards" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_activity_criteria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"criterion" text NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"substantial_contribution" boolean,
	"turnover" bigint DEFAULT 0 NOT NULL,
	"capex" bigint DEFAULT 0 NOT NULL,
	"opex" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_activity_tags" (
	"company_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "tax_activity_tags_company_id_activity_id_tag_id_pk" PRIMARY KEY("company_id","activity_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tax_dnsh_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"criterion_id" uuid NOT NULL,
	"dnsh" text NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"complies" boolean,
	"is_always_met" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"financial_year_id" uuid NOT NULL,
	"activity_id" uuid,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"note" text,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_financial_years" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"tax_year" integer NOT NULL,
	"total_turnover" bigint DEFAULT 0 NOT NULL,
	"total_capex" bigint DEFAULT 0 NOT NULL,
	"total_opex" bigint DEFAULT 0 NOT NULL,
	"min_safeguards" integer DEFAULT 0 NOT NULL,
	"review_institute" text,
	"in_review" boolean DEFAULT false NOT NULL,
	"show_institute_in_report" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"value" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "csrd_custom_iros_company_row_uq" ON "csrd_custom_iros" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "csrd_excel_imports_company_row_uq" ON "csrd_excel_imports" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "csrd_files_company_row_uq" ON "csrd_files" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "csrd_indicator_values_company_row_uq" ON "csrd_indicator_values" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "csrd_indicator_values_indicator_uq" ON "csrd_indicator_values" USING btree ("company_id","scope_entry_id","indicator");
--> statement-breakpoint
CREATE UNIQUE INDEX "csrd_iro_entries_company_row_uq" ON "csrd_iro_entries" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "csrd_materiality_analyses_company_row_uq" ON "csrd_materiality_analyses" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "csrd_reports_company_row_uq" ON "csrd_reports" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "csrd_reports_company_year_uq" ON "csrd_reports" USING btree ("company_id","year");
--> statement-breakpoint
CREATE UNIQUE INDEX "csrd_scope_entries_company_row_uq" ON "csrd_scope_entries" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "csrd_scope_entries_scope_uq" ON "csrd_scope_entries" USING btree ("company_id","report_id","scope");
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_activities_company_row_uq" ON "tax_activities" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_activity_criteria_uq" ON "tax_activity_criteria" USING btree ("company_id","activity_id","criterion");
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_activity_criteria_company_row_uq" ON "tax_activity_criteria" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_dnsh_checks_uq" ON "tax_dnsh_checks" USING btree ("company_id","criterion_id","dnsh");
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_dnsh_checks_company_row_uq" ON "tax_dnsh_checks" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_files_company_row_uq" ON "tax_files" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_financial_years_year_uq" ON "tax_financial_years" USING btree ("company_id","tax_year");
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_financial_years_company_row_uq" ON "tax_financial_years" USING btree ("company_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_tags_value_uq" ON "tax_tags" USING btree ("company_id",lower("value"));
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_tags_company_row_uq" ON "tax_tags" USING btree ("company_id","id");
--> statement-breakpoint
ALTER TABLE "csrd_custom_iros" ADD CONSTRAINT "csrd_custom_iros_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_custom_iros" ADD CONSTRAINT "csrd_custom_iros_analysis_fk" FOREIGN KEY ("company_id","materiality_analysis_id") REFERENCES "public"."csrd_materiality_analyses"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_excel_imports" ADD CONSTRAINT "csrd_excel_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_excel_imports" ADD CONSTRAINT "csrd_excel_imports_report_fk" FOREIGN KEY ("company_id","report_id") REFERENCES "public"."csrd_reports"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_files" ADD CONSTRAINT "csrd_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_files" ADD CONSTRAINT "csrd_files_value_fk" FOREIGN KEY ("company_id","indicator_value_id") REFERENCES "public"."csrd_indicator_values"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_indicator_values" ADD CONSTRAINT "csrd_indicator_values_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_indicator_values" ADD CONSTRAINT "csrd_indicator_values_entry_fk" FOREIGN KEY ("company_id","scope_entry_id") REFERENCES "public"."csrd_scope_entries"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_iro_entries" ADD CONSTRAINT "csrd_iro_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_iro_entries" ADD CONSTRAINT "csrd_iro_entries_analysis_fk" FOREIGN KEY ("company_id","materiality_analysis_id") REFERENCES "public"."csrd_materiality_analyses"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_iro_entries" ADD CONSTRAINT "csrd_iro_entries_custom_fk" FOREIGN KEY ("company_id","custom_iro_id") REFERENCES "public"."csrd_custom_iros"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_materiality_analyses" ADD CONSTRAINT "csrd_materiality_analyses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_reports" ADD CONSTRAINT "csrd_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_scope_entries" ADD CONSTRAINT "csrd_scope_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_scope_entries" ADD CONSTRAINT "csrd_scope_entries_report_fk" FOREIGN KEY ("company_id","report_id") REFERENCES "public"."csrd_reports"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "csrd_scope_entries" ADD CONSTRAINT "csrd_scope_entries_user_fk" FOREIGN KEY ("company_id","responsible_user_id") REFERENCES "public"."users"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_activities" ADD CONSTRAINT "tax_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_activities" ADD CONSTRAINT "tax_activities_year_fk" FOREIGN KEY ("company_id","financial_year_id") REFERENCES "public"."tax_financial_years"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_activity_criteria" ADD CONSTRAINT "tax_activity_criteria_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_activity_criteria" ADD CONSTRAINT "tax_activity_criteria_activity_fk" FOREIGN KEY ("company_id","activity_id") REFERENCES "public"."tax_activities"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_activity_tags" ADD CONSTRAINT "tax_activity_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_activity_tags" ADD CONSTRAINT "tax_activity_tags_activity_fk" FOREIGN KEY ("company_id","activity_id") REFERENCES "public"."tax_activities"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_activity_tags" ADD CONSTRAINT "tax_activity_tags_tag_fk" FOREIGN KEY ("company_id","tag_id") REFERENCES "public"."tax_tags"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_dnsh_checks" ADD CONSTRAINT "tax_dnsh_checks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_dnsh_checks" ADD CONSTRAINT "tax_dnsh_checks_criterion_fk" FOREIGN KEY ("company_id","criterion_id") REFERENCES "public"."tax_activity_criteria"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_files" ADD CONSTRAINT "tax_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_files" ADD CONSTRAINT "tax_files_year_fk" FOREIGN KEY ("company_id","financial_year_id") REFERENCES "public"."tax_financial_years"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_files" ADD CONSTRAINT "tax_files_activity_fk" FOREIGN KEY ("company_id","activity_id") REFERENCES "public"."tax_activities"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_financial_years" ADD CONSTRAINT "tax_financial_years_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tax_tags" ADD CONSTRAINT "tax_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "csrd_excel_imports_report_idx" ON "csrd_excel_imports" USING btree ("company_id","report_id","uploaded_at");
--> statement-breakpoint
CREATE INDEX "csrd_iro_entries_analysis_idx" ON "csrd_iro_entries" USING btree ("company_id","materiality_analysis_id");
--> statement-breakpoint
CREATE INDEX "csrd_materiality_analyses_company_idx" ON "csrd_materiality_analyses" USING btree ("company_id","created_at");
--> statement-breakpoint
CREATE INDEX "csrd_materiality_analyses_deleted_idx" ON "csrd_materiality_analyses" USING btree ("deleted_at");
--> statement-breakpoint
CREATE INDEX "csrd_reports_deleted_idx" ON "csrd_reports" USING btree ("deleted_at");
--> statement-breakpoint
CREATE INDEX "tax_activities_year_idx" ON "tax_activities" USING btree ("company_id","financial_year_id","updated_at");
--> statement-breakpoint
CREATE INDEX "tax_activity_tags_tag_idx" ON "tax_activity_tags" USING btree ("company_id","tag_id");
--> statement-breakpoint
CREATE INDEX "tax_files_owner_idx" ON "tax_files" USING btree ("company_id","owner_type","owner_id");
