import { MIN_POSITION_WAIT_MS } from '@crm/contracts'
import { commonEnv, jwtSecretEnv, parseEnv } from '@crm/platform'
import { z } from 'zod'

/** The query API's settings, parsed once at start-up. */
export function loadQueryApiConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseEnv(
    {
      ...commonEnv,
      ...jwtSecretEnv,
      PORT: z.coerce.number().int().min(0).max(65535).default(3002),
      HOST: z.string().default('0.0.0.0'),
      /** How long a read waits for X-Min-Position before answering stale. */
      MIN_POSITION_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(MIN_POSITION_WAIT_MS),
      TRUST_PROXY: z.stringbool().default(false),
      RINGCENTRAL_SERVER_URL: z.string().optional(),
      RINGCENTRAL_CLIENT_ID: z.string().optional(),
      RINGCENTRAL_CLIENT_SECRET: z.string().optional(),
      /** Epic, the insurance agency's system (GET /epic/epic-data, /contacts/rrg/{id}); off until all three are set. */
      EPIC_API_URL: z.url().optional(),
      EPIC_CLIENT_ID: z.string().optional(),
      EPIC_CLIENT_SECRET: z.string().optional(),
    },
    env,
  )
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    dataDir: e.DATA_DIR,
    jwtSecret: e.JWT_SECRET,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    minPositionWaitMs: e.MIN_POSITION_WAIT_MS,
    trustProxy: e.TRUST_PROXY,
    /** Whether click-to-call is configured (the command API holds the RingCentral settings themselves). */
    callingConfigured: Boolean(e.RINGCENTRAL_SERVER_URL && e.RINGCENTRAL_CLIENT_ID && e.RINGCENTRAL_CLIENT_SECRET),
    epic:
      e.EPIC_API_URL && e.EPIC_CLIENT_ID && e.EPIC_CLIENT_SECRET
        ? { url: e.EPIC_API_URL, clientId: e.EPIC_CLIENT_ID, clientSecret: e.EPIC_CLIENT_SECRET }
        : null,
  }
}

export type QueryApiConfig = ReturnType<typeof loadQueryApiConfig>
