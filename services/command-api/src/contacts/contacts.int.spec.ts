import { messages, POSITION_HEADER } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestCommandApp, rep } from '../testing/test-app'
import { contactStreamId } from './contacts.events'

const valid = { name: 'Acme Trucking LLC', organizationTypeId: 7, dotNumber: '1234567', address: { state: 'TX' } }

describe.each(databaseTargets())('POST /api/v1/contacts on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestCommandApp>>
  let auth: { authorization: string }
  beforeAll(async () => {
    t = await createTestCommandApp(target)
    auth = { authorization: `Bearer ${(await t.login()).token}` }
  })
  afterAll(() => t.close())

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { ...auth, ...headers },
      payload: payload as object,
    })

  it('creates a contact: 201 with its id and the position of its event, header and body alike', async () => {
    const response = await post(valid)
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(body.position).toMatch(/^\d{20}-\d{20}$/)
    expect(response.headers[POSITION_HEADER]).toBe(body.position)

    const [event] = await t.store.readStream(contactStreamId(body.id))
    expect(event).toMatchObject({
      type: 'ContactCreated',
      position: body.position,
      data: { contactId: body.id, name: valid.name, divisionId: rep.divisionId, assigned: rep.userId, statusId: 1 },
      metadata: { userId: rep.userId, divisionId: rep.divisionId },
    })
  })

  it('answers a missing name with the SPEC message under the field', async () => {
    const response = await post({ organizationTypeId: 7 })
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.json().errors.name).toBe(messages.contactNameRequired)
  })

  it('answers a blank name and a missing organization type with their messages', async () => {
    const response = await post({ name: '   ' })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toMatchObject({
      name: 'Please add name',
      organizationTypeId: 'Please Select Organization Type',
    })
  })

  it('says a value of the wrong type is one: the SPEC message is for a missing value', async () => {
    const response = await post({ ...valid, name: 12345, organizationTypeId: 'seven', numberOfTrucks: '12' })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      name: 'Name must be text',
      organizationTypeId: 'Organization type must be a number',
      numberOfTrucks: 'Number of trucks must be a number',
    })
  })

  it('answers a bad email with "Invalid Email!"', async () => {
    const response = await post({ ...valid, email: 'not-an-email' })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.email).toBe('Invalid Email!')
  })

  it.each([
    ['wrong types', { name: 123, organizationTypeId: 'seven', numberOfTrucks: 'many' }],
    ['an array body', [valid]],
    ['a null body', null],
    ['a 10 kB name', { ...valid, name: 'x'.repeat(10_000) }],
    ['a 10 kB nested string', { ...valid, address: { city: 'y'.repeat(10_000) } }],
    ['an unknown organization type', { ...valid, organizationTypeId: 99 }],
    ['a bad date', { ...valid, dateEstablished: '2024-13-45' }],
    ['a prototype-pollution attempt', JSON.parse('{"__proto__": {"admin": true}, "name": "x"}')],
  ])('rejects %s with a 400 problem, never a 5xx', async (_label, payload) => {
    const response = await post(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ status: 400, title: expect.any(String) })
  })

  it('rejects malformed JSON, other content types and oversized bodies with 4xx', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"name": "Acme", ',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().title).toBe('Malformed JSON body')

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { ...auth, 'content-type': 'text/plain' },
      payload: 'name=Acme',
    })
    expect(text.statusCode).toBe(415)

    const huge = await post({ ...valid, notes: 'z'.repeat(2 * 1024 * 1024) })
    expect(huge.statusCode).toBe(413)
    expect(huge.json().title).toBe('Request body is too large')
  })

  it('keeps unicode names exactly', async () => {
    const name = 'Transportes Ñandú 運輸 🚚 שלום'
    const response = await post({ ...valid, name })
    expect(response.statusCode).toBe(201)
    const [event] = await t.store.readStream(contactStreamId(response.json().id))
    expect((event?.data as { name: string }).name).toBe(name)
  })

  it('appends once for the same idempotency key and answers with the first result', async () => {
    const headers = { 'idempotency-key': 'create-acme-1' }
    const first = await post(valid, headers)
    const second = await post({ ...valid, name: 'Changed my mind' }, headers)
    expect(first.statusCode).toBe(201)
    expect(second.statusCode).toBe(201)
    expect(second.json()).toEqual(first.json())
    expect(await t.store.readStream(contactStreamId(first.json().id))).toHaveLength(1)

    const other = await post(valid, { 'idempotency-key': 'create-acme-2' })
    expect(other.json().id).not.toBe(first.json().id)
  })

  it('rejects malformed idempotency keys', async () => {
    const response = await post(valid, { 'idempotency-key': 'x'.repeat(500) })
    expect(response.statusCode).toBe(400)
  })

  it('forbids a rep to assign the contact to someone else', async () => {
    const response = await post({ ...valid, assigned: '7f9d8c6b-5a4e-4d3c-8b2a-190817263544' })
    expect(response.statusCode).toBe(403)
  })

  it('needs a valid token of a live session', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/contacts', payload: valid })
    expect(none.statusCode).toBe(401)
    expect(none.headers['content-type']).toContain('application/problem+json')

    const garbage = await post(valid, { authorization: 'Bearer not.a.jwt' })
    expect(garbage.statusCode).toBe(401)

    const session = await t.login()
    const expired = t.app.jwt.sign(
      { sub: rep.userId, sid: t.app.jwt.decode<{ sid: string }>(session.token)!.sid, divisionId: 15, permissions: [] },
      { clockTimestamp: Date.now() - 9 * 3600 * 1000 },
    )
    const expiredResponse = await post(valid, { authorization: `Bearer ${expired}` })
    expect(expiredResponse.statusCode).toBe(401)
    expect(expiredResponse.json().detail).toBe('Token expired')

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'x-session-token': session.sessionToken },
    })
    expect(logout.statusCode).toBe(204)
    const revoked = await post(valid, { authorization: `Bearer ${session.token}` })
    expect(revoked.statusCode).toBe(401)
  })

  it('documents its routes in OpenAPI', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' })
    expect(response.statusCode).toBe(200)
    const doc = response.json()
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/contacts',
        '/api/v1/auth/login-user',
        '/api/v1/auth/logout',
        '/api/v1/auth/refresh-token',
      ]),
    )
    expect(doc.paths['/api/v1/contacts'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'name',
    )
    expect(doc.paths['/api/v1/auth/login-user'].post.security).toEqual([])
  })
})
