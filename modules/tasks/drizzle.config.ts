import { defineConfig } from 'drizzle-kit'

/**
 * The tasks module's own migrations: `npx drizzle-kit generate --config modules/tasks/drizzle.config.ts` writes
 * SQL into modules/tasks/migrations (committed), applied after the core's with their own journal table
 * (ServerModule.migrations), in the order of app/server-modules.ts.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./modules/tasks/tables.ts'],
  out: './modules/tasks/migrations',
})
