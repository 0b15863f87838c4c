ALTER TABLE "notifications" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "key" varchar(200);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_channel" varchar(16);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
-- Notifications stored before the outbox were pushed (and mailed) when created: never deliver them again.
UPDATE "notifications" SET "delivered_at" = "created_at";--> statement-breakpoint
CREATE INDEX "notifications_undelivered_idx" ON "notifications" USING btree ("id") WHERE "notifications"."delivered_at" is null;