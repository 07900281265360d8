import { createPostgresEventStore, type EventStore } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadAggregate } from './load-aggregate'

type Added = { type: 'Added'; data: { n: number } }
const sum = { initialState: 0, evolve: (total: number, event: Added) => total + event.data.n }

const added = (n: number) => {
  const commandId = randomUUID()
  return {
    eventId: randomUUID(),
    type: 'Added',
    data: { n },
    metadata: {
      commandId,
      userId: null,
      divisionId: null,
      correlationId: commandId,
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  }
}

describe.each(databaseTargets())('loadAggregate on $name', (target) => {
  let store: EventStore
  let close: () => Promise<void>
  beforeAll(async () => {
    const database = await target.create()
    store = await createPostgresEventStore(database)
    close = () => database.close()
  })
  afterAll(() => close())

  it('answers the initial state at version 0 for a stream that does not exist', async () => {
    const loaded = await loadAggregate(store, `sum-${randomUUID()}`, sum)
    expect(loaded).toEqual({ state: 0, version: 0, position: null, history: [] })
  })

  it('folds every event of the stream and answers its version and last position', async () => {
    const streamId = `sum-${randomUUID()}`
    await store.appendToStream(streamId, [added(2), added(3)], { expectedVersion: 'no_stream' })
    const last = await store.appendToStream(streamId, [added(5)], { expectedVersion: 2 })
    const loaded = await loadAggregate(store, streamId, sum)
    expect(loaded.state).toBe(10)
    expect(loaded.version).toBe(3)
    expect(loaded.position).toBe(last.position)
    expect(loaded.history.map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }, { n: 5 }])
  })

  it('resumes after a state already folded, reading only the events after its version', async () => {
    const streamId = `sum-${randomUUID()}`
    await store.appendToStream(streamId, [added(2), added(3), added(5)], { expectedVersion: 'no_stream' })
    const resumed = await loadAggregate(store, streamId, sum, { state: 100, version: 2 })
    expect(resumed.state).toBe(105)
    expect(resumed.version).toBe(3)
    expect(resumed.history).toHaveLength(1)
    const nothingNew = await loadAggregate(store, streamId, sum, { state: 10, version: 3 })
    expect(nothingNew).toMatchObject({ state: 10, version: 3, position: null, history: [] })
  })
})
