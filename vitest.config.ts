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
    // A worker runs file after file in one module graph: each file importing the whole back end again cost more
    // than half the run (21.6 min isolated, 11.0 min shared, on two cores). A suite owns what it creates (its
    // database, app and timers) and closes it in afterAll, so nothing carries over from one file to the next.
    isolate: false,
    maxWorkers: 2,
  },
})
