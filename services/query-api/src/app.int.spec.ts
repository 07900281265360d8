import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertContact } from './testing/seed'
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
        '/api/v1/contacts/{id}/history',
        '/api/v1/health',
        '/api/v1/changes',
        '/api/v1/divisions/for-select',
      ]),
    )
    expect(paths['/api/v1/contacts'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'options', in: 'query' })]),
    )
  })

  it('offers the divisions in use (interim, until divisions are an aggregate)', async () => {
    const token = await t.tokenFor({ userId: randomUUID(), divisionId: 15, permissions: [] })
    await insertContact(t.db, { name: 'Two', divisionId: 2 })
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/divisions/for-select',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.json()).toEqual([
      { id: 2, name: 'Division 2' },
      { id: 15, name: 'Division 15' },
    ])
  })
})
