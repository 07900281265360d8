import { createPostgresEventStore, START, type EventStore } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCheckpoint } from '../testing/read-model-tables.fixture'
import { createTestQueryApp } from '../testing/test-app'

const event = () => {
  const id = randomUUID()
  return {
    eventId: id,
    type: 'ContactCreated',
    data: {},
    metadata: {
      commandId: id,
      userId: null,
      divisionId: null,
      correlationId: id,
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  }
}

describe.each(databaseTargets())('GET /api/v1/health on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestQueryApp>>
  let store: EventStore
  beforeAll(async () => {
    // The PostgreSQL event store in the same database, as in the embedded default: lag is counted there.
    let headPosition = async () => START
    t = await createTestQueryApp(target, {}, { headPosition: () => headPosition() })
    store = await createPostgresEventStore(t.database)
    headPosition = () => store.headPosition()
  })
  afterAll(() => t.close())

  it('tells anyone only whether it is up; an administrator each projection’s checkpoint and lag', async () => {
    let head = START
    for (let i = 0; i < 3; i++) {
      const appended = await store.appendToStream(`contact-${randomUUID()}`, [event()], {
        expectedVersion: 'no_stream',
      })
      head = appended.position
    }
    // The head counts only transactions older than every one still open in the database: another suite's open
    // transaction can hold it behind these appends for a moment.
    await expect.poll(() => store.headPosition(), { timeout: 10_000 }).toBe(head)
    await setCheckpoint(t.db, 'contacts_list', head)
    await setCheckpoint(t.db, 'users', START)

    const anyone = await t.app.inject({ method: 'GET', url: '/api/v1/health' })
    expect(anyone.statusCode).toBe(200)
    expect(anyone.json()).toEqual({ status: 'ok' })
    const rep = await t.tokenFor({ userId: randomUUID(), divisionId: 15, permissions: ['call', 'manager'] })
    const forRep = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { authorization: `Bearer ${rep}` },
    })
    expect(forRep.json()).toEqual({ status: 'ok' })
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { authorization: 'Bearer not.a.token' },
    })
    expect(forged.json()).toEqual({ status: 'ok' })

    const admin = await t.tokenFor({ userId: randomUUID(), divisionId: 15, permissions: ['admin'] })
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { authorization: `Bearer ${admin}` },
    })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ status: 'ok', headPosition: head })
    expect(body.projections).toEqual([
      expect.objectContaining({
        name: 'contacts_list',
        version: 1,
        state: 'active',
        position: head,
        eventsApplied: 1,
        lagEvents: 0,
        caughtUp: true,
      }),
      expect.objectContaining({ name: 'users', position: START, lagEvents: 3, caughtUp: false }),
    ])
    expect(Date.parse(body.projections[0].updatedAt)).not.toBeNaN()
  })
})
