import type { EventStore, Position, StoredEvent } from '@crm/platform'
import type { AnyProjection, Executor, TableNames } from './projection'

export interface CatchUpProgress {
  position: Position
  events: number
}

/**
 * Applies every event after `from` to `tables` until the store has nothing more, each batch in its own
 * transaction and without a checkpoint row: for copies that are not served yet (rebuild, replay), where a
 * crash means starting the copy again, not a wrong read model.
 */
export async function catchUp(
  ctx: { db: Executor; store: EventStore; batchSize: number },
  projection: AnyProjection,
  tables: TableNames,
  from: CatchUpProgress,
  onProgress?: (progress: CatchUpProgress) => void,
): Promise<CatchUpProgress> {
  const read = (after: Position) => {
    const batch = ctx.store.readAll({ after, limit: ctx.batchSize })
    batch.catch(() => undefined)
    return batch
  }
  let { position, events: count } = from
  let next: Promise<StoredEvent[]> = read(position)
  for (;;) {
    const events = await next
    if (events.length === 0) return { position, events: count }
    position = events[events.length - 1]!.position
    next = read(position)
    await ctx.db.transaction().execute((trx) => projection.applyBatch(trx, events, tables))
    count += events.length
    onProgress?.({ position, events: count })
  }
}
