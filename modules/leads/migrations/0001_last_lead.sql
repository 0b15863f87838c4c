-- /leads-users pages by keyset (server/search/keyset.ts) on each chat user's newest lead: the time is stored on the
-- user and kept by the database on every lead inserted, whoever inserts it (the webhook, the seed, a script).
ALTER TABLE "lead_chat_users" ADD COLUMN "last_lead_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lead_chat_users_last_lead_idx" ON "lead_chat_users" USING btree ("last_lead_at" DESC NULLS LAST,"chat_id" DESC NULLS LAST);--> statement-breakpoint
UPDATE "lead_chat_users" u SET "last_lead_at" = (SELECT max(l."created_at") FROM "leads" l WHERE l."chat_id" = u."chat_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION leads_last_lead_at() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE lead_chat_users SET last_lead_at = NEW.created_at
  WHERE chat_id = NEW.chat_id AND (last_lead_at IS NULL OR last_lead_at < NEW.created_at);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER leads_last_lead_at AFTER INSERT ON "leads" FOR EACH ROW EXECUTE FUNCTION leads_last_lead_at();
