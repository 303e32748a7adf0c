ALTER TABLE "tax_financial_years" ADD COLUMN "rule_set" text DEFAULT '2021/2178' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_financial_years" ADD COLUMN "not_material_turnover" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_financial_years" ADD COLUMN "not_material_capex" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_financial_years" ADD COLUMN "not_material_opex" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_financial_years" ADD COLUMN "not_material_note" text;--> statement-breakpoint
ALTER TABLE "tax_financial_years" ADD COLUMN "opex_not_material" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_financial_years" ADD COLUMN "opex_not_material_reason" text;