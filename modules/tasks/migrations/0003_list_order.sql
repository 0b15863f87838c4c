CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_dates_idx" ON "tasks" USING btree ("date_from","time","id");