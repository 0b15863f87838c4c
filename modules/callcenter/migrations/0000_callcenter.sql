CREATE TABLE "call_back_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint DEFAULT 20 NOT NULL,
	"user_id" integer NOT NULL,
	"author_id" integer,
	"phone_call_id" integer,
	"phone" varchar(16) NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"due_at" timestamp with time zone NOT NULL,
	"email_notification" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"page" varchar(64),
	"page_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(16) NOT NULL,
	"email" text,
	"name" text NOT NULL,
	"title" text,
	"comment" text,
	"inn" varchar(12),
	"created_by" integer NOT NULL,
	"page" varchar(64),
	"page_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callcenter_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"page" varchar(64) NOT NULL,
	"page_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"value" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone" varchar(16) NOT NULL,
	"direction" smallint NOT NULL,
	"page" varchar(64),
	"page_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"time" integer DEFAULT 0 NOT NULL,
	"cause" text,
	"status_log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" smallint,
	"rating" smallint,
	"comment" text,
	"reminder_at" timestamp with time zone,
	"email_notification" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sip_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" varchar(32) NOT NULL,
	"office_id" integer,
	"password" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_back_tasks" ADD CONSTRAINT "call_back_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_back_tasks" ADD CONSTRAINT "call_back_tasks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_back_tasks" ADD CONSTRAINT "call_back_tasks_phone_call_id_phone_calls_id_fk" FOREIGN KEY ("phone_call_id") REFERENCES "public"."phone_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callers" ADD CONSTRAINT "callers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callers" ADD CONSTRAINT "callers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callcenter_history" ADD CONSTRAINT "callcenter_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_accounts" ADD CONSTRAINT "sip_accounts_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_accounts" ADD CONSTRAINT "sip_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_back_tasks_user_due_idx" ON "call_back_tasks" USING btree ("user_id","due_at");--> statement-breakpoint
CREATE INDEX "contacts_phone_idx" ON "contacts" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "contacts_page_idx" ON "contacts" USING btree ("page","page_id");--> statement-breakpoint
CREATE INDEX "callcenter_history_page_idx" ON "callcenter_history" USING btree ("page","page_id","id");--> statement-breakpoint
CREATE INDEX "phone_calls_user_created_idx" ON "phone_calls" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_calls_phone_idx" ON "phone_calls" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "phone_calls_page_idx" ON "phone_calls" USING btree ("page","page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sip_accounts_code_unique" ON "sip_accounts" USING btree ("code");