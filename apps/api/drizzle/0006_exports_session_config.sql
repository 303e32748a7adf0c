CREATE TABLE "export_file_chunks" (
	"export_job_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "export_file_chunks_export_job_id_seq_pk" PRIMARY KEY("export_job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "export_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total_rows" integer NOT NULL,
	"written_rows" integer DEFAULT 0 NOT NULL,
	"filters" jsonb NOT NULL,
	"shipper_scope" jsonb,
	"language" text NOT NULL,
	"time_zone" text NOT NULL,
	"exported_by" uuid,
	"file_name" text NOT NULL,
	"file_size" bigint,
	"job_id" uuid,
	"message" text,
	"export_start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"export_end_time" timestamp with time zone,
	"available_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "config" jsonb;--> statement-breakpoint
ALTER TABLE "export_file_chunks" ADD CONSTRAINT "export_file_chunks_export_job_id_export_jobs_id_fk" FOREIGN KEY ("export_job_id") REFERENCES "public"."export_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_file_chunks" ADD CONSTRAINT "export_file_chunks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_exported_by_users_id_fk" FOREIGN KEY ("exported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_company_start_idx" ON "export_jobs" USING btree ("company_id","export_start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "export_jobs_available_idx" ON "export_jobs" USING btree ("status","available_until");