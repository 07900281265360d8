import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3100)
// A separate data directory per concurrent run (each with its own E2E_PORT).
const dataDir = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'

/**
 * End-to-end tests in Debian's Chromium (Playwright cannot download browsers here) against the standalone
 * process on a fresh data directory: PGlite, in-process jobs, the built web app, one port.
 */
export default defineConfig({
  testDir: 'web/src',
  testMatch: '**/*.e2e.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && tsx services/standalone/src/server.ts`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin12345',
      SEED_DEMO: '0',
      // The end-to-end run uses the embedded default, whatever the shell has set for the integration suites.
      DATABASE_URL: '',
      REDIS_URL: '',
      EVENTSTORE_URL: '',
    },
  },
})
