CREATE TABLE "exchange_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"shipper" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "exchange_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"exchange_client_id" uuid NOT NULL,
	"spec_version" text NOT NULL,
	"type" text NOT NULL,
	"event_id" text NOT NULL,
	"source" text NOT NULL,
	"data" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "exchange_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"exchange_client_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_clients_company_row_uq" ON "exchange_clients" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_clients_client_id_uq" ON "exchange_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "exchange_clients_company_idx" ON "exchange_clients" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_events_company_row_uq" ON "exchange_events" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_events_source_id_uq" ON "exchange_events" USING btree ("company_id","source","event_id");--> statement-breakpoint
CREATE INDEX "exchange_events_company_idx" ON "exchange_events" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_tokens_company_row_uq" ON "exchange_tokens" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_tokens_hash_uq" ON "exchange_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "exchange_tokens_expiry_idx" ON "exchange_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "exchange_clients" ADD CONSTRAINT "exchange_clients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_events" ADD CONSTRAINT "exchange_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_events" ADD CONSTRAINT "exchange_events_client_fk" FOREIGN KEY ("company_id","exchange_client_id") REFERENCES "public"."exchange_clients"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_tokens" ADD CONSTRAINT "exchange_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_tokens" ADD CONSTRAINT "exchange_tokens_client_fk" FOREIGN KEY ("company_id","exchange_client_id") REFERENCES "public"."exchange_clients"("company_id","id") ON DELETE cascade ON UPDATE no action;
