import { defineConfig } from 'drizzle-kit'

/**
 * The clients module's own migrations: `npx drizzle-kit generate --config modules/clients/drizzle.config.ts`
 * writes SQL into modules/clients/migrations (committed), applied after the core's with their own journal
 * table (ServerModule.migrations).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./modules/clients/tables.ts'],
  out: './modules/clients/migrations',
})
