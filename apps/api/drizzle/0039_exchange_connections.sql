CREATE TABLE "import_run_files" (
	"run_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "import_run_files_company_id_run_id_part_pk" PRIMARY KEY("company_id","run_id","part")
);--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_name" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"params" jsonb NOT NULL,
	"uploaded_by" uuid,
	"job_id" uuid,
	"result" jsonb,
	"error" jsonb,
	"issues" jsonb,
	"issue_count" integer DEFAULT 0 NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "exchange_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_encrypted" text NOT NULL,
	"pact_version" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_url" text,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_error" text
);--> statement-breakpoint
CREATE TABLE "exchange_partner_footprints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"pf_id" text NOT NULL,
	"shipment_reference" text NOT NULL,
	"shipment_id" uuid,
	"status" text NOT NULL,
	"co2e_wtw_kg" double precision NOT NULL,
	"tkm" double precision NOT NULL,
	"mass_kg" double precision,
	"primary_data_share" double precision,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "exchange_events" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_company_row_uq" ON "import_runs" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "import_runs_company_idx" ON "import_runs" USING btree ("company_id","uploaded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_connections_company_row_uq" ON "exchange_connections" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "exchange_connections_company_idx" ON "exchange_connections" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_partner_footprints_company_row_uq" ON "exchange_partner_footprints" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_partner_footprints_pf_uq" ON "exchange_partner_footprints" USING btree ("company_id","connection_id","pf_id");--> statement-breakpoint
CREATE INDEX "exchange_partner_footprints_shipment_idx" ON "exchange_partner_footprints" USING btree ("company_id","shipment_reference");--> statement-breakpoint
CREATE INDEX "exchange_partner_footprints_fetched_idx" ON "exchange_partner_footprints" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "import_run_files" ADD CONSTRAINT "import_run_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_run_files" ADD CONSTRAINT "import_run_files_run_fk" FOREIGN KEY ("company_id","run_id") REFERENCES "public"."import_runs"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_connections" ADD CONSTRAINT "exchange_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_partner_footprints" ADD CONSTRAINT "exchange_partner_footprints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_partner_footprints" ADD CONSTRAINT "exchange_partner_footprints_connection_fk" FOREIGN KEY ("company_id","connection_id") REFERENCES "public"."exchange_connections"("company_id","id") ON DELETE cascade ON UPDATE no action;
