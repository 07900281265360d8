import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestQueryApp } from './testing/test-app'

describe.each(databaseTargets())('query API on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestQueryApp>>
  beforeAll(async () => {
    t = await createTestQueryApp(target)
  })
  afterAll(() => t.close())

  it('documents its routes in OpenAPI', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })
    expect(response.statusCode).toBe(200)
    const paths = response.json().paths
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/contacts',
        '/api/v1/contacts/{id}',
        '/api/v1/contacts/history/{id}',
        '/api/v1/health',
        '/api/v1/changes',
        '/api/v1/divisions/for-select',
      ]),
    )
    expect(paths['/api/v1/contacts'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'options', in: 'query' })]),
    )
  })

  it('offers the live divisions for select, and without the executive one for select-limited', async () => {
    const token = await t.tokenFor({ userId: randomUUID(), divisionId: 15, permissions: [] })
    await t.db.executeQuery(
      sql`insert into divisions (division_id, name, deleted) values (1, 'Executive', false), (15, 'Sales', false), (9, 'Gone', true)`.compile(
        t.db,
      ),
    )
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
    expect((await get('/api/v1/divisions/for-select')).json()).toEqual([
      { id: 1, name: 'Executive' },
      { id: 15, name: 'Sales' },
    ])
    expect((await get('/api/v1/divisions/for-select-limited')).json()).toEqual([{ id: 15, name: 'Sales' }])
  })
})
