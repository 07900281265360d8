import { makePosition } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCheckpoint } from '../testing/read-model-tables.fixture'
import { insertContact } from '../testing/seed'
import { createTestQueryApp } from '../testing/test-app'
import { STALE_HEADER } from './min-position'

const manager = { userId: randomUUID(), divisionId: 15, permissions: ['manager'] }
const before = makePosition(100, 1)
const written = makePosition(100, 7)

describe.each(databaseTargets())('X-Min-Position on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestQueryApp>>
  let token: string
  beforeAll(async () => {
    t = await createTestQueryApp(target, { MIN_POSITION_WAIT_MS: '1500' })
    token = await t.tokenFor(manager)
    for (const name of ['contacts_list', 'contact_divisions', 'users']) await setCheckpoint(t.db, name, before)
  })
  afterAll(() => t.close())

  // A contact's page reads contacts_list and contact_divisions (the lists read contact_search, not in this fixture).
  const contactId = randomUUID()
  const list = (minPosition?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/contacts/${contactId}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(minPosition !== undefined && { 'x-min-position': minPosition }),
      },
    })

  it('waits until the projections the route reads pass the position, then answers fresh data', async () => {
    const started = Date.now()
    // The projector, 300 ms later: the row and the checkpoints move together.
    const projector = new Promise<void>((resolve) =>
      setTimeout(async () => {
        await insertContact(t.db, { id: contactId, name: 'Just Created', divisionId: 15 })
        for (const name of ['contacts_list', 'contact_divisions', 'users']) await setCheckpoint(t.db, name, written)
        resolve()
      }, 300),
    )
    const response = await list(written)
    await projector
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(response.statusCode).toBe(200)
    expect(response.headers[STALE_HEADER]).toBeUndefined()
    expect(response.json().name).toBe('Just Created')
  })

  it('answers after the timeout with what there is, marked stale', async () => {
    const started = Date.now()
    const response = await list(makePosition(999, 1))
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400)
    expect(response.statusCode).toBe(200)
    expect(response.headers[STALE_HEADER]).toBe('true')
  })

  it('does not wait for a position already passed, nor on routes that read no projection', async () => {
    const started = Date.now()
    expect((await list(before)).statusCode).toBe(200)
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-min-position': makePosition(999, 1) },
    })
    expect(health.statusCode).toBe(200)
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('rejects a malformed position with 400', async () => {
    const response = await list('42')
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toHaveProperty('x-min-position')
  })
})
