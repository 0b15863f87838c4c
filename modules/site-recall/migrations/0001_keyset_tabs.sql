-- /site-recall pages by keyset (issue 16): each tab's page is read from a partial b-tree of its own order under
-- its own condition (tables.ts), and its count from the same index, instead of sorting the tab on every page;
-- (status, created_at) served neither tab's order.
DROP INDEX "site_recalls_status_idx";--> statement-breakpoint
CREATE INDEX "site_recalls_new_idx" ON "site_recalls" USING btree ("created_at","id") WHERE "site_recalls"."status" in (10, 20);--> statement-breakpoint
CREATE INDEX "site_recalls_done_idx" ON "site_recalls" USING btree ("done_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "site_recalls"."status" = 30;