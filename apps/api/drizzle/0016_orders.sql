CREATE TABLE "order_legs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"activity" text NOT NULL,
	"position" integer NOT NULL,
	"transport_mode" text NOT NULL,
	"origin" jsonb NOT NULL,
	"origin_resolved" jsonb,
	"destination" jsonb NOT NULL,
	"destination_resolved" jsonb,
	"glec_vehicle_type" text NOT NULL,
	"distance_km" double precision NOT NULL,
	"distance_given" boolean NOT NULL,
	"distance_type" text NOT NULL,
	"distance_method" text NOT NULL,
	"co2_ttw" double precision NOT NULL,
	"co2_wtt" double precision NOT NULL,
	"co2_wtw" double precision NOT NULL,
	"tkm" double precision NOT NULL,
	"intensity" double precision NOT NULL,
	"method" text NOT NULL,
	"factor_set" jsonb NOT NULL,
	"trace" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" text NOT NULL,
	"client" text NOT NULL,
	"cargo_type" text NOT NULL,
	"quantity" integer,
	"freight_type" text NOT NULL,
	"gross_weight" double precision NOT NULL,
	"gross_weight_unit" text NOT NULL,
	"container_load" text,
	"container_spec" text,
	"temperature_control" boolean DEFAULT false NOT NULL,
	"date" date NOT NULL,
	"label" text,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"alternative_group_id" uuid NOT NULL,
	"position" integer DEFAULT 1 NOT NULL,
	"is_auto_alternative" boolean DEFAULT false NOT NULL,
	"co2_ttw" double precision DEFAULT 0 NOT NULL,
	"co2_wtt" double precision DEFAULT 0 NOT NULL,
	"co2_wtw" double precision DEFAULT 0 NOT NULL,
	"hub_co2_wtw" double precision DEFAULT 0 NOT NULL,
	"tkm" double precision DEFAULT 0 NOT NULL,
	"intensity" double precision DEFAULT 0 NOT NULL,
	"modes" text[] DEFAULT '{}' NOT NULL,
	"hubs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_legs" ADD CONSTRAINT "order_legs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_legs" ADD CONSTRAINT "order_legs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_legs_order_idx" ON "order_legs" USING btree ("order_id","activity","position");--> statement-breakpoint
CREATE INDEX "orders_company_date_idx" ON "orders" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "orders_company_group_idx" ON "orders" USING btree ("company_id","alternative_group_id","position");--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at");