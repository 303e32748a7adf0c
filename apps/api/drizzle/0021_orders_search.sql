CREATE INDEX "orders_company_wtw_idx" ON "orders" USING btree ("company_id","position","co2_wtw");--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_client_trgm_idx" ON "orders" USING gin ("client" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_label_trgm_idx" ON "orders" USING gin ("label" gin_trgm_ops);