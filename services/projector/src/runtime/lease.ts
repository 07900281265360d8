import { setMaxListeners } from 'node:events'
import type { Database, Logger } from '@crm/platform'
import { sql } from 'kysely'
import type { AnyProjection } from './projection'
import { pause } from './wake-ups'

/**
 * One running instance per projection version across processes (real PostgreSQL): a session advisory lock
 * per version, held on a dedicated connection. Instances that do not get it stand by and retry. Losing the
 * connection releases the locks, so the runs started under it are stopped and leases are taken again.
 * (The checkpoint row lock already keeps two runners from applying a batch twice; the lease saves the waste.)
 */
export async function runWithLeases(
  database: Database,
  projections: readonly AnyProjection[],
  start: (projection: AnyProjection, signal: AbortSignal) => Promise<void>,
  options: { logger: Logger; retryMs: number; signal: AbortSignal },
): Promise<void> {
  const { logger, retryMs, signal } = options
  while (!signal.aborted) {
    const session = new AbortController()
    // Every projection's loop listens to this signal; more than ten is expected, not a leak.
    setMaxListeners(0, session.signal)
    const stopSession = () => session.abort()
    signal.addEventListener('abort', stopSession, { once: true })
    const runs: Promise<void>[] = []
    try {
      await database.db.connection().execute(async (connection) => {
        const waiting = new Set(projections)
        while (!signal.aborted) {
          for (const projection of waiting) {
            // Advisory locks are database-wide; the schema in the key keeps two deployments (or test schemas)
            // sharing one database from blocking each other.
            const { rows } = await sql<{ ok: boolean }>`
              select pg_try_advisory_lock(hashtext('crm_projection_lease'), hashtext(current_schema() || ':' || ${leaseKey(projection)})) as ok`.execute(
              connection,
            )
            if (!rows[0]?.ok) continue
            waiting.delete(projection)
            logger.info({ projection: projection.name, version: projection.version }, 'lease taken')
            // A run that ends in an error (its batch failed as the connection went) must not end this loop, or
            // no projection would run again in this process: it is logged, and its lease is taken again below.
            runs.push(
              start(projection, session.signal).catch((error: unknown) => {
                logger.error({ err: error, projection: projection.name }, 'leased projection run failed')
              }),
            )
          }
          await pause(retryMs, signal)
          // A dead session has lost its locks: find out here rather than run without them.
          await sql`select 1`.execute(connection)
        }
        await sql`select pg_advisory_unlock_all()`.execute(connection).catch(() => undefined)
      })
    } catch (error) {
      if (!signal.aborted) logger.error({ err: error }, 'lease connection lost; stopping leased projections')
    } finally {
      session.abort()
      signal.removeEventListener('abort', stopSession)
      await Promise.all(runs)
    }
    await pause(retryMs, signal)
  }
}

const leaseKey = (projection: AnyProjection) => `${projection.name}:v${projection.version}`
