import { defineConfig } from 'drizzle-kit'

/** `npx drizzle-kit generate --config modules/partners/drizzle.config.ts`: this module's migrations only. */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./modules/partners/tables.ts'],
  out: './modules/partners/migrations',
})
