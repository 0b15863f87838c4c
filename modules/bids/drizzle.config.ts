import { defineConfig } from 'drizzle-kit'

/**
 * `npx drizzle-kit generate --config modules/bids/drizzle.config.ts`: this module's migrations only. The signing
 * tables (./signing/tables.ts) join the schema list when they exist, so one migration history covers the module.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./modules/bids/tables.ts', './modules/bids/signing/tables.ts'],
  out: './modules/bids/migrations',
})
