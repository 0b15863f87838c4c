CREATE TABLE "partner_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"service_type" smallint NOT NULL,
	"rate_percent" numeric(7, 3) NOT NULL,
	"min_fee" numeric(17, 2) DEFAULT 0 NOT NULL,
	"min_amount" numeric(17, 2),
	"max_amount" numeric(17, 2),
	"max_term_days" integer,
	"required_documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conditions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partner_products_service_check" CHECK ("partner_products"."service_type" between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "partner_staff" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"kind" text NOT NULL,
	"inn" text,
	"bik" text,
	"site" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partners_kind_check" CHECK ("partners"."kind" in ('bank', 'mfo'))
);
--> statement-breakpoint
ALTER TABLE "partner_products" ADD CONSTRAINT "partner_products_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_staff" ADD CONSTRAINT "partner_staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_staff" ADD CONSTRAINT "partner_staff_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_products_partner_service" ON "partner_products" USING btree ("partner_id","service_type");--> statement-breakpoint
CREATE INDEX "partner_products_service_idx" ON "partner_products" USING btree ("service_type");--> statement-breakpoint
CREATE INDEX "partner_staff_partner_idx" ON "partner_staff" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "partners_kind_idx" ON "partners" USING btree ("kind","active");