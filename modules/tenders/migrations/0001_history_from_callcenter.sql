-- Until issue 8 the call center kept tender history (callcenter_history: page 'tender' + page_id; no other page ever
-- wrote there). On a database that has it, its rows come over once, in their order; the call center's own migration
-- drops the old table afterwards (app/server-modules.ts lists tenders before callcenter, so this runs first).
DO $$
BEGIN
  IF to_regclass('public.callcenter_history') IS NOT NULL THEN
    INSERT INTO "tender_history" ("tender_id", "type", "value", "user_id", "created_at")
    SELECT "page_id", "type", "value", "user_id", "created_at" FROM "callcenter_history" WHERE "page" = 'tender' ORDER BY "id";
  END IF;
END $$;
