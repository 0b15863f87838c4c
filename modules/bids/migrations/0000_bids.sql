CREATE TABLE "bid_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"bid_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"company_document_id" integer,
	"uploaded_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bid_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"author_user_id" integer,
	"text" text NOT NULL,
	"code" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bid_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"bid_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"channel" varchar(8) DEFAULT 'bank' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"assignee_user_id" integer,
	"offer_amount" numeric(15, 2),
	"offer_fee" numeric(15, 2),
	"offer_term_days" integer,
	"offer_conditions" text,
	"offer_draft_file" text,
	"guarantee_number" text,
	"guarantee_file" text,
	"refusal_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"owner_user_id" integer,
	"agent_user_id" integer,
	"office_id" integer,
	"created_by" integer,
	"service_type" smallint NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"verifier_id" integer,
	"federal_law" smallint,
	"customer_name" text,
	"customer_inn" varchar(12),
	"customer_address" text,
	"contract_subject" text,
	"contract_sum" numeric(15, 2),
	"actual_contract_sum" numeric(15, 2),
	"initial_max_price" numeric(15, 2),
	"security_sum" numeric(15, 2),
	"credit_sum" numeric(15, 2),
	"contract_start" date,
	"contract_end" date,
	"date_bg_start" date,
	"date_bg_end" date,
	"days" integer,
	"issue_deadline_date" date,
	"type_bg" smallint,
	"by_customer_form" boolean,
	"direct_debiting" boolean,
	"has_deposit" boolean,
	"has_losses" boolean,
	"has_government_contracts" boolean,
	"special_account" jsonb,
	"leasing_type" smallint,
	"initial_fee" numeric(15, 2),
	"lots" jsonb,
	"amount" numeric(15, 2),
	"submit_key" varchar(100),
	"submitted_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"archive_reason" smallint,
	"decline_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bid_documents" ADD CONSTRAINT "bid_documents_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_documents" ADD CONSTRAINT "bid_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_messages" ADD CONSTRAINT "bid_messages_request_id_bid_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."bid_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_messages" ADD CONSTRAINT "bid_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_requests" ADD CONSTRAINT "bid_requests_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_requests" ADD CONSTRAINT "bid_requests_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_verifier_id_users_id_fk" FOREIGN KEY ("verifier_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_documents_bid_idx" ON "bid_documents" USING btree ("bid_id","kind");--> statement-breakpoint
CREATE INDEX "bid_messages_request_idx" ON "bid_messages" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bid_requests_bid_partner" ON "bid_requests" USING btree ("bid_id","partner_id");--> statement-breakpoint
CREATE INDEX "bid_requests_partner_idx" ON "bid_requests" USING btree ("partner_id","status","id");--> statement-breakpoint
CREATE INDEX "bid_requests_assignee_idx" ON "bid_requests" USING btree ("assignee_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_submit_key" ON "bids" USING btree ("submit_key");--> statement-breakpoint
CREATE INDEX "bids_owner_idx" ON "bids" USING btree ("owner_user_id","id");--> statement-breakpoint
CREATE INDEX "bids_agent_idx" ON "bids" USING btree ("agent_user_id","id");--> statement-breakpoint
CREATE INDEX "bids_office_idx" ON "bids" USING btree ("office_id","id");--> statement-breakpoint
CREATE INDEX "bids_company_idx" ON "bids" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "bids_status_idx" ON "bids" USING btree ("status","id") WHERE "bids"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "bids_archived_idx" ON "bids" USING btree ("archived_at") WHERE "bids"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "bids_created_idx" ON "bids" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bids_amount_idx" ON "bids" USING btree ("amount");