CREATE TABLE "site_recalls" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" varchar(11) NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"page" text DEFAULT '' NOT NULL,
	"ip" varchar(64) NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"taken_by" integer,
	"taken_at" timestamp with time zone,
	"task_id" integer,
	"done_by" integer,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_recalls" ADD CONSTRAINT "site_recalls_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_recalls" ADD CONSTRAINT "site_recalls_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_recalls_status_idx" ON "site_recalls" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "site_recalls_phone_idx" ON "site_recalls" USING btree ("phone","created_at");