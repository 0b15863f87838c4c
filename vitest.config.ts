import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { localeParts } from './vite.locale-parts'

/**
 * Three projects: `unit` (core, modules, app; DOM tests opt in with `// @vitest-environment happy-dom`),
 * `server` (Fastify + PGlite, and Postgres when TEST_DATABASE_URL is set) and `e2e` (real Chromium against
 * a real server; run by scripts/e2e.sh after the build).
 */
export default defineConfig({
  plugins: [react(), localeParts()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['core/**/*.test.{ts,tsx}', 'modules/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}', 'tests/replay/**/*.test.ts', 'tests/boundaries.test.ts'],
          exclude: ['**/*.server.test.ts'],
          setupFiles: ['tests/support/unit-setup.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'modules/**/*.server.test.ts', 'tests/**/*.server.test.ts'],
          setupFiles: ['tests/support/server-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite takes ~1 GB per instance: one worker keeps the 2-core CI machine comfortable.
          pool: 'forks',
          maxWorkers: 1,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
})
