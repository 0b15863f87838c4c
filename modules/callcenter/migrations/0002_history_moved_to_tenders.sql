-- Tender history moved to the tenders module (tender_history), whose migration copies these rows first (it is listed
-- before the call center in app/server-modules.ts). Dropped only when that table exists: a deployment without the
-- tenders module keeps its history rather than losing it.
DO $$
BEGIN
  IF to_regclass('public.tender_history') IS NOT NULL THEN
    DROP TABLE IF EXISTS "callcenter_history" CASCADE;
  END IF;
END $$;
