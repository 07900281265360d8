import { databaseTargets, postgresUrl } from '@crm/platform/testing'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

type Line = { position: string; streamId: string; type: string; data: Record<string, unknown> }
const lines = (body: string): Line[] =>
  body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)

describe.each(databaseTargets())('GET /events/export for analysts on $name', (target) => {
  let s: LifecycleStack
  let analyst: Actor
  let rep: Actor

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    analyst = await s.actor('Ana Analyst', ['call', 'analyst'])
    rep = await s.actor('Rita Rep', ['call'])
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) await s.createContact(rep, { name: `${name} Freight` })
  }, 240_000)
  afterAll(() => s.close())

  const exportOf = async (query: string) => {
    const response = await analyst.get(`/events/export?${query}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/)
    return lines(response.body)
  }

  it('streams every event as NDJSON, without credentials', async () => {
    const all = await exportOf('')
    expect(all.length).toBeGreaterThanOrEqual(7)
    expect(all.map((e) => e.position)).toEqual([...all.map((e) => e.position)].sort())
    expect(JSON.stringify(all)).not.toMatch(/passwordHash|"password"/i)
  })

  it('filters by type and stream prefix', async () => {
    const created = await exportOf('types=ContactCreated&streamPrefix=contact-')
    expect(created.map((e) => e.data.name)).toEqual([
      'One Freight',
      'Two Freight',
      'Three Freight',
      'Four Freight',
      'Five Freight',
    ])
    expect(await exportOf('streamPrefix=nothing-')).toEqual([])
  })

  it('resumed from a position, loses and repeats nothing', async () => {
    const all = await exportOf('')
    const firstPart = await exportOf('limit=3')
    const rest = await exportOf(`after=${firstPart.at(-1)!.position}`)
    expect([...firstPart, ...rest].map((e) => e.position)).toEqual(all.map((e) => e.position))
    const until = await exportOf(`until=${all[2]!.position}`)
    expect(until.map((e) => e.position)).toEqual(all.slice(0, 3).map((e) => e.position))
  })

  it('includes the client’s own write when another transaction on the server is still open', async () => {
    const url = postgresUrl()
    if (target.name !== 'postgres' || !url) return
    // A transaction that began before the write holds the store's readable head back until it ends.
    const other = new pg.Client({ connectionString: url })
    await other.connect()
    try {
      await other.query('begin')
      await other.query('select pg_current_xact_id()')
      await s.createContact(rep, { name: 'Six Freight' })
      const exported = exportOf('types=ContactCreated&streamPrefix=contact-')
      setTimeout(() => void other.query('commit'), 300)
      expect((await exported).map((e) => e.data.name)).toContain('Six Freight')
    } finally {
      await other.end()
    }
  })

  it('answers 403 without the analyst permission, 400 for a malformed position', async () => {
    expect((await rep.get('/events/export')).statusCode).toBe(403)
    expect((await analyst.get('/events/export?after=yesterday')).statusCode).toBe(400)
  })
})

describe.each(databaseTargets())('GET /events/subscribe for analysts on $name', (target) => {
  let s: LifecycleStack
  let analyst: Actor
  let base: string

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    analyst = await s.actor('Ana Analyst', ['call', 'analyst'])
    await s.createContact(analyst, { name: 'Before Freight' })
    base = await s.app.listen({ port: 0, host: '127.0.0.1' })
  }, 240_000)
  afterAll(() => s.close())

  it('follows the store from a position with the filters, opened with an access ticket', async () => {
    const { ticket } = (await analyst.post('/auth/access-ticket', { route: '/events/subscribe' })).json()
    const controller = new AbortController()
    const response = await fetch(`${base}/api/v1/events/subscribe?types=ContactCreated&ticket=${ticket}`, {
      signal: controller.signal,
    })
    expect(response.status).toBe(200)
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    const seen = () => [...text.matchAll(/"name":"([^"]+)"/g)].map((m) => m[1])
    // The past first, then what happens while it is open.
    while (!seen().includes('Before Freight')) text += (await reader.read()).value ?? ''
    await s.createContact(analyst, { name: 'Live Freight' })
    while (!seen().includes('Live Freight')) text += (await reader.read()).value ?? ''
    controller.abort()
    expect(seen()).toEqual(['Before Freight', 'Live Freight'])
    expect(text).toMatch(/^id: \d{20}-\d{20}$/m)
    // Without a ticket or with a used one: refused.
    expect((await fetch(`${base}/api/v1/events/subscribe?ticket=${ticket}`)).status).toBe(401)
  })
})
