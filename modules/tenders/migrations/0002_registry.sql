CREATE TABLE "tender_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"user_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_favourites" (
	"user_id" integer NOT NULL,
	"tender_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tender_favourites_user_id_tender_id_pk" PRIMARY KEY("user_id","tender_id")
);
--> statement-breakpoint
CREATE TABLE "tender_filters" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"filter" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"status" varchar(16) NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problems_truncated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tender_kp" (
	"id" serial PRIMARY KEY NOT NULL,
	"tender_id" integer NOT NULL,
	"sender_id" integer,
	"sender_office" integer,
	"kind" smallint NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"followed_at" timestamp with time zone,
	"signed_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_number" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_inn" varchar(12),
	"federal_law" smallint NOT NULL,
	"region" smallint NOT NULL,
	"initial_price" numeric(15, 2) NOT NULL,
	"contract_price" numeric(15, 2),
	"guarantee_amount" numeric(15, 2),
	"protocol_date" date NOT NULL,
	"winner_name" text NOT NULL,
	"winner_inn" varchar(12) NOT NULL,
	"winner_kpp" varchar(9),
	"winner_address" text,
	"winner_email" text,
	"winner_phone" varchar(32),
	"lots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_url" text,
	"taken_by" integer,
	"taken_office" integer,
	"taken_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tender_comments" ADD CONSTRAINT "tender_comments_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_comments" ADD CONSTRAINT "tender_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_favourites" ADD CONSTRAINT "tender_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_favourites" ADD CONSTRAINT "tender_favourites_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_filters" ADD CONSTRAINT "tender_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_imports" ADD CONSTRAINT "tender_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_kp" ADD CONSTRAINT "tender_kp_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_kp" ADD CONSTRAINT "tender_kp_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_kp" ADD CONSTRAINT "tender_kp_sender_office_offices_id_fk" FOREIGN KEY ("sender_office") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_taken_office_offices_id_fk" FOREIGN KEY ("taken_office") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tender_comments_tender_idx" ON "tender_comments" USING btree ("tender_id","id");--> statement-breakpoint
CREATE INDEX "tender_favourites_tender_idx" ON "tender_favourites" USING btree ("tender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tender_kp_token_key" ON "tender_kp" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "tender_kp_tender_idx" ON "tender_kp" USING btree ("tender_id","id");--> statement-breakpoint
CREATE INDEX "tender_kp_sender_idx" ON "tender_kp" USING btree ("sender_id","id");--> statement-breakpoint
CREATE INDEX "tender_kp_office_idx" ON "tender_kp" USING btree ("sender_office","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenders_notification_number_key" ON "tenders" USING btree ("notification_number");--> statement-breakpoint
CREATE INDEX "tenders_protocol_date_idx" ON "tenders" USING btree ("protocol_date","id");--> statement-breakpoint
CREATE INDEX "tenders_initial_price_idx" ON "tenders" USING btree ("initial_price","id");--> statement-breakpoint
CREATE INDEX "tenders_winner_inn_idx" ON "tenders" USING btree ("winner_inn","protocol_date");--> statement-breakpoint
CREATE INDEX "tenders_region_idx" ON "tenders" USING btree ("region","protocol_date","id");--> statement-breakpoint
CREATE INDEX "tenders_taken_by_idx" ON "tenders" USING btree ("taken_by","id");--> statement-breakpoint
CREATE INDEX "tenders_taken_office_idx" ON "tenders" USING btree ("taken_office","id");