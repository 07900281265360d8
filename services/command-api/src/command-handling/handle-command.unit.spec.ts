import {
  HttpProblem,
  WrongExpectedVersionError,
  makePosition,
  type EventStore,
  type NewEvent,
  type StoredEvent,
} from '@crm/platform'
import { describe, expect, it } from 'vitest'
import type { Decider } from './decider'
import { MAX_ATTEMPTS, handleCommand } from './handle-command'

type Counted = { type: 'Counted'; data: { n: number } }
const counter: Decider<number, { type: 'Count' }, Counted> = {
  initialState: 0,
  evolve: (n) => n + 1,
  decide: (n) => [{ type: 'Counted', data: { n: n + 1 } }],
}
const envelope = (commandId: string) => ({
  commandId,
  userId: null,
  divisionId: null,
  correlationId: commandId,
  causationId: null,
})

/** An in-memory store whose appends can be made to lose races: `conflicts` appends fail first. */
function fakeStore(conflicts = 0): EventStore & { appended: NewEvent[] } {
  const streams = new Map<string, StoredEvent[]>()
  let global = 0
  const appended: NewEvent[] = []
  const unsupported = () => {
    throw new Error('not in this fake')
  }
  return {
    name: 'fake',
    appended,
    async readStream(id) {
      return streams.get(id) ?? []
    },
    async appendToStream(id, events, { expectedVersion }) {
      const stream = streams.get(id) ?? []
      if (conflicts > 0) {
        conflicts--
        // Someone else got there first: their event lands, ours is refused.
        stream.push({
          ...events[0]!,
          eventId: `other-${global}`,
          metadata: { ...events[0]!.metadata, commandId: 'other' },
          streamId: id,
          streamVersion: stream.length + 1,
          position: makePosition(1, ++global),
          schemaVersion: 1,
          createdAt: '',
        })
        streams.set(id, stream)
        throw new WrongExpectedVersionError(id, expectedVersion, stream.length)
      }
      for (const e of events) {
        stream.push({
          ...e,
          streamId: id,
          streamVersion: stream.length + 1,
          position: makePosition(1, ++global),
          schemaVersion: 1,
          createdAt: '',
        })
        appended.push(e)
      }
      streams.set(id, stream)
      return { nextVersion: stream.length, position: stream.at(-1)!.position, duplicate: false }
    },
    appendToStreams: unsupported,
    readStreams: unsupported,
    readAll: unsupported,
    subscribe: unsupported,
    headPosition: unsupported,
    async close() {},
  }
}

describe('handleCommand', () => {
  it('decides on the folded stream and appends with the expected version', async () => {
    const store = fakeStore()
    await handleCommand(store, counter, 's-1', { type: 'Count' }, envelope('c1'))
    const result = await handleCommand(store, counter, 's-1', { type: 'Count' }, envelope('c2'))
    expect(result).toMatchObject({ version: 2, duplicate: false, events: [{ data: { n: 2 } }] })
  })

  it('answers a repeated command id with the first result and appends nothing', async () => {
    const store = fakeStore()
    const first = await handleCommand(store, counter, 's-1', { type: 'Count' }, envelope('same'))
    const again = await handleCommand(store, counter, 's-1', { type: 'Count' }, envelope('same'))
    expect(again).toMatchObject({ position: first.position, duplicate: true, events: [] })
    expect(store.appended).toHaveLength(1)
  })

  it('re-reads and decides again after one conflict', async () => {
    const store = fakeStore(1)
    const result = await handleCommand(store, counter, 's-1', { type: 'Count' }, envelope('c1'))
    // The competing event was folded in before deciding again.
    expect(result.events).toEqual([{ type: 'Counted', data: { n: 2 } }])
  })

  it(`re-reads and decides again after ${MAX_ATTEMPTS - 1} conflicts in a row`, async () => {
    const store = fakeStore(MAX_ATTEMPTS - 1)
    const result = await handleCommand(store, counter, 's-1', { type: 'Count' }, envelope('c1'))
    // Every competing event was folded in before the decision that was appended.
    expect(result).toMatchObject({ version: MAX_ATTEMPTS, events: [{ data: { n: MAX_ATTEMPTS } }] })
    expect(store.appended).toHaveLength(1)
  })

  it(`gives up with a 409 after ${MAX_ATTEMPTS} conflicts`, async () => {
    const store = fakeStore(MAX_ATTEMPTS)
    const attempt = handleCommand(store, counter, 's-1', { type: 'Count' }, envelope('c1'))
    await expect(attempt).rejects.toBeInstanceOf(HttpProblem)
    await expect(attempt).rejects.toMatchObject({
      status: 409,
      title: 'Someone else changed this record at the same time. Reload and try again.',
    })
    expect(store.appended).toHaveLength(0)
  })

  it('appends a stream-starting command without reading the stream, and falls back to reading when it exists', async () => {
    const store = fakeStore()
    let reads = 0
    const readStream = store.readStream.bind(store)
    store.readStream = async (id) => {
      reads++
      return readStream(id)
    }
    const append = store.appendToStream.bind(store)
    // The fake ignores expected versions; the real stores refuse 'no_stream' on an existing stream.
    store.appendToStream = async (id, events, options) => {
      const actual = (await readStream(id)).length
      if (options.expectedVersion === 'no_stream' && actual > 0)
        throw new WrongExpectedVersionError(id, 'no_stream', actual)
      return append(id, events, options)
    }
    const creating = { ...counter, startsStream: () => true }
    const first = await handleCommand(store, creating, 's-new', { type: 'Count' }, envelope('c1'))
    expect(first).toMatchObject({ version: 1, duplicate: false })
    expect(reads).toBe(0)
    const second = await handleCommand(store, creating, 's-new', { type: 'Count' }, envelope('c2'))
    expect(second).toMatchObject({ version: 2, events: [{ data: { n: 2 } }] })
    expect(reads).toBe(1)
  })
})
