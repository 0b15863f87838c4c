import { defineConfig } from 'drizzle-kit'

/**
 * The tenders module's own migrations: `npx drizzle-kit generate --config modules/tenders/drizzle.config.ts` writes
 * SQL into modules/tenders/migrations (committed), applied after the core's with their own journal table
 * (ServerModule.migrations), in the order of app/server-modules.ts.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./modules/tenders/tables.ts'],
  out: './modules/tenders/migrations',
})
