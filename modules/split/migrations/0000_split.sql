CREATE TABLE "split_bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"author_id" integer,
	"phone" varchar(11) NOT NULL,
	"full_name" text NOT NULL,
	"tariff" smallint NOT NULL,
	"term" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"percent" integer NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"payout" smallint NOT NULL,
	"gender" smallint NOT NULL,
	"passport_series" varchar(4) NOT NULL,
	"passport_number" varchar(6) NOT NULL,
	"passport_issued" date NOT NULL,
	"passport_issuer" text NOT NULL,
	"address" text NOT NULL,
	"start_date" date NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"decline_reason" text,
	"rework_comment" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "split_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" varchar(11) NOT NULL,
	"full_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "split_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bid_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "split_bids" ADD CONSTRAINT "split_bids_client_id_split_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."split_clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_bids" ADD CONSTRAINT "split_bids_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "split_transactions" ADD CONSTRAINT "split_transactions_bid_id_split_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."split_bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "split_bids_client_idx" ON "split_bids" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "split_bids_author_idx" ON "split_bids" USING btree ("author_id","id");--> statement-breakpoint
CREATE INDEX "split_bids_status_idx" ON "split_bids" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "split_clients_phone_idx" ON "split_clients" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "split_transactions_bid_idx" ON "split_transactions" USING btree ("bid_id","id");