import { defineConfig } from 'drizzle-kit'

/**
 * The call-center module's own migrations: `npx drizzle-kit generate --config modules/callcenter/drizzle.config.ts`
 * writes SQL into modules/callcenter/migrations (committed), applied after the core's with their own journal
 * table (ServerModule.migrations).
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./modules/callcenter/tables.ts'],
  out: './modules/callcenter/migrations',
})
