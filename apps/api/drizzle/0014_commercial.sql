CREATE TABLE "sales_data" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"licenses_cents" integer DEFAULT 0 NOT NULL,
	"consulting_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(14, 3) NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"total_price_cents" bigint NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"sent_date" date,
	"payment_date" date,
	"total_price_cents" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_months" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"source" text NOT NULL,
	"shipments" integer DEFAULT 0 NOT NULL,
	"uploads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_months_company_id_month_source_pk" PRIMARY KEY("company_id","month","source")
);
--> statement-breakpoint
CREATE TABLE "tariff_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"tariff_id" uuid NOT NULL,
	"begin_date" date NOT NULL,
	"end_date" date,
	"minimum_term" integer,
	"minimum_base_year" integer,
	"maximum_report_year" integer,
	"period" text,
	"email_booking" text,
	"email_booking_change" text,
	"email_cancellation" text,
	"user_booking" uuid,
	"user_booking_change" uuid,
	"user_cancellation" uuid,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"module" text NOT NULL,
	"type" text NOT NULL,
	"billing_period" text,
	"basic_fee_cents" integer DEFAULT 0 NOT NULL,
	"cost_per_upload_cents" integer DEFAULT 0 NOT NULL,
	"static_cost_per_shipment_cents" integer DEFAULT 0 NOT NULL,
	"min_cost_per_shipment_cents" integer DEFAULT 0 NOT NULL,
	"max_cost_per_shipment_cents" integer,
	"regression_factor" double precision DEFAULT -0.000003 NOT NULL,
	"free_number_of_shipments" integer DEFAULT 0 NOT NULL,
	"business_units_limit" integer,
	"is_category_default_tariff" boolean DEFAULT false NOT NULL,
	"is_free_of_charge" boolean DEFAULT false NOT NULL,
	"end_date" date,
	"translations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_data" ADD CONSTRAINT "sales_data_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_positions" ADD CONSTRAINT "invoice_positions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_positions" ADD CONSTRAINT "invoice_positions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_months" ADD CONSTRAINT "usage_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_bookings" ADD CONSTRAINT "tariff_bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_bookings" ADD CONSTRAINT "tariff_bookings_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_data_company_idx" ON "sales_data" USING btree ("company_id","month");--> statement-breakpoint
CREATE INDEX "invoice_positions_invoice_idx" ON "invoice_positions" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "tariff_bookings_company_idx" ON "tariff_bookings" USING btree ("company_id","end_date");--> statement-breakpoint
CREATE INDEX "tariff_bookings_tariff_idx" ON "tariff_bookings" USING btree ("tariff_id");--> statement-breakpoint
CREATE INDEX "tariffs_module_idx" ON "tariffs" USING btree ("module","type");