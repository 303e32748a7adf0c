ALTER TABLE "access_rights" DROP CONSTRAINT "access_rights_group_id_user_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_group_members" DROP CONSTRAINT "user_group_members_group_id_user_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "user_group_members" DROP CONSTRAINT "user_group_members_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_tokens" DROP CONSTRAINT "user_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "export_file_chunks" DROP CONSTRAINT "export_file_chunks_export_job_id_export_jobs_id_fk";
--> statement-breakpoint
ALTER TABLE "export_jobs" DROP CONSTRAINT "export_jobs_exported_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "invoice_positions" DROP CONSTRAINT "invoice_positions_invoice_id_invoices_id_fk";
--> statement-breakpoint
ALTER TABLE "mapping_import_files" DROP CONSTRAINT "mapping_import_files_task_id_mapping_import_tasks_id_fk";
--> statement-breakpoint
ALTER TABLE "mapping_import_rows" DROP CONSTRAINT "mapping_import_rows_task_id_mapping_import_tasks_id_fk";
--> statement-breakpoint
ALTER TABLE "mapping_import_tasks" DROP CONSTRAINT "mapping_import_tasks_mapping_id_mappings_id_fk";
--> statement-breakpoint
ALTER TABLE "tour_codes" DROP CONSTRAINT "tour_codes_task_id_mapping_import_tasks_id_fk";
--> statement-breakpoint
ALTER TABLE "tags" DROP CONSTRAINT "tags_tag_group_id_tag_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "task_notifications" DROP CONSTRAINT "task_notifications_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_assignee_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_assigner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_responsible_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tour_shipments" DROP CONSTRAINT "tour_shipments_tour_id_tours_id_fk";
--> statement-breakpoint
ALTER TABLE "tour_shipments" DROP CONSTRAINT "tour_shipments_shipment_id_shipments_id_fk";
--> statement-breakpoint
DROP INDEX "tour_shipments_company_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "access_rights_company_row_uq" ON "access_rights" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_company_row_uq" ON "sessions" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_action_logs_company_row_uq" ON "user_action_logs" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_groups_company_row_uq" ON "user_groups" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_company_row_uq" ON "user_tokens" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_row_uq" ON "users" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_company_row_uq" ON "api_keys" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_data_company_row_uq" ON "sales_data" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "export_file_chunks_company_uq" ON "export_file_chunks" USING btree ("company_id","export_job_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "export_jobs_company_row_uq" ON "export_jobs" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "trailers_company_row_uq" ON "trailers" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_company_row_uq" ON "vehicles" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_positions_company_row_uq" ON "invoice_positions" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_company_row_uq" ON "invoices" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mapping_import_files_company_uq" ON "mapping_import_files" USING btree ("company_id","task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mapping_import_tasks_company_row_uq" ON "mapping_import_tasks" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mappings_company_row_uq" ON "mappings" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_codes_company_row_uq" ON "tour_codes" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_groups_company_row_uq" ON "tag_groups" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_bookings_company_row_uq" ON "tariff_bookings" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_notifications_company_row_uq" ON "task_notifications" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_company_row_uq" ON "tasks" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_company_row_uq" ON "shipments" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_shipments_company_uq" ON "tour_shipments" USING btree ("company_id","tour_id","shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tours_company_row_uq" ON "tours" USING btree ("company_id","id");