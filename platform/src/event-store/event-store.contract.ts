import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WrongExpectedVersionError, type EventStore, type StoredEvent } from './event-store'
import { START } from './position'
import { testEvent } from './test-events'

export interface StoreUnderTest {
  store: EventStore
  close(): Promise<void>
}

/**
 * Behaviour every event store adapter must have (docs/architecture.md). Run against each reachable adapter.
 * Stream ids are random per test so that a shared server (KurrentDB) needs no cleanup.
 */
export function describeEventStoreContract(name: string, open: () => Promise<StoreUnderTest>) {
  describe(`event store contract: ${name}`, () => {
    let subject: StoreUnderTest
    let store: EventStore
    let prefix: string
    beforeEach(async () => {
      subject = await open()
      store = subject.store
      prefix = `t${randomUUID().replaceAll('-', '').slice(0, 12)}`
    })
    afterEach(async () => subject.close())

    it('appends and reads a stream back in version order with data and metadata', async () => {
      const id = `${prefix}-contact-1`
      const first = await store.appendToStream(id, [testEvent('ContactCreated', { name: 'Acme' })], {
        expectedVersion: 'no_stream',
      })
      const second = await store.appendToStream(id, [testEvent('ContactRenamed', { name: 'Acme 2' })], {
        expectedVersion: 1,
      })
      expect(first.nextVersion).toBe(1)
      expect(second.nextVersion).toBe(2)
      expect(second.position > first.position).toBe(true)
      const events = await store.readStream(id)
      expect(events.map((e) => [e.streamVersion, e.type, e.data])).toEqual([
        [1, 'ContactCreated', { name: 'Acme' }],
        [2, 'ContactRenamed', { name: 'Acme 2' }],
      ])
      expect(events[0]!.metadata.commandId).toBeTruthy()
      expect(await store.readStream(`${prefix}-missing`)).toEqual([])
    })

    it('reads several streams at once, each in version order, a missing one as empty', async () => {
      const [a, b, missing] = [`${prefix}-many-a`, `${prefix}-many-b`, `${prefix}-many-missing`]
      await store.appendToStream(a, [testEvent('A1'), testEvent('A2')], { expectedVersion: 'no_stream' })
      await store.appendToStream(b, [testEvent('B1')], { expectedVersion: 'no_stream' })
      await store.appendToStream(a, [testEvent('A3')], { expectedVersion: 2 })
      const streams = await store.readStreams([b, missing, a, b])
      expect([...streams.keys()].sort()).toEqual([a, b, missing].sort())
      expect(streams.get(a)!.map((e) => [e.streamVersion, e.type])).toEqual([
        [1, 'A1'],
        [2, 'A2'],
        [3, 'A3'],
      ])
      expect(streams.get(b)).toEqual(await store.readStream(b))
      expect(streams.get(missing)).toEqual([])
      expect(await store.readStreams([])).toEqual(new Map())
    })

    it('refuses an append whose expected version is stale, and writes nothing', async () => {
      const id = `${prefix}-contact-2`
      await store.appendToStream(id, [testEvent('A'), testEvent('B')], { expectedVersion: 'no_stream' })
      await expect(store.appendToStream(id, [testEvent('C')], { expectedVersion: 1 })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      )
      await expect(store.appendToStream(id, [testEvent('C')], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      )
      expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B'])
    })

    it('lets exactly one of many conflicting appends with the same expected version win', async () => {
      const id = `${prefix}-contact-3`
      await store.appendToStream(id, [testEvent('Created')], { expectedVersion: 'no_stream' })
      const attempts = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          store.appendToStream(id, [testEvent('Changed', { i })], { expectedVersion: 1 }),
        ),
      )
      const won = attempts.filter((a) => a.status === 'fulfilled')
      const lost = attempts.filter((a) => a.status === 'rejected')
      expect(won).toHaveLength(1)
      expect(lost.every((a) => a.reason instanceof WrongExpectedVersionError)).toBe(true)
      expect(await store.readStream(id)).toHaveLength(2)
    })

    it('appends the same command id once and answers the repeat with the first result', async () => {
      const id = `${prefix}-contact-4`
      const commandId = randomUUID()
      const first = await store.appendToStream(id, [testEvent('Created', {}, commandId)], { expectedVersion: 'any' })
      const again = await store.appendToStream(id, [testEvent('Created', {}, commandId)], { expectedVersion: 'any' })
      expect(first.duplicate).toBe(false)
      expect(again).toEqual({ ...first, duplicate: true })
      expect(await store.readStream(id)).toHaveLength(1)
    })

    it('applies many appends at once, failing only the stale one and answering a repeat with its first result', async () => {
      const existing = `${prefix}-bulk-existing`
      await store.appendToStream(existing, [testEvent('Created')], { expectedVersion: 'no_stream' })
      const repeatedCommand = randomUUID()
      const batch = [
        {
          streamId: `${prefix}-bulk-1`,
          events: [testEvent('Imported', { row: 1 })],
          options: { expectedVersion: 'no_stream' as const },
        },
        {
          streamId: existing,
          events: [testEvent('Imported', { row: 2 })],
          options: { expectedVersion: 'no_stream' as const },
        },
        {
          streamId: `${prefix}-bulk-3`,
          events: [
            testEvent('Imported', { row: 3 }, repeatedCommand),
            testEvent('Tagged', { row: 3 }, repeatedCommand),
          ],
          options: { expectedVersion: 'no_stream' as const },
        },
      ]
      const first = await store.appendToStreams(batch)
      expect(first.map((o) => o.ok)).toEqual([true, false, true])
      const conflict = first[1]!
      expect(!conflict.ok && conflict.error).toBeInstanceOf(WrongExpectedVersionError)
      expect(!conflict.ok && conflict.error.actual).toBe(1)
      expect(first[2]).toMatchObject({ ok: true, nextVersion: 2, duplicate: false })
      expect((await store.readStream(existing)).map((e) => e.type)).toEqual(['Created'])
      expect((await store.readStream(`${prefix}-bulk-3`)).map((e) => e.type)).toEqual(['Imported', 'Tagged'])

      const again = await store.appendToStreams([batch[2]!])
      expect(again[0]).toEqual({ ...first[2], duplicate: true })
      expect(await store.readStream(`${prefix}-bulk-3`)).toHaveLength(2)
      expect(await store.appendToStreams([])).toEqual([])
    })

    it('decides each append of a group on its stream as it stands: expected versions, any, and earlier commands', async () => {
      const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((s) => `${prefix}-group-${s}`) as [string, string, string, string]
      const recordedCommand = randomUUID()
      const recorded = await store.appendToStream(a, [testEvent('Created', {}, recordedCommand)], {
        expectedVersion: 'no_stream',
      })
      await store.appendToStream(b, [testEvent('Created'), testEvent('Named')], { expectedVersion: 'no_stream' })
      const outcomes = await store.appendToStreams([
        { streamId: a, events: [testEvent('Noted')], options: { expectedVersion: 1 } },
        { streamId: b, events: [testEvent('Noted')], options: { expectedVersion: 1 } }, // stale: b is at 2
        { streamId: c, events: [testEvent('Noted'), testEvent('Tagged')], options: { expectedVersion: 'any' } },
        // A command recorded before (on another stream): answered with its first result, nothing written.
        { streamId: d, events: [testEvent('Created', {}, recordedCommand)], options: { expectedVersion: 'no_stream' } },
      ])
      expect(outcomes[0]).toMatchObject({ ok: true, nextVersion: 2, duplicate: false })
      expect(!outcomes[1]!.ok && outcomes[1]!.error.actual).toBe(2)
      expect(outcomes[2]).toMatchObject({ ok: true, nextVersion: 2, duplicate: false })
      expect(outcomes[3]).toEqual({ ok: true, nextVersion: 1, position: recorded.position, duplicate: true })
      expect((await store.readStream(b)).map((e) => e.type)).toEqual(['Created', 'Named'])
      expect((await store.readStream(c)).map((e) => [e.streamVersion, e.type])).toEqual([
        [1, 'Noted'],
        [2, 'Tagged'],
      ])
      expect(await store.readStream(d)).toEqual([])
      // Each written append's position is that of its own last event.
      const [lastOfA, lastOfC] = [(await store.readStream(a)).at(-1)!, (await store.readStream(c)).at(-1)!]
      expect(outcomes[0]).toMatchObject({ position: lastOfA.position })
      expect(outcomes[2]).toMatchObject({ position: lastOfC.position })
    })

    it('applies a group that touches one stream twice, or repeats a command, in order', async () => {
      const stream = `${prefix}-twice`
      const repeated = randomUUID()
      const outcomes = await store.appendToStreams([
        { streamId: stream, events: [testEvent('Created')], options: { expectedVersion: 'no_stream' } },
        { streamId: stream, events: [testEvent('Named')], options: { expectedVersion: 1 } },
        {
          streamId: `${prefix}-other`,
          events: [testEvent('Created', {}, repeated)],
          options: { expectedVersion: 'any' },
        },
        {
          streamId: `${prefix}-other`,
          events: [testEvent('Created', {}, repeated)],
          options: { expectedVersion: 'any' },
        },
      ])
      expect(outcomes.map((o) => o.ok && [o.nextVersion, o.duplicate])).toEqual([
        [1, false],
        [2, false],
        [1, false],
        [1, true],
      ])
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['Created', 'Named'])
      expect(await store.readStream(`${prefix}-other`)).toHaveLength(1)
    })

    it('reads all streams in one global order, resuming after a position', async () => {
      const start = await store.headPosition()
      await store.appendToStream(`${prefix}-a`, [testEvent('A1'), testEvent('A2')], { expectedVersion: 'any' })
      await store.appendToStream(`${prefix}-b`, [testEvent('B1')], { expectedVersion: 'any' })
      // Readers see only finished transactions: an unrelated transaction still open elsewhere on the server can
      // delay (never reorder) what becomes visible, so wait for all three before checking their order.
      let all: StoredEvent[] = []
      await waitUntilAsync(async () => {
        all = (await store.readAll({ after: start, limit: 1000 })).filter((e) => e.streamId.startsWith(prefix))
        return all.length >= 3
      }, 10_000)
      expect(all.map((e) => e.type)).toEqual(['A1', 'A2', 'B1'])
      const rest = (await store.readAll({ after: all[0]!.position, limit: 1000 })).filter((e) =>
        e.streamId.startsWith(prefix),
      )
      expect(rest.map((e) => e.type)).toEqual(['A2', 'B1'])
      expect(await store.headPosition()).toBe(all[2]!.position)
    })

    it('gives a subscriber every event of 16 concurrent writers exactly once, in each stream order', async () => {
      const start = await store.headPosition()
      const seen: StoredEvent[] = []
      const subscription = store.subscribe({
        after: start,
        batchSize: 50,
        onEvents: async (batch) => {
          seen.push(...batch.filter((e) => e.streamId.startsWith(prefix)))
        },
      })
      const writers = 16
      const perWriter = 20
      const committed: string[] = []
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let i = 0; i < perWriter; i++) {
            // Overlapping streams: each stream is written by several writers at once.
            const streamId = `${prefix}-s${(w + i) % 5}`
            const event = testEvent('Written', { w, i })
            await store.appendToStream(streamId, [event], { expectedVersion: 'any' })
            committed.push(event.eventId)
          }
        }),
      )
      await waitUntil(() => seen.length >= committed.length, 20_000)
      await new Promise((r) => setTimeout(r, 300)) // anything extra (a duplicate) would arrive now
      await subscription.close()
      expect(findDeliveryDefects(seen, committed)).toEqual([])
    })
  })
}

/**
 * What a subscriber got wrong: events missing, delivered twice, or out of their stream's order.
 * Shared by the contract test and by the test that shows a naive reader fails it.
 */
export function findDeliveryDefects(seen: StoredEvent[], committedIds: string[]): string[] {
  const defects: string[] = []
  const counts = new Map<string, number>()
  for (const e of seen) counts.set(e.eventId, (counts.get(e.eventId) ?? 0) + 1)
  for (const id of committedIds) if (!counts.has(id)) defects.push(`missing ${id}`)
  for (const [id, n] of counts) if (n > 1) defects.push(`delivered ${n} times: ${id}`)
  const lastVersion = new Map<string, number>()
  for (const e of seen) {
    const previous = lastVersion.get(e.streamId) ?? 0
    if (e.streamVersion <= previous) defects.push(`${e.streamId} v${e.streamVersion} after v${previous}`)
    lastVersion.set(e.streamId, e.streamVersion)
  }
  return defects
}

export async function waitUntilAsync(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
}

export async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) return
    await new Promise((r) => setTimeout(r, 20))
  }
}

export { START }
