CREATE TABLE "lead_chat_users" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" varchar(15),
	"username" varchar(65),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"update_id" bigint NOT NULL,
	"request" text NOT NULL,
	"service" smallint,
	"amount" numeric(15, 2),
	"company" text,
	"inn" varchar(12),
	"status" smallint DEFAULT 0 NOT NULL,
	"comment" text,
	"decline_reason" text,
	"company_id" integer,
	"bid_id" integer,
	"converted_by" integer,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_chat_id_lead_chat_users_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."lead_chat_users"("chat_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_update_id_unique" ON "leads" USING btree ("update_id");--> statement-breakpoint
CREATE INDEX "leads_chat_idx" ON "leads" USING btree ("chat_id","id");--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("status");