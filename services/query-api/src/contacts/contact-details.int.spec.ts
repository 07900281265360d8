import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rep, seedContactsScenario, type ContactIds } from '../testing/contacts-scenario'
import { insertHistory } from '../testing/seed'
import { createTestQueryApp } from '../testing/test-app'

describe.each(databaseTargets())('GET /api/v1/contacts/:id and history on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestQueryApp>>
  let tokens: Awaited<ReturnType<typeof seedContactsScenario>>['tokens']
  let ids: ContactIds

  beforeAll(async () => {
    t = await createTestQueryApp(target)
    ;({ tokens, ids } = await seedContactsScenario(t))
  })
  afterAll(() => t.close())
  const get = (who: keyof typeof tokens, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } })

  it('returns a contact with its standing in every division', async () => {
    const response = await get('rep', `/api/v1/contacts/${ids.both}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      id: ids.both,
      name: 'Epsilon Both',
      email: 'ops@example.com',
      address: { street1: '1 Main St', city: 'Dallas', state: null },
      dateEstablished: '2010-05-17',
      version: 1,
      contactDivisionData: [
        { divisionId: 2, statusId: 1, grade: 108, stage: null, assigned: null },
        { divisionId: 15, statusId: 1, grade: 108, stage: null, assigned: null },
      ],
    })
  })

  it('answers 404 for missing, deleted and invisible contacts, 400 for a malformed id', async () => {
    expect((await get('rep', `/api/v1/contacts/${randomUUID()}`)).statusCode).toBe(404)
    expect((await get('manager', `/api/v1/contacts/${ids.deleted}`)).statusCode).toBe(404)
    expect((await get('rep', `/api/v1/contacts/${ids.theirs}`)).statusCode).toBe(404)
    expect((await get('rep', `/api/v1/contacts/${ids.elsewhere}`)).statusCode).toBe(404)
    expect((await get('manager', `/api/v1/contacts/${ids.theirs}`)).statusCode).toBe(200)
    expect((await get('executive', `/api/v1/contacts/${ids.elsewhere}`)).statusCode).toBe(200)
    expect((await get('rep', '/api/v1/contacts/not-a-uuid')).statusCode).toBe(400)
  })

  it('returns the history newest first with the authors’ names', async () => {
    await insertHistory(t.db, {
      contactId: ids.mine,
      version: 1,
      position: '1',
      type: 'ContactCreated',
      summary: 'Contact created',
      userId: rep.userId,
    })
    await insertHistory(t.db, {
      contactId: ids.mine,
      version: 2,
      position: '2',
      type: 'ContactRenamed',
      summary: 'Renamed',
      userId: null,
    })
    const response = await get('rep', `/api/v1/contacts/history/${ids.mine}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject([
      { streamVersion: 2, type: 'ContactRenamed', summary: 'Renamed', userId: null, userName: null, data: { v: 2 } },
      { streamVersion: 1, type: 'ContactCreated', summary: 'Contact created', userName: 'Rita Rep', divisionId: 15 },
    ])
    expect((await get('rep', `/api/v1/contacts/history/${ids.theirs}`)).statusCode).toBe(404)
  })

  it('names the divisions a history line mentions by the name they have now', async () => {
    await sql`insert into divisions (division_id, name) values (40, 'Old name') on conflict do nothing`.execute(t.db)
    await sql`update divisions set name = 'Truck Finance' where division_id = 40`.execute(t.db)
    await insertHistory(t.db, {
      contactId: ids.both,
      version: 1,
      position: '3',
      type: 'ContactAssigned',
      summary: 'Assigned in {division:40}, then in {division:999}',
      userId: rep.userId,
    })
    const response = await get('rep', `/api/v1/contacts/history/${ids.both}`)
    expect(response.json()).toMatchObject([{ summary: 'Assigned in Truck Finance, then in a division' }])
  })

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/contacts' })
    expect(response.statusCode).toBe(401)
  })
})
