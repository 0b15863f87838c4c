CREATE TABLE "bid_live_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"bid_id" integer NOT NULL,
	"nonce" varchar(32) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bid_secrets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bid_signings" (
	"id" serial PRIMARY KEY NOT NULL,
	"bid_id" integer NOT NULL,
	"nonce" varchar(32) NOT NULL,
	"phone" varchar(11) NOT NULL,
	"documents" jsonb NOT NULL,
	"code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"signed_at" timestamp with time zone,
	"signer_ip" varchar(64),
	"signature" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bid_live_links" ADD CONSTRAINT "bid_live_links_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_live_links" ADD CONSTRAINT "bid_live_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_signings" ADD CONSTRAINT "bid_signings_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_signings" ADD CONSTRAINT "bid_signings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_live_links_bid_idx" ON "bid_live_links" USING btree ("bid_id","id");--> statement-breakpoint
CREATE INDEX "bid_signings_bid_idx" ON "bid_signings" USING btree ("bid_id","id");