ALTER TABLE "call_back_tasks" ADD COLUMN "task_id" integer;--> statement-breakpoint
CREATE INDEX "call_back_tasks_task_idx" ON "call_back_tasks" USING btree ("task_id");