import { commonEnv, parseEnv } from '@crm/platform'
import { z } from 'zod'

const projectorEnv = {
  /** Events per read and per transaction; larger batches catch up faster, smaller ones commit sooner. */
  PROJECTOR_BATCH_SIZE: z.coerce.number().int().min(1).max(20_000).default(2000),
  /** Longest sleep when caught up and no notification arrives (KurrentDB never notifies). */
  PROJECTOR_POLL_MS: z.coerce.number().int().min(10).default(500),
}

/** GET /metrics of the projector process: on PORT when it is set (an administrator's token needs JWT_SECRET). */
const metricsEnv = {
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().default('0.0.0.0'),
  JWT_SECRET: z.string().min(16).optional(),
}

/** The projector service runs as its own process against PostgreSQL (docs/architecture.md, production). */
export function loadProjectorConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseEnv({ ...commonEnv, ...projectorEnv, ...metricsEnv, DATABASE_URL: z.string().url() }, env)
  return {
    port: e.PORT,
    host: e.HOST,
    jwtSecret: e.JWT_SECRET,
    metricsToken: e.METRICS_TOKEN,
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    batchSize: e.PROJECTOR_BATCH_SIZE,
    pollIntervalMs: e.PROJECTOR_POLL_MS,
    logLevel: e.LOG_LEVEL,
  }
}

/** The operator CLIs: PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. */
export function loadCliConfig(env: NodeJS.ProcessEnv = process.env) {
  const e = parseEnv({ ...commonEnv, ...projectorEnv }, env)
  return {
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    dataDir: e.DATA_DIR,
    batchSize: e.PROJECTOR_BATCH_SIZE,
  }
}
export type CliConfig = ReturnType<typeof loadCliConfig>
