-- Public links expire (issue 9). Links made before this get the default 30 days from now, so none stops working at
-- once; new ones get their expiry at creation.
ALTER TABLE "public_links" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "public_links" SET "expires_at" = now() + interval '30 days';--> statement-breakpoint
ALTER TABLE "public_links" ALTER COLUMN "expires_at" SET NOT NULL;
