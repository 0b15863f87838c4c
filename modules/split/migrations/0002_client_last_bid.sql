-- /split-clients for those who see every bid (verifiers, the administrator) pages the clients by their latest bid's
-- number, stored on the client and kept by the database on every bid inserted, whoever inserts it (the API, the
-- seed, a script): each page read from this index instead of grouping every bid there is. A bid never moves to
-- another client, and bids are not deleted.
ALTER TABLE "split_clients" ADD COLUMN "last_bid_id" integer;--> statement-breakpoint
CREATE INDEX "split_clients_last_bid_idx" ON "split_clients" USING btree ("last_bid_id");--> statement-breakpoint
UPDATE "split_clients" c SET "last_bid_id" = (SELECT max(b."id") FROM "split_bids" b WHERE b."client_id" = c."id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION split_clients_last_bid() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE split_clients SET last_bid_id = NEW.id
  WHERE id = NEW.client_id AND (last_bid_id IS NULL OR last_bid_id < NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER split_clients_last_bid AFTER INSERT ON "split_bids" FOR EACH ROW EXECUTE FUNCTION split_clients_last_bid();
