import { START, createLogger } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack } from '../identity/identity-stack'

const METRICS_TOKEN = 'metrics-token-for-the-scraper-0123456789'

/** What GET /metrics must say (docs/operations.md "Metrics and alerts"). */
const families = [
  'crm_http_requests_total',
  'crm_http_request_duration_seconds',
  'crm_events_appended_total',
  'crm_projection_lag_events',
  'crm_projection_lag_seconds',
  'crm_jobs',
  'crm_job_failures_total',
  'crm_lead_import_rows_total',
  'crm_mail_messages_total',
  'crm_ringcentral_calls_total',
  'crm_ringcentral_errors_total',
  'crm_db_pool_connections',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
]

/** The value of one sample (`name{labels} value`), or undefined when the text has none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe.each(databaseTargets())('GET /metrics and the request id on $name', (target) => {
  let t: IdentityStack
  let admin: { token: string }
  let rep: { token: string }
  const logLines: string[] = []

  beforeAll(async () => {
    const logger = createLogger('test', 'debug', { write: (line: string) => logLines.push(line) })
    t = await createIdentityStack(target, { METRICS_TOKEN }, { logger })
    admin = await t.admin()
    rep = await t.userWith('Rep Person', ['call'])
  }, 120_000)
  afterAll(() => t?.close())

  /**
   * The events after `after` that `match`, once the store shows one: on a shared PostgreSQL server a reader sees an
   * event only when every older transaction (other suites' included) has finished, so a read right after the
   * answer may come back empty.
   */
  async function eventsWhere(
    after: typeof START,
    match: (e: Awaited<ReturnType<IdentityStack['store']['readAll']>>[number]) => boolean,
  ) {
    for (let tries = 0; ; tries++) {
      const found = (await t.store.readAll({ after, limit: 100_000 })).filter(match)
      if (found.length > 0 || tries >= 100) return found
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })

  it('answers an administrator and the metrics token, and 401 to anyone else', async () => {
    for (const authorization of [undefined, `Bearer ${rep.token}`, 'Bearer not.a.token', `Bearer ${METRICS_TOKEN}x`]) {
      const response = await scrape(authorization)
      expect(response.statusCode, authorization ?? 'no token').toBe(401)
      expect(response.body).not.toContain('crm_')
    }
    for (const authorization of [`Bearer ${admin.token}`, `Bearer ${METRICS_TOKEN}`]) {
      const response = await scrape(authorization)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
      expect(response.headers['cache-control']).toBe('no-store')
      for (const family of families) expect(response.body).toContain(`# TYPE ${family} `)
    }
  })

  it('labels requests with the route pattern, never the raw URL', async () => {
    const id = randomUUID()
    const series = 'crm_http_requests_total{method="GET",route="/api/v1/contacts/:id",status="404"}'
    // One registry per process: both databases' stacks count into it.
    const before = sample((await scrape(`Bearer ${METRICS_TOKEN}`)).body, series) ?? 0
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/contacts/${id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    })
    expect(read.statusCode).toBe(404)
    await t.app.inject({ method: 'GET', url: `/no-such-page/${id}` })
    const text = (await scrape(`Bearer ${METRICS_TOKEN}`)).body
    expect(sample(text, series)).toBe(before + 1)
    expect(text).toContain(
      'crm_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/contacts/:id"',
    )
    expect(text).toContain('route="unmatched",status="404"')
    expect(text).not.toContain(id)
  })

  it('counts the events a write appends, and tells each read model’s lag', async () => {
    const before = sample((await scrape(`Bearer ${METRICS_TOKEN}`)).body, 'crm_events_appended_total') ?? 0
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { name: 'Metrics Freight LLC', organizationTypeId: 7 },
    })
    expect(created.statusCode).toBe(201)
    await t.caughtUp()
    const text = (await scrape(`Bearer ${METRICS_TOKEN}`)).body
    expect(sample(text, 'crm_events_appended_total')).toBeGreaterThan(before)
    for (const readModel of ['users', 'contacts_list', 'contact_search']) {
      expect(sample(text, `crm_projection_lag_seconds{read_model="${readModel}"}`), readModel).toBe(0)
      expect(sample(text, `crm_projection_lag_events{read_model="${readModel}"}`), readModel).toBe(0)
    }
    expect(sample(text, 'crm_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0)
  })

  it('carries one request id from the request through its events to the projector’s log', async () => {
    const requestId = `click-${randomUUID()}`
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { authorization: `Bearer ${admin.token}`, 'x-request-id': requestId },
      payload: { name: 'Traced Freight LLC', organizationTypeId: 7 },
    })
    expect(created.statusCode).toBe(201)
    expect(created.headers['x-request-id']).toBe(requestId)
    const written = await eventsWhere(START, (e) => e.metadata.requestId === requestId)
    expect(written.map((e) => e.type)).toContain('ContactCreated')
    await t.caughtUp()

    const lines = logLines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines.some((l) => l.reqId === requestId && l.msg === 'request completed')).toBe(true)
    const projected = lines.filter((l) => (l.reqIds as string[] | undefined)?.includes(requestId))
    expect(projected.map((l) => l.projection)).toEqual(expect.arrayContaining(['contacts_list', 'contact_search']))

    // Without one from the caller, each request gets its own, and its events carry it.
    const another = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { authorization: `Bearer ${admin.token}`, 'x-request-id': 'not a plain token' },
      payload: { name: 'Untraced Freight LLC', organizationTypeId: 7 },
    })
    const generated = another.headers['x-request-id'] as string
    expect(generated).toMatch(/^[0-9a-f-]{36}$/)
    const later = await eventsWhere(written.at(-1)!.position, (e) => e.metadata.requestId === generated)
    expect(later.map((e) => e.type)).toContain('ContactCreated')
  })
})
