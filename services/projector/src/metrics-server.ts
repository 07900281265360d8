import { randomBytes } from 'node:crypto'
import { createHttpApp, type Database, type HttpApp, type Logger } from '@crm/platform'
import type { loadProjectorConfig } from './config'

/**
 * The projector process has no API: on PORT it answers GET /metrics alone (docs/operations.md "Metrics and
 * alerts"), to METRICS_TOKEN or an administrator's token (verified with JWT_SECRET, when it is given).
 */
export async function serveMetrics(
  config: ReturnType<typeof loadProjectorConfig>,
  database: Database,
  logger: Logger,
): Promise<HttpApp> {
  const app = await createHttpApp({
    logger,
    // Without JWT_SECRET no token of the APIs verifies here: only METRICS_TOKEN opens /metrics.
    jwtSecret: config.jwtSecret ?? randomBytes(32).toString('base64url'),
    db: database.db,
    title: 'Trucking sales CRM: projector',
    metricsToken: config.metricsToken,
  })
  await app.listen({ port: config.port ?? 0, host: config.host })
  return app
}
