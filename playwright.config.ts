import { defineConfig } from '@playwright/test'
import { randomBytes } from 'node:crypto'

const port = Number(process.env.E2E_PORT ?? 3100)
// A separate data directory per concurrent run (each with its own E2E_PORT).
const dataDir = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'
// The fake RingCentral of the click-to-call story, beside the app; its application secret is made up per run.
const ringCentralPort = port + 400
const ringCentral = {
  RINGCENTRAL_SERVER_URL: `http://127.0.0.1:${ringCentralPort}`,
  RINGCENTRAL_CLIENT_ID: 'e2e-crm',
  RINGCENTRAL_CLIENT_SECRET: process.env.E2E_RINGCENTRAL_SECRET ?? randomBytes(12).toString('base64url'),
}
// Workers load this file again: they inherit the secret the main process chose.
process.env.E2E_RINGCENTRAL_SECRET = ringCentral.RINGCENTRAL_CLIENT_SECRET

/**
 * The database: real PostgreSQL when the shell names one (CI does), in the port's own schema, made empty before
 * the product starts (runs on other ports leave it alone; the next run on this port empties it again);
 * otherwise the embedded default (PGlite under the data directory). E2E_EMBEDDED=1 keeps the embedded default
 * even where a server is named.
 */
const postgresUrl = process.env.E2E_EMBEDDED === '1' ? '' : (process.env.DATABASE_URL ?? '')
const e2eDatabase = postgresUrl ? { url: postgresUrl, schema: `e2e_${port}` } : undefined
const databaseEnv = e2eDatabase
  ? { DATABASE_URL: withSearchPath(e2eDatabase.url, e2eDatabase.schema) }
  : { DATABASE_URL: '' }
const prepareDatabase = e2eDatabase
  ? `tsx services/standalone/src/testing/e2e-database.ts create '${e2eDatabase.url}' ${e2eDatabase.schema} && `
  : ''

function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url)
  parsed.searchParams.set('options', `-c search_path=${schema}`)
  return parsed.toString()
}

/**
 * End-to-end tests in Debian's Chromium (Playwright cannot download browsers here) against the standalone
 * process on a fresh data directory and database: in-process jobs, the built web app, one port.
 */
export default defineConfig({
  testDir: 'web/src',
  testMatch: '**/*.e2e.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  // On CI a test that fails once is run again and, if it passes, reported as flaky in the list (not hidden):
  // two cores shared by the server, Chromium and axe make a rare timing miss cost a whole run otherwise.
  retries: process.env.CI ? 1 : 0,
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
  webServer: [
    {
      command: 'tsx services/standalone/src/testing/fake-ringcentral/main.ts',
      url: `${ringCentral.RINGCENTRAL_SERVER_URL}/restapi/oauth/authorize?client_id=probe`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { ...ringCentral, FAKE_RINGCENTRAL_PORT: String(ringCentralPort) },
    },
    {
      command: `rm -rf ${dataDir} && ${prepareDatabase}tsx services/standalone/src/server.ts`,
      url: `http://127.0.0.1:${port}/api/v1/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'admin12345',
        SEED_DEMO: '0',
        ...databaseEnv,
        // Jobs run in process: a shared Redis would mix this run's jobs with other runs' on the machine.
        REDIS_URL: '',
        EVENTSTORE_URL: '',
        ...ringCentral,
      },
    },
  ],
})
