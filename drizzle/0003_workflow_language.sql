CREATE TABLE "workflow_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"workflow" varchar(64) NOT NULL,
	"record_id" integer NOT NULL,
	"action" varchar(64) NOT NULL,
	"from_status" integer NOT NULL,
	"to_status" integer NOT NULL,
	"input" jsonb,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" varchar(2) DEFAULT 'ru' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_history_record_idx" ON "workflow_history" USING btree ("workflow","record_id","id");