import { z } from 'zod'

/**
 * Parses environment variables once, at start-up, failing with every missing or malformed one named.
 * Each service has its own config.ts built on this; nothing else reads process.env.
 */
export function parseEnv<T extends z.ZodRawShape>(
  shape: T,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<z.ZodObject<T>> {
  // An empty variable means "not set" (as shells and compose files write it).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const result = z.object(shape).safeParse(given)
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')
    throw new Error(`Invalid configuration:\n${problems}`)
  }
  return result.data
}

/** Settings every service shares. */
export const commonEnv = {
  DATABASE_URL: z.string().url().optional(),
  EVENTSTORE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Prefix of the job queue's Redis keys: several instances can share one Redis. */
  JOBS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .default('crm'),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A bearer token that may read GET /metrics (Prometheus), besides an administrator's login token. */
  METRICS_TOKEN: z.string().min(16, 'use 16 or more characters').optional(),
}

/**
 * The secret the APIs sign and verify tokens with. No default: a secret in the source would sign tokens anyone
 * could forge. The embedded default generates one under DATA_DIR (services/standalone/src/secrets.ts).
 */
export const jwtSecretEnv = {
  JWT_SECRET: z.string({ error: 'required: set a random secret of 16+ characters' }).min(16),
}
