ALTER TABLE "order_import_messages" DROP CONSTRAINT "order_import_messages_task_id_order_import_tasks_id_fk";--> statement-breakpoint
ALTER TABLE "order_legs" DROP CONSTRAINT "order_legs_order_id_orders_id_fk";--> statement-breakpoint
CREATE UNIQUE INDEX "emission_activities_company_row_uq" ON "emission_activities" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "emission_factors_company_row_uq" ON "emission_factors" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "emission_source_versions_company_row_uq" ON "emission_source_versions" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "emission_sources_company_row_uq" ON "emission_sources" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_import_messages_company_row_uq" ON "order_import_messages" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_import_tasks_company_row_uq" ON "order_import_tasks" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_legs_company_row_uq" ON "order_legs" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_company_row_uq" ON "orders" USING btree ("company_id","id");--> statement-breakpoint
ALTER TABLE "order_import_messages" ADD CONSTRAINT "order_import_messages_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."order_import_tasks"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_legs" ADD CONSTRAINT "order_legs_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."orders"("company_id","id") ON DELETE cascade ON UPDATE no action;