import { setMaxListeners } from 'node:events'
import {
  EVENTS_CHANNEL,
  START,
  addProjectionLagSource,
  migrateCheckpoints,
  type Database,
  type EventStore,
  type Logger,
} from '@crm/platform'
import { groupedCommits } from './grouped-commits'
import { startHousekeeping, type HousekeepingOptions } from './housekeeping'
import { runWithLeases } from './lease'
import type { AnyProjection } from './projection'
import { runProjection, type RunnerState } from './projection-runner'
import { sharedReads } from './shared-reads'
import { followRebuildRequests } from './rebuild-requests'
import { projectionLag, projectionStatus, type ProjectionStatus } from './status'
import { createWakeUps } from './wake-ups'

export interface ProjectorOptions {
  database: Database
  store: EventStore
  projections: readonly AnyProjection[]
  logger: Logger
  /** Events per read and per transaction. */
  batchSize?: number
  /** Longest sleep when caught up and no notification arrives. */
  pollIntervalMs?: number
  /** One instance per projection version across processes; on by default on real PostgreSQL. */
  lease?: boolean
  leaseRetryMs?: number
  /** Statistics and (on PGlite) vacuuming of the read models; on by default. */
  housekeeping?: false | Omit<HousekeepingOptions, 'database' | 'logger'>
  /** Follow the rebuilds asked for on the admin screen (rebuild-requests.ts); on by default. */
  rebuildRequests?: boolean
}

export interface Projector {
  /** Stops after the batches in flight are committed (or rolled back). */
  stop(): Promise<void>
  /** Every projection version this process knows about, with its lag behind the store's head. */
  status(): Promise<ProjectionStatus[]>
  /** True once every projection name run here has an active version (its views exist); false on timeout. */
  waitUntilActive(timeoutMs?: number): Promise<boolean>
  /** The read models' upkeep after bulk work, now rather than once the writes have paused (housekeeping.ts). */
  settle(): Promise<void>
}

export const DEFAULT_BATCH_SIZE = 2000

/** Runs each projection in its own loop (docs/architecture.md, "Read side: projections"). */
export async function startProjector(options: ProjectorOptions): Promise<Projector> {
  const { database, store, projections, logger } = options
  assertDistinct(projections)
  await migrateCheckpoints(database.db)
  const stopping = new AbortController()
  // Every projection's loop listens to this signal; more than ten is expected, not a leak.
  setMaxListeners(0, stopping.signal)
  const wakeUps = createWakeUps()
  const unlisten = await database.listen(EVENTS_CHANNEL, () => wakeUps.notify())
  const states = new Map<AnyProjection, RunnerState>(
    projections.map((p) => [
      p,
      { name: p.name, version: p.version, state: 'starting', position: START, eventsApplied: 0, lastError: null },
    ]),
  )
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
  const housekeeping =
    options.housekeeping === false ? undefined : startHousekeeping({ database, logger, ...options.housekeeping })
  const ctx = {
    db: database.db,
    // Eight batches of 2,000 events kept for laggards: with four per projection (140) a census import's RSS
    // passed 1 GB; the projections that read full batches during one are few (measured: 125 full reads).
    read: sharedReads(store, batchSize, 8),
    commit: groupedCommits(database.db),
    logger,
    wakeUps,
    batchSize,
    pollIntervalMs: options.pollIntervalMs ?? 500,
    housekeeping,
  }
  const run = async (projection: AnyProjection, signal: AbortSignal) => {
    await runProjection(ctx, projection, states.get(projection)!, signal)
  }

  const useLeases = (options.lease ?? true) && database.kind === 'postgres'
  const running = useLeases
    ? runWithLeases(database, projections, run, {
        logger,
        retryMs: options.leaseRetryMs ?? 5_000,
        signal: stopping.signal,
      })
    : Promise.all(projections.map((p) => run(p, stopping.signal)))
  const rebuilds =
    options.rebuildRequests === false
      ? Promise.resolve()
      : followRebuildRequests({
          database,
          store,
          projections,
          logger,
          batchSize,
          pollIntervalMs: Math.max(1_000, ctx.pollIntervalMs),
          signal: stopping.signal,
        })
  // Each read model's lag, read when GET /metrics is scraped in this process.
  const unwatchLag = addProjectionLagSource(() =>
    projectionLag(
      database,
      store,
      projections.map((p) => p.name),
    ),
  )
  logger.info(
    { projections: projections.map((p) => `${p.name} v${p.version}`), leases: useLeases },
    'projector started',
  )

  return {
    async stop() {
      unwatchLag()
      stopping.abort()
      await running
      await rebuilds
      await housekeeping?.stop()
      await unlisten()
    },
    status: () => projectionStatus(database, store, [...states.values()]),
    settle: async () => housekeeping?.settle(),
    async waitUntilActive(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const current = [...states.values()]
        const served = (name: string) => current.some((s) => s.name === name && s.state === 'active')
        if (current.every((s) => served(s.name))) return true
        if (Date.now() >= deadline || stopping.signal.aborted) return false
        await new Promise((r) => setTimeout(r, 20))
      }
    },
  }
}

function assertDistinct(projections: readonly AnyProjection[]): void {
  const keys = projections.map((p) => `${p.name}:v${p.version}`)
  const duplicate = keys.find((k, i) => keys.indexOf(k) !== i)
  if (duplicate) throw new Error(`Projection ${duplicate} is registered twice`)
}
