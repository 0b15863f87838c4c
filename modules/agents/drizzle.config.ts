import { defineConfig } from 'drizzle-kit'

/** `npx drizzle-kit generate --config modules/agents/drizzle.config.ts`: this module's migrations only. */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./modules/agents/tables.ts'],
  out: './modules/agents/migrations',
})
