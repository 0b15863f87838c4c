CREATE TABLE "bid_request_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bid_request_files" ADD CONSTRAINT "bid_request_files_request_id_bid_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bid_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_request_files" ADD CONSTRAINT "bid_request_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_request_files_request_idx" ON "bid_request_files" USING btree ("request_id","kind");