import { ActivityType, MIN_POSITION_HEADER } from '@crm/contracts'
import { createIsolatedPostgres, postgresUrl } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from './lifecycle-stack'

const url = postgresUrl()
const suite = url ? describe : describe.skip

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * GET /contact-activities-timeline/all never answers 5xx: not while calls are being logged and contacts created
 * (the read models catching up), and not for parameters a client can send but the API never issued.
 */
suite(url ? 'timeline requests (postgres)' : 'timeline requests (skipped: DATABASE_URL is not set)', () => {
  let s: LifecycleStack
  let rep: Actor
  let contactId: string
  beforeAll(async () => {
    s = await createLifecycleStack({ name: 'postgres', create: () => createIsolatedPostgres(url!) })
    rep = await s.actor('Rita Rep', ['call'])
    contactId = await s.createContact(rep, { name: 'Probe Freight' })
  }, 120_000)
  afterAll(() => s?.close())

  /** A GET that does not wait for the read models (as a client without X-Min-Position). */
  const timeline = (query: string) =>
    rep.raw('GET', `/contact-activities-timeline/all?${query}`, undefined, { [MIN_POSITION_HEADER]: '' })

  it('answers 2xx or 404 while calls are logged and contacts created beside the polls', async () => {
    const statuses = new Map<number, string>()
    for (let i = 0; i < 15; i++) {
      const [logged, created] = await Promise.all([
        rep.post('/activity', {
          contactId,
          divisionId: 15,
          activityType: ActivityType.OutgoingCall,
          subject: `Probe ${i}`,
          callData: { duration: 1, outcome: 'Attempted' },
        }),
        rep.post('/contacts', { name: `Probe Freight ${i}`, organizationTypeId: 7 }),
      ])
      expect(logged.statusCode, logged.body).toBe(201)
      expect(created.statusCode, created.body).toBe(201)
      const fresh = created.json().id as string
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, k) => timeline(`contactId=${k % 2 ? fresh : contactId}&limit=10`)),
      )
      for (const a of answers) statuses.set(a.statusCode, a.body.slice(0, 200))
    }
    for (const [status, body] of statuses) expect(status < 500, `${status} ${body}`).toBe(true)
  }, 120_000)

  it.each([
    ['a type id beyond the integers', 'types=99999999999'],
    ['a type id of 400 digits', `types=${'9'.repeat(400)}`],
    ['a cursor whose time PostgreSQL does not read', `before=${cursorOf(['1 2', 'x'])}`],
    ['a cursor in a far year', `before=${cursorOf(['+275760-09-13T00:00:00.000Z', 'x'])}`],
    ['a cursor with a February 30th', `before=${cursorOf(['2026-02-30 10:00:00+00', 'x'])}`],
    ['a cursor whose id holds a NUL', `before=${cursorOf(['2026-01-01 10:00:00+00', 'a\u0000b'])}`],
  ])('answers 400 in words for %s', async (_, query) => {
    const response = await timeline(`contactId=${contactId}&limit=10&${query}`)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().title).toMatch(/\w+ \w+/)
  })
})
