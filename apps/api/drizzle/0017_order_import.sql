CREATE TABLE "order_import_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"code" text NOT NULL,
	"level" text NOT NULL,
	"order_index" integer,
	"order_number" text,
	"external_id" text,
	"order_id" uuid,
	"activity" text,
	"leg_index" integer,
	"field" text,
	"value" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_import_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"upload_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"source" text NOT NULL,
	"api_key_id" uuid,
	"user_id" uuid,
	"pushed_by" text NOT NULL,
	"payload" jsonb,
	"received" integer DEFAULT 0 NOT NULL,
	"saved" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "partner_variant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_import_messages" ADD CONSTRAINT "order_import_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_import_messages" ADD CONSTRAINT "order_import_messages_task_id_order_import_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."order_import_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_import_tasks" ADD CONSTRAINT "order_import_tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_import_messages_task_idx" ON "order_import_messages" USING btree ("task_id","level","seq");--> statement-breakpoint
CREATE INDEX "order_import_tasks_company_idx" ON "order_import_tasks" USING btree ("company_id","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_import_tasks_upload_uq" ON "order_import_tasks" USING btree ("company_id","upload_id") WHERE upload_id is not null;