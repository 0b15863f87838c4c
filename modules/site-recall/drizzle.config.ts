import { defineConfig } from 'drizzle-kit'

/**
 * The site callbacks' own migrations: `npx drizzle-kit generate --config modules/site-recall/drizzle.config.ts`
 * writes SQL into modules/site-recall/migrations (committed), applied after the core's with their own journal table.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./modules/site-recall/tables.ts'],
  out: './modules/site-recall/migrations',
})
