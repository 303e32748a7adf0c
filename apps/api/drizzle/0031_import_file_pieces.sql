DROP INDEX "mapping_import_files_company_uq";--> statement-breakpoint
ALTER TABLE "mapping_import_files" DROP CONSTRAINT "mapping_import_files_pkey";--> statement-breakpoint
ALTER TABLE "mapping_import_files" ADD COLUMN "part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mapping_import_files" ADD CONSTRAINT "mapping_import_files_task_id_part_pk" PRIMARY KEY("task_id","part");--> statement-breakpoint
CREATE UNIQUE INDEX "mapping_import_files_company_uq" ON "mapping_import_files" USING btree ("company_id","task_id","part");
