-- Registration no longer makes an empty company for a new client (issue 10): the company is created when the
-- client first saves it. The empty ones registration made before ("Компания без названия" in administrators'
-- lists) go: a client's company with nothing entered in it and nothing attached — no agent, no numbers, no names,
-- no row in any of this module's company tables. A client left without one is asked to enter the company.
DELETE FROM "companies" c
WHERE c."owner_user_id" IS NOT NULL
  AND c."agent_user_id" IS NULL
  AND c."inn" IS NULL AND c."ogrn" IS NULL AND c."kpp" IS NULL AND c."short_name" IS NULL AND c."full_name" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "company_details" x WHERE x."company_id" = c."id")
  AND NOT EXISTS (SELECT 1 FROM "responsible_persons" x WHERE x."company_id" = c."id")
  AND NOT EXISTS (SELECT 1 FROM "company_owners" x WHERE x."company_id" = c."id")
  AND NOT EXISTS (SELECT 1 FROM "bank_accounts" x WHERE x."company_id" = c."id")
  AND NOT EXISTS (SELECT 1 FROM "financial_periods" x WHERE x."company_id" = c."id")
  AND NOT EXISTS (SELECT 1 FROM "company_files" x WHERE x."company_id" = c."id")
  AND NOT EXISTS (SELECT 1 FROM "company_documents" x WHERE x."company_id" = c."id")
  AND NOT EXISTS (SELECT 1 FROM "licences" x WHERE x."company_id" = c."id")
  AND NOT EXISTS (SELECT 1 FROM "public_links" x WHERE x."company_id" = c."id");
