import { defineConfig } from 'drizzle-kit'

/**
 * The split module's own migrations: `npx drizzle-kit generate --config modules/split/drizzle.config.ts` writes
 * SQL into modules/split/migrations (committed), applied after the core's with their own journal table
 * (ServerModule.migrations), in the order of app/server-modules.ts.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./modules/split/tables.ts'],
  out: './modules/split/migrations',
})
