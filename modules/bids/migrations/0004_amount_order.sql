-- The bids lists page by keyset (issue 16): sorted by sum, a page is read from a b-tree of (sum, number) in the
-- list's direction, empty sums last both ways, instead of sorting every bid in scope.
DROP INDEX "bids_amount_idx";--> statement-breakpoint
CREATE INDEX "bids_amount_desc_idx" ON "bids" USING btree ("amount" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bids_amount_idx" ON "bids" USING btree ("amount","id");