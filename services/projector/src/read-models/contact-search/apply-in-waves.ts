import type { StoredEvent } from '@crm/platform'
import { usingEventTypes, type BatchHandler } from '../../runtime/apply-by-type'
import type { Executor, TableNames } from '../../runtime/projection'

/**
 * Like applyByType, but cuts the batch into "waves" instead of runs of one type: within a wave every stream's
 * events fall into type groups applied in an order that keeps each stream's own order, so a batch where
 * streams interleave types (an import's ContactCreated, LeadImported, ContactCreated, ...) is a couple of
 * statements instead of one per event. Safe because every handler here touches only its own contact's rows.
 */
export function applyInWaves<T extends string>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handlers: Partial<Record<string, BatchHandler<T, any>>>,
) {
  const apply = async (trx: Executor, events: readonly StoredEvent[], tables: TableNames<T>): Promise<void> => {
    for (const wave of splitIntoWaves(events.filter((e) => handlers[e.type]))) {
      for (const group of wave) await handlers[group[0]!.type]!(trx, group, tables)
    }
  }
  return usingEventTypes(apply, handlers)
}

export function splitIntoWaves(events: readonly StoredEvent[]): StoredEvent[][][] {
  const waves: StoredEvent[][][] = []
  let groups: StoredEvent[][] = []
  let groupOf = new Map<string, number>()
  let lastGroupOfStream = new Map<string, number>()
  let streamsInGroup: Set<string>[] = []
  const flush = () => {
    if (groups.length > 0) waves.push(groups)
    groups = []
    groupOf = new Map()
    lastGroupOfStream = new Map()
    streamsInGroup = []
  }
  for (const event of events) {
    let index = groupOf.get(event.type)
    const last = lastGroupOfStream.get(event.streamId) ?? -1
    const fits = index === undefined || (index > last && !streamsInGroup[index]!.has(event.streamId))
    if (!fits) {
      flush()
      index = undefined
    }
    if (index === undefined) {
      index = groups.length
      groups.push([])
      streamsInGroup.push(new Set())
      groupOf.set(event.type, index)
    }
    groups[index]!.push(event)
    streamsInGroup[index]!.add(event.streamId)
    lastGroupOfStream.set(event.streamId, index)
  }
  flush()
  return waves
}
