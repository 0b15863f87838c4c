-- The agent's office beside each individual, kept by triggers as the core's companies.agent_office_id (core
-- migration 0014, which creates btree_gin): an agent manager's individuals are one equality, which the name's
-- trigram index takes before the trigrams.
DROP INDEX "individuals_name_search";--> statement-breakpoint
ALTER TABLE "individuals" ADD COLUMN "agent_office_id" integer;--> statement-breakpoint
CREATE OR REPLACE FUNCTION individuals_agent_office() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
  NEW.agent_office_id := (SELECT office_id FROM users WHERE id = NEW.agent_user_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "individuals_agent_office" BEFORE INSERT OR UPDATE OF agent_user_id, agent_office_id ON "individuals" FOR EACH ROW EXECUTE FUNCTION individuals_agent_office();--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_office_to_individuals() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
  UPDATE individuals SET agent_office_id = NEW.office_id WHERE agent_user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_office_to_individuals" AFTER UPDATE OF office_id ON "users" FOR EACH ROW WHEN (OLD.office_id IS DISTINCT FROM NEW.office_id) EXECUTE FUNCTION users_office_to_individuals();--> statement-breakpoint
UPDATE "individuals" SET "agent_office_id" = "users"."office_id" FROM "users" WHERE "users"."id" = "individuals"."agent_user_id";--> statement-breakpoint
CREATE INDEX "individuals_name_search" ON "individuals" USING gin ("agent_office_id","search_name" gin_trgm_ops);--> statement-breakpoint
-- An office's rows newest first (its first page), counted from the index alone.
CREATE INDEX "individuals_agent_office_idx" ON "individuals" USING btree ("agent_office_id","id");
