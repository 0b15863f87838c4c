-- The company list's kind + status filter (modules/clients/server/company-store.ts, detailsConditions): equality on
-- both, newest first, answered by the index alone (the page and its count); replaces the (kind, status) index.
DROP INDEX "company_details_kind_status_idx";--> statement-breakpoint
CREATE INDEX "company_details_kind_status_company_idx" ON "company_details" USING btree ("kind","status","company_id");