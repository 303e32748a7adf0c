CREATE TABLE "vsme_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"comprehensive" boolean DEFAULT false NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"identifier_scheme" text DEFAULT 'lei' NOT NULL,
	"identifier" text,
	"not_applicable" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "vsme_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"concept" text NOT NULL,
	"member" text DEFAULT '' NOT NULL,
	"value" jsonb NOT NULL,
	"override_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "vsme_reports_company_row_uq" ON "vsme_reports" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vsme_reports_company_year_uq" ON "vsme_reports" USING btree ("company_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "vsme_values_company_row_uq" ON "vsme_values" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vsme_values_fact_uq" ON "vsme_values" USING btree ("company_id","report_id","concept","member");--> statement-breakpoint
CREATE INDEX "vsme_values_report_idx" ON "vsme_values" USING btree ("company_id","report_id");--> statement-breakpoint
ALTER TABLE "vsme_reports" ADD CONSTRAINT "vsme_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vsme_values" ADD CONSTRAINT "vsme_values_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vsme_values" ADD CONSTRAINT "vsme_values_report_fk" FOREIGN KEY ("company_id","report_id") REFERENCES "public"."vsme_reports"("company_id","id") ON DELETE cascade ON UPDATE no action;
