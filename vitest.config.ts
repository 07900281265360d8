import { defineConfig } from 'vitest/config'

// Unit and integration tests of every workspace; crash tests run after them on their own (vitest.crash.config.ts),
// end-to-end tests under Playwright.
export default defineConfig({
  test: {
    include: [
      '{contracts,platform,services,web}/**/src/**/*.{unit,int}.spec.{ts,tsx}',
      'bench/**/*.unit.spec.ts',
      'tools/**/*.unit.spec.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Integration suites share one PostgreSQL database per file (schema per file), so files may run in parallel.
    fileParallelism: true,
    maxWorkers: 2,
  },
})
