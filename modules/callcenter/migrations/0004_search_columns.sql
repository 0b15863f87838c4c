-- The SIP account's name stored normalised (core drizzle/0010 does the same for users): the trigram index on the
-- generated column instead of the expression (0003), under the same name.
ALTER TABLE "sip_accounts" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_text(name)) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "sip_accounts_name_search";--> statement-breakpoint
CREATE INDEX "sip_accounts_name_search" ON "sip_accounts" USING gin ("search_name" gin_trgm_ops);
