import { defineConfig } from 'drizzle-kit'

/**
 * The chat-bot leads module's own migrations: `npx drizzle-kit generate --config modules/leads/drizzle.config.ts` writes
 * SQL into modules/leads/migrations (committed), applied after the core's with their own journal table
 * (ServerModule.migrations), in the order of app/server-modules.ts.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./modules/leads/tables.ts'],
  out: './modules/leads/migrations',
})
