-- The dictionary of the companies' name words (issue 16): a mistyped word is looked up among the few thousand
-- distinct words (trigram index) and the companies are then read by the words found, like a substring search —
-- instead of checking the word similarity of every name that shares a trigram with it (15 400 of 1 000 000 for
-- "вектар", 130–210 ms a page).
CREATE TABLE "company_name_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "company_name_words_search" ON "company_name_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION company_name_words_add() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
  INSERT INTO company_name_words (word) SELECT DISTINCT w FROM new_rows, search_words(new_rows.search_name) AS w ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Once per statement over its new rows (a seed's batch of thousands is one insert of its distinct words). A
-- transition table takes one event a trigger, and no column list: an update of any column re-adds the words.
CREATE TRIGGER "company_name_words_on_insert" AFTER INSERT ON "companies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_name_words_add();
--> statement-breakpoint
CREATE TRIGGER "company_name_words_on_update" AFTER UPDATE ON "companies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION company_name_words_add();
--> statement-breakpoint
INSERT INTO company_name_words (word) SELECT DISTINCT w FROM companies, search_words(companies.search_name) AS w ON CONFLICT DO NOTHING;
