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
    // A list's options are JSON with a schema of their own, page sizes and sort fields included.
    const options = paths['/api/v1/contacts'].get.parameters.find((p: { name: string }) => p.name === 'options')
    expect(options).toMatchObject({ in: 'query', required: false })
    const json = options.content['application/json'].schema
    expect(json.properties.sort.properties.field.enum).toContain('name')
    expect(JSON.stringify(json.properties.pagination.properties.limit)).toMatch(/5.*10.*50.*100/)
    // Every operation is named, summarised and answers its errors with the one problem schema.
    const doc = response.json()
    expect(doc.components.schemas.ProblemDetails.required).toEqual(['type', 'title', 'status'])
    const contact = paths['/api/v1/contacts/{id}'].get
    expect(contact).toMatchObject({ operationId: 'getContactsById', summary: expect.any(String) })
    expect(contact.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' })
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
