import { defineConfig } from 'drizzle-kit'

/**
 * `npx drizzle-kit generate` writes SQL migrations into drizzle/ (committed; applied at server start).
 * Modules keep their tables in modules/<name>/tables.ts so the core schema never imports a module.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './modules/*/tables.ts'],
  out: './drizzle',
})
