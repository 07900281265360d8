import type { StoredEvent } from '@crm/platform'
import { usingEventTypes, type BatchHandler } from '../../runtime/apply-by-type'
import type { Executor, TableNames } from '../../runtime/projection'

/**
 * Like applyByType, but applies a batch as a few groups of one type each instead of one run per change of type:
 * a stream's events land in groups in its own order, and a group holds at most one event of each stream, so a
 * batch where streams interleave types (an import's ContactCreated, LeadImported, ContactCreated, ...) or repeat
 * one (a rebuild reading a contact's two conversions, its calls one after another) is a couple of statements per
 * type instead of one per event. Safe because every handler here touches only its own contact's rows.
 */
export function applyInWaves<T extends string>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handlers: Partial<Record<string, BatchHandler<T, any>>>,
) {
  const apply = async (trx: Executor, events: readonly StoredEvent[], tables: TableNames<T>): Promise<void> => {
    for (const group of groupInStreamOrder(events.filter((e) => handlers[e.type]))) {
      await handlers[group[0]!.type]!(trx, group, tables)
    }
  }
  return usingEventTypes(apply, handlers)
}

/**
 * The groups to apply one after another: each event goes to the first group of its type after the last group
 * its stream used (so each stream keeps its order and appears once per group), or to a new group at the end.
 * The first fitting group is found by binary search over the type's groups, which are in ascending order.
 */
export function groupInStreamOrder(events: readonly StoredEvent[]): StoredEvent[][] {
  const groups: StoredEvent[][] = []
  const groupsOfType = new Map<string, number[]>()
  const lastGroupOfStream = new Map<string, number>()
  for (const event of events) {
    const last = lastGroupOfStream.get(event.streamId) ?? -1
    let ofType = groupsOfType.get(event.type)
    if (!ofType) groupsOfType.set(event.type, (ofType = []))
    let low = 0
    let high = ofType.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (ofType[middle]! > last) high = middle
      else low = middle + 1
    }
    let index = ofType[low]
    if (index === undefined) {
      index = groups.length
      groups.push([])
      ofType.push(index)
    }
    groups[index]!.push(event)
    lastGroupOfStream.set(event.streamId, index)
  }
  return groups
}
