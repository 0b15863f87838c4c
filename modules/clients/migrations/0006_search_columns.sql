-- The individuals' full name stored normalised (core drizzle/0010 does the same for companies and users): the
-- trigram index on the generated column instead of the expression (0005), under the same name.
ALTER TABLE "individuals" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_text(last_name || ' ' || first_name || coalesce(' ' || middle_name, ''))) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "individuals_name_search";--> statement-breakpoint
CREATE INDEX "individuals_name_search" ON "individuals" USING gin ("search_name" gin_trgm_ops);
