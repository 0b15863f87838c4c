import { defineConfig } from 'drizzle-kit'

/**
 * The invest module's own migrations: `npx drizzle-kit generate --config modules/invest/drizzle.config.ts` writes
 * SQL into modules/invest/migrations (committed), applied after the core's with their own journal table
 * (ServerModule.migrations), in the order of app/server-modules.ts.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./modules/invest/tables.ts'],
  out: './modules/invest/migrations',
})
