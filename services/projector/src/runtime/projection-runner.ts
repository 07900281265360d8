import type { Logger, Position, ProjectionState, StoredEvent } from '@crm/platform'
import { activeVersion, ensureProjectionVersion, readCheckpoint } from './checkpoint-rows'
import { buildDeferredIndexes } from './deferred-indexes'
import type { BatchCommit, CommitOutcome } from './grouped-commits'
import type { Housekeeping } from './housekeeping'
import { eventTypesOf, versionedTables, type AnyProjection, type Executor } from './projection'
import { switchOver } from './switch-over'
import type { ReadBatch } from './shared-reads'
import { pause, type WakeUps } from './wake-ups'

/** The longest pause between two attempts at a failing batch. */
const MAX_RETRY_PAUSE_MS = 5_000

export interface RunnerContext {
  db: Executor
  read: ReadBatch
  /** Applies a batch and moves the checkpoint in one transaction (shared with other loops: grouped-commits.ts). */
  commit: (commit: BatchCommit) => Promise<CommitOutcome>
  logger: Logger
  wakeUps: WakeUps
  batchSize: number
  pollIntervalMs: number
  /** Told what each batch wrote, so tables changed by a tenth get analyzed (housekeeping.ts). */
  housekeeping?: Pick<Housekeeping, 'wrote'>
}

/** What this process knows about one projection version it runs (status(), the CLI, /health). */
export interface RunnerState {
  name: string
  version: number
  state: ProjectionState | 'starting' | 'superseded'
  position: Position
  eventsApplied: number
  lastError: string | null
}

/**
 * One projection's loop: read a batch after the checkpoint, apply it and move the checkpoint in one
 * transaction, repeat; when a backfilling version reaches the head, switch the views to it; when caught up,
 * sleep until the store announces new events. Returns when the signal aborts or the version is retired.
 */
export async function runProjection(
  ctx: RunnerContext,
  projection: AnyProjection,
  state: RunnerState,
  signal: AbortSignal,
): Promise<void> {
  const log = ctx.logger.child({ projection: projection.name, version: projection.version })
  const tables = versionedTables(projection)
  let failures = 0

  const load = async (): Promise<boolean> => {
    const row =
      (await readCheckpoint(ctx.db, projection.name, projection.version)) ??
      (await ensureProjectionVersion(ctx.db, projection))
    const newest = await activeVersion(ctx.db, projection.name)
    if (row.state === 'retired' || (newest !== undefined && newest > projection.version)) {
      // A newer version serves the query side (e.g. this is an old instance during a rolling deploy).
      log.warn({ activeVersion: newest }, 'a newer version of this projection is active; not running this one')
      state.state = 'superseded'
      return false
    }
    Object.assign(state, { state: row.state, position: row.position, eventsApplied: row.eventsApplied })
    return true
  }

  const eventTypes = eventTypesOf(projection)
  // Most batches hold nothing for most read models (twenty of them see every contact event): those only move
  // their checkpoint, in the same grouped statement as the others'.
  const commit = (events: StoredEvent[], from: Position): Promise<CommitOutcome> =>
    ctx.commit({ projection, tables, events, from, apply: !eventTypes || events.some((e) => eventTypes.has(e.type)) })

  const read = (after: Position): Promise<StoredEvent[]> => {
    const batch = ctx.read(after)
    batch.catch(() => undefined) // a read-ahead may be abandoned; its failure surfaces when awaited
    return batch
  }

  if (!(await runGuarded(load))) return
  // The batch being applied, so a failure's log line names the requests that wrote it.
  let batch: StoredEvent[] = []
  let readAhead: { events: Promise<StoredEvent[]>; seen: number } | undefined
  while (!signal.aborted) {
    try {
      const { events: reading, seen } = readAhead ?? { seen: ctx.wakeUps.seen, events: read(state.position) }
      const events = await reading
      batch = events
      readAhead = undefined
      const full = events.length === ctx.batchSize
      // Reading the next batch while this one is written keeps the database busy on both sides of catch-up.
      if (full) readAhead = { seen: ctx.wakeUps.seen, events: read(events[events.length - 1]!.position) }
      if (events.length > 0) {
        const outcome = await commit(events, state.position)
        if (outcome === 'moved') {
          readAhead = undefined
          log.info('checkpoint moved under this instance (rebuild or another instance); reloading')
          if (!(await load())) return
          continue
        }
        state.position = events[events.length - 1]!.position
        state.eventsApplied += events.length
        const applied = eventTypes ? events.filter((e) => eventTypes.has(e.type)) : events
        const reqIds = requestIdsOf(applied)
        if (reqIds.length > 0) log.debug({ reqIds, position: state.position }, 'applied the events of these requests')
        ctx.housekeeping?.wrote(
          tables,
          eventTypes ? events.filter((e) => eventTypes.has(e.type)).length : events.length,
        )
      }
      if (!full && state.state === 'backfilling') {
        // The indexes left out of the backfill first; then what was appended while they were built.
        if (await buildDeferredIndexes(ctx.db, projection, tables)) {
          log.info({ position: state.position }, 'caught up; built the deferred indexes, catching up again')
          continue
        }
        if (await switchOver(ctx.db, projection)) log.info({ position: state.position }, 'caught up; now serving')
        if (!(await load())) return
      }
      // A short batch was all there was when it was read: the next read waits for a commit after that read
      // began (`seen`), or finds one already notified. Reading at once after every short batch made each
      // projection read the store twice per commit, once for nothing (30,000 reads of a 15,000-row import).
      if (!full) await ctx.wakeUps.wait(seen, ctx.pollIntervalMs, signal)
      failures = 0
      state.lastError = null
    } catch (error) {
      readAhead = undefined
      failures++
      state.lastError = error instanceof Error ? error.message : String(error)
      const reqIds = requestIdsOf(batch)
      log.error({ err: error, failures, ...(reqIds.length > 0 && { reqIds }) }, 'projection batch failed; retrying')
      // Backs off to 5 s at most: the database (or the disk) coming back is noticed within seconds (decision 056).
      await pause(Math.min(MAX_RETRY_PAUSE_MS, 250 * 2 ** failures), signal)
      if (!signal.aborted && !(await runGuarded(load))) return
    }
  }

  /** Start-up and reload survive a database blip by retrying until stopped. */
  async function runGuarded(step: () => Promise<boolean>): Promise<boolean> {
    while (!signal.aborted) {
      try {
        return await step()
      } catch (error) {
        state.lastError = error instanceof Error ? error.message : String(error)
        log.error({ err: error }, 'cannot read the projection checkpoint; retrying')
        await pause(2_000, signal)
      }
    }
    return false
  }
}

/** The requests that wrote these events (their metadata's requestId), each once; a few, not a whole import's. */
export function requestIdsOf(events: readonly StoredEvent[], most = 20): string[] {
  const ids = new Set<string>()
  for (const event of events) {
    const id = event.metadata.requestId
    if (id) ids.add(id)
    if (ids.size >= most) break
  }
  return [...ids]
}
