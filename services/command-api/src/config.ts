import { commonEnv, parseEnv } from '@crm/platform'
import { z } from 'zod'

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback)

/** The command API's settings, parsed once at start-up (ARCHITECTURE.md, "Style"). */
export function loadCommandApiConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseEnv(
    {
      ...commonEnv,
      PORT: z.coerce.number().int().min(0).max(65535).default(3001),
      HOST: z.string().default('0.0.0.0'),
      JWT_TTL_SECONDS: seconds(8 * 3600),
      SESSION_TTL_SECONDS: seconds(7 * 24 * 3600),
      LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
      LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
      TRUST_PROXY: z.stringbool().default(false),
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
    logLevel: e.LOG_LEVEL,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    /** Login attempts per minute (SPEC.md does not say; enough for typos, too few for guessing). */
    loginLimitPerEmail: e.LOGIN_LIMIT_PER_EMAIL,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    trustProxy: e.TRUST_PROXY,
  }
}

export type CommandApiConfig = ReturnType<typeof loadCommandApiConfig>
