import { defineConfig } from 'drizzle-kit'

/**
 * The core's tables only: `npx drizzle-kit generate` writes SQL migrations into drizzle/ (committed; applied at
 * server start). A module ships its own migrations: modules/<name>/drizzle.config.ts with schema
 * `./modules/<name>/tables.ts` and out `./modules/<name>/migrations`, listed through its ServerModule.migrations.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts'],
  out: './drizzle',
})
