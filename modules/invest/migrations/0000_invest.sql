CREATE TABLE "invest_deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"investor_user_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"amount" bigint NOT NULL,
	"months" integer NOT NULL,
	"percent_bp" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"income_currency" varchar(3) NOT NULL,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invest_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"storage_key" text NOT NULL,
	"preview_key" text,
	"preview_mime" varchar(100),
	"name" text NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invest_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"company_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"type" smallint,
	"pledge_type" smallint,
	"currency" varchar(3),
	"income_currency" varchar(3),
	"price_min" bigint,
	"price_max" bigint,
	"months_min" integer,
	"months_max" integer,
	"percent_bp" integer,
	"description" text DEFAULT '' NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"financials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fail_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invest_deals" ADD CONSTRAINT "invest_deals_offer_id_invest_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."invest_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invest_deals" ADD CONSTRAINT "invest_deals_investor_user_id_users_id_fk" FOREIGN KEY ("investor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invest_files" ADD CONSTRAINT "invest_files_offer_id_invest_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."invest_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invest_offers" ADD CONSTRAINT "invest_offers_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invest_offers" ADD CONSTRAINT "invest_offers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invest_deals_offer_idx" ON "invest_deals" USING btree ("offer_id","id");--> statement-breakpoint
CREATE INDEX "invest_deals_investor_idx" ON "invest_deals" USING btree ("investor_user_id","id");--> statement-breakpoint
CREATE INDEX "invest_files_offer_idx" ON "invest_files" USING btree ("offer_id","kind","id");--> statement-breakpoint
CREATE INDEX "invest_offers_owner_idx" ON "invest_offers" USING btree ("owner_user_id","id");--> statement-breakpoint
CREATE INDEX "invest_offers_status_idx" ON "invest_offers" USING btree ("status","id");