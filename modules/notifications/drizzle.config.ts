import { defineConfig } from 'drizzle-kit'

/** `npx drizzle-kit generate --config modules/notifications/drizzle.config.ts`: this module's migrations only. */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./modules/notifications/tables.ts'],
  out: './modules/notifications/migrations',
})
