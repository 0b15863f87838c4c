-- The impersonations table moved to the agents module (modules/agents/tables.ts), with its name and rows: nothing
-- to drop. drizzle-kit generated a DROP here; this file only moves the clients module's snapshot on.
SELECT 1;