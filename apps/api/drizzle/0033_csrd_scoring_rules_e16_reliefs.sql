ALTER TABLE "csrd_indicator_values" ADD COLUMN "reconciliation_note" text;--> statement-breakpoint
ALTER TABLE "csrd_materiality_analyses" ADD COLUMN "financial_threshold" double precision;--> statement-breakpoint
ALTER TABLE "csrd_materiality_analyses" ADD COLUMN "severity_formula" text DEFAULT 'mean' NOT NULL;--> statement-breakpoint
ALTER TABLE "csrd_materiality_analyses" ADD COLUMN "irremediability_weight" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "csrd_reports" ADD COLUMN "standard_version" text DEFAULT 'esrs-2023' NOT NULL;--> statement-breakpoint
ALTER TABLE "csrd_reports" ADD COLUMN "employees" integer;--> statement-breakpoint
ALTER TABLE "csrd_reports" ADD COLUMN "net_revenue_cents" bigint;--> statement-breakpoint
ALTER TABLE "csrd_reports" ADD COLUMN "balance_sheet_cents" bigint;--> statement-breakpoint
ALTER TABLE "csrd_reports" ADD COLUMN "is_public_interest" boolean;