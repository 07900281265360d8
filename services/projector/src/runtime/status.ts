import {
  countEventsAfter,
  listCheckpoints,
  type Database,
  type EventStore,
  type Position,
  type ProjectionLag,
} from '@crm/platform'
import type { RunnerState } from './projection-runner'

export interface ProjectionStatus {
  name: string
  version: number
  state: string
  position: Position
  eventsApplied: number
  /** Events still to apply; null when the store cannot count them (KurrentDB) or the version is retired. */
  lag: number | null
  /** Whether this process runs it (holds its lease). */
  runningHere: boolean
  lastError: string | null
  updatedAt: string | null
}

/** Checkpoints as stored, with lag, and what this process adds (running here, last error). */
export async function projectionStatus(
  database: Database,
  store: EventStore,
  running: readonly RunnerState[] = [],
): Promise<ProjectionStatus[]> {
  const checkpoints = await listCheckpoints(database.db)
  const canCount = store.name === 'postgres' || store.name === 'pglite'
  const lagOf = async (position: Position, state: string) =>
    canCount && state !== 'retired' ? countEventsAfter(database.db, position) : null
  const statuses = await Promise.all(
    checkpoints.map(async (c): Promise<ProjectionStatus> => {
      const here = running.find((r) => r.name === c.name && r.version === c.version)
      return {
        name: c.name,
        version: c.version,
        state: c.state,
        position: c.position,
        eventsApplied: c.eventsApplied,
        lag: await lagOf(c.position, c.state),
        runningHere: here !== undefined && here.state !== 'superseded' && here.state !== 'starting',
        lastError: here?.lastError ?? null,
        updatedAt: c.updatedAt,
      }
    }),
  )
  // Registered here but without a checkpoint yet (still starting or failing to start).
  for (const r of running) {
    if (statuses.some((s) => s.name === r.name && s.version === r.version)) continue
    statuses.push({ ...r, lag: null, runningHere: false, updatedAt: null })
  }
  return statuses
}

/**
 * Each read model's lag behind the head for GET /metrics: events still to apply (where the store can count them)
 * and the age of the oldest of them. The version served is measured; while none is yet, the newest (backfilling).
 */
export async function projectionLag(
  database: Database,
  store: EventStore,
  names: readonly string[],
  now: Date = new Date(),
): Promise<ProjectionLag[]> {
  const checkpoints = (await listCheckpoints(database.db)).filter((c) => c.state !== 'retired')
  const canCount = store.name === 'postgres' || store.name === 'pglite'
  const measured = [...new Set(names)].flatMap((name) => {
    const versions = checkpoints.filter((c) => c.name === name)
    const served = versions.find((c) => c.state === 'active') ?? versions.at(-1)
    return served ? [served] : []
  })
  return Promise.all(
    measured.map(async (c): Promise<ProjectionLag> => {
      const [oldest] = await store.readAll({ after: c.position, limit: 1 })
      const seconds = oldest ? Math.max(0, (now.getTime() - Date.parse(oldest.metadata.occurredAt)) / 1000) : 0
      return {
        readModel: c.name,
        seconds: Number.isFinite(seconds) ? seconds : 0,
        ...(canCount && { events: oldest ? await countEventsAfter(database.db, c.position) : 0 }),
      }
    }),
  )
}
