-- The tasks list's search (server/search/search.ts): the name and the description by trigram on exactly
-- search_text(name || ' ' || description) (core migration 0007).
CREATE INDEX IF NOT EXISTS "tasks_text_search" ON "tasks" USING gin (search_text("name" || ' ' || "description") gin_trgm_ops);
