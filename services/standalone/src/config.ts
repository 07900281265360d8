import { commonEnv, parseEnv } from '@crm/platform'
import { z } from 'zod'

/** The standalone process's own settings; the services it hosts parse theirs. */
export function loadStandaloneConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseEnv(
    {
      ...commonEnv,
      PORT: z.coerce.number().int().min(0).max(65535).default(3000),
      HOST: z.string().default('0.0.0.0'),
      ADMIN_EMAIL: z.email().default('admin@example.com'),
      ADMIN_PASSWORD: z.string().min(8).default('admin12345'),
      SEED_DEMO: z.stringbool().default(true),
    },
    env,
  )
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    redisUrl: e.REDIS_URL,
    jobsPrefix: e.JOBS_PREFIX,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    seedDemo: e.SEED_DEMO,
  }
}

export type StandaloneConfig = ReturnType<typeof loadStandaloneConfig>
