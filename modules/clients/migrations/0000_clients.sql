CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"bank_name" text NOT NULL,
	"bik" varchar(9) NOT NULL,
	"correspondent_account" varchar(20),
	"settlement_account" varchar(20) NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients_secrets" (
	"name" varchar(32) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_details" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"kind" varchar(8) DEFAULT 'legal' NOT NULL,
	"okpo" varchar(10),
	"okved" varchar(10),
	"organization_type" smallint,
	"tax_system" smallint,
	"legal_form" smallint,
	"legal_address" jsonb,
	"postal_address" jsonb,
	"contact_person_name" text,
	"contact_person_phone" varchar(11),
	"site" text,
	"bidder_email" text,
	"creation_date" date,
	"registration_certificate" text,
	"purpose" text,
	"registering_body" text,
	"registration_place" text,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"name" text NOT NULL,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financial_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"quarter" smallint DEFAULT 0 NOT NULL,
	"revenue" numeric(17, 2),
	"net_profit" numeric(17, 2),
	"total_assets" numeric(17, 2),
	"current_assets" numeric(17, 2),
	"equity" numeric(17, 2),
	"long_term_liabilities" numeric(17, 2),
	"short_term_liabilities" numeric(17, 2),
	"receivables" numeric(17, 2),
	"payables" numeric(17, 2),
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "individuals" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_user_id" integer,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"birthday" date,
	"birthplace" text,
	"citizenship" varchar(3) DEFAULT '643' NOT NULL,
	"inn" varchar(12),
	"snils" varchar(11),
	"registration_address" text,
	"document_type" smallint DEFAULT 1 NOT NULL,
	"document_series" varchar(10),
	"document_number" varchar(9),
	"document_issue_date" date,
	"document_issuer" text,
	"subdivision_code" varchar(6),
	"phone" varchar(11),
	"email" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"issuer" text NOT NULL,
	"activities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"issue_date" date NOT NULL,
	"end_date" date,
	"file_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_owners" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"name" text NOT NULL,
	"inn" varchar(12),
	"ogrn" varchar(13),
	"share" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"nonce" varchar(32) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "registry_organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"inn" varchar(12) NOT NULL,
	"ogrn" varchar(15),
	"kpp" varchar(9),
	"okpo" varchar(10),
	"okved" varchar(10),
	"short_name" text NOT NULL,
	"full_name" text NOT NULL,
	"legal_address" jsonb,
	"head_name" text,
	"head_position" text,
	"registration_date" date,
	"status" varchar(16) DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "responsible_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"position" text,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"birthday" date,
	"birthplace" text,
	"citizenship" varchar(3) DEFAULT '643' NOT NULL,
	"inn" varchar(12),
	"snils" varchar(11),
	"registration_address" text,
	"document_type" smallint DEFAULT 1 NOT NULL,
	"document_series" varchar(10),
	"document_number" varchar(9),
	"document_issue_date" date,
	"document_issuer" text,
	"subdivision_code" varchar(6),
	"assigned_at" date,
	"term_years" smallint,
	"assigned_to" date,
	"is_founder" boolean DEFAULT false NOT NULL,
	"share" numeric(5, 2),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_details" ADD CONSTRAINT "company_details_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_file_id_company_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."company_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_periods" ADD CONSTRAINT "financial_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "individuals" ADD CONSTRAINT "individuals_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_file_id_company_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."company_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_owners" ADD CONSTRAINT "company_owners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsible_persons" ADD CONSTRAINT "responsible_persons_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_company_idx" ON "bank_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_main" ON "bank_accounts" USING btree ("company_id") WHERE "bank_accounts"."is_main";--> statement-breakpoint
CREATE INDEX "company_details_kind_status_idx" ON "company_details" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "company_documents_company_idx" ON "company_documents" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_files_company_idx" ON "company_files" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financial_periods_company_period" ON "financial_periods" USING btree ("company_id","year","quarter");--> statement-breakpoint
CREATE INDEX "individuals_agent_idx" ON "individuals" USING btree ("agent_user_id");--> statement-breakpoint
CREATE INDEX "licences_company_idx" ON "licences" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_owners_company_idx" ON "company_owners" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "public_links_company_idx" ON "public_links" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registry_organizations_inn" ON "registry_organizations" USING btree ("inn");--> statement-breakpoint
CREATE INDEX "responsible_persons_company_idx" ON "responsible_persons" USING btree ("company_id");