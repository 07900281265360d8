import { MIN_POSITION_HEADER, POSITION_HEADER, rolePresets } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { auditScope, auditWhere } from '@crm/query-api'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'
import { testEnv } from '../testing/test-env'

type Row = {
  type: string
  summary: string
  userName: string | null
  signedInByName: string | null
  clientAddress: string | null
  contactId: string | null
  streamId: string
}

describe.each(databaseTargets())('the audit of every change on $name', (target) => {
  let s: LifecycleStack
  let admin: Actor
  let rep: Actor
  let manager: Actor
  let outsider: Actor
  let contactId: string
  let lastPosition = ''

  /** A request as the rep, signed in by the administrator (sign in as). */
  let asRep: (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) => Promise<{ statusCode: number }>

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    admin = await s.actor('Ada Admin', rolePresets.admin)
    manager = await s.actor('Max Manager', rolePresets.manager)
    rep = await s.actor('Rita Rep', ['call'], { managerId: manager.userId })
    outsider = await s.actor('Otto Outsider', ['call'], { divisionId: 2 })
    contactId = await s.createContact(rep, { name: 'Audit Freight', assigned: rep.userId })
    const signedIn = await admin.post('/auth/login-as-user', { userId: rep.userId })
    expect(signedIn.statusCode).toBe(200)
    const token = signedIn.json().token as string
    asRep = async (method, url, payload) => {
      const response = await s.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${token}`, ...(lastPosition && { [MIN_POSITION_HEADER]: lastPosition }) },
        ...(payload && { payload }),
      })
      const position = response.headers[POSITION_HEADER]
      if (typeof position === 'string' && position > lastPosition) lastPosition = position
      return response
    }
    expect((await asRep('PATCH', `/contacts/${contactId}`, { dotNumber: '4242' })).statusCode).toBe(200)
    expect((await asRep('POST', '/task', { contactId, title: 'Call the owner' })).statusCode).toBe(201)
  }, 900_000)
  afterAll(() => s.close())

  const audit = async (who: Actor, query: string) => {
    // Read-your-writes: wait for what the signed-in-as session wrote too.
    const response = await s.app.inject({
      method: 'GET',
      url: `/api/v1/audit?${query}`,
      headers: { authorization: `Bearer ${who.token}`, [MIN_POSITION_HEADER]: lastPosition },
    })
    return response
  }

  it('tells a contact’s whole story, across its records, with both users of a sign in as and where from', async () => {
    const response = await audit(manager, `contactId=${contactId}`)
    expect(response.statusCode).toBe(200)
    const rows = response.json().rows as Row[]
    expect(rows.map((r) => r.type)).toEqual(expect.arrayContaining(['ContactCreated', 'ContactUpdated', 'TaskCreated']))
    const edit = rows.find((r) => r.type === 'ContactUpdated')!
    expect(edit).toMatchObject({ userName: 'Rita Rep', signedInByName: 'Ada Admin', contactId })
    expect(edit.clientAddress).toBeTruthy()
    // The task lives in its own stream; the audit files it under the contact it is about.
    expect(rows.find((r) => r.type === 'TaskCreated')!.streamId).toMatch(/^task-/)
    expect(rows.find((r) => r.type === 'ContactCreated')).toMatchObject({ userName: 'Rita Rep', signedInByName: null })
  })

  it('reads one user’s day, filters by kind of change, and exports what it shows', async () => {
    const day = new Date().toISOString().slice(0, 10)
    const response = await audit(manager, `userId=${rep.userId}&dateFrom=${day}&dateTo=${day}`)
    const rows = response.json().rows as Row[]
    expect(rows.length).toBeGreaterThanOrEqual(3)
    expect(rows.every((r) => r.userName === 'Rita Rep')).toBe(true)
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)
    expect((await audit(manager, `userId=${rep.userId}&dateTo=${yesterday}`)).json().rows).toEqual([])

    const edits = (await audit(manager, `types=ContactUpdated&contactId=${contactId}`)).json().rows as Row[]
    expect(edits.map((r) => r.type)).toEqual(['ContactUpdated'])

    const csv = await audit(manager, `contactId=${contactId}&exportType=csv`)
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toMatch(/text\/csv/)
    expect(csv.body.split('\r\n')[0]).toBe('Date (UTC),User,Signed in by,From,Contact,Division,Change,Event,Record')
    expect(csv.body).toContain('Rita Rep,Ada Admin')
    const excel = await audit(admin, `contactId=${contactId}&exportType=excel`)
    expect(excel.statusCode).toBe(200)
    expect(excel.rawPayload.subarray(0, 2).toString()).toBe('PK')
  })

  it('answers 404 for a contact one may not see and 403 to a rep auditing others', async () => {
    expect((await audit(outsider, `contactId=${contactId}`)).statusCode).toBe(404)
    expect((await audit(rep, '')).statusCode).toBe(403)
    // The rep reads the story of their own contact.
    expect((await audit(rep, `contactId=${contactId}`)).statusCode).toBe(200)
    // Another division's manager sees none of this division's changes.
    const elsewhere = await s.actor('Mia Elsewhere', rolePresets.manager, { divisionId: 2 })
    const rows = (await audit(elsewhere, `userId=${rep.userId}`)).json().rows as Row[]
    expect(rows).toEqual([])
  })

  it('shows the changes of a record only to whoever may see the record, filtered before paging', async () => {
    // Website applications belong to division 4: its credit analyst works them; its manager has no credit permission.
    const analyst = await s.actor('Cal Credit', ['call', 'credit-analyst'], { divisionId: 4 })
    const manager4 = await s.actor('Flo Floor', rolePresets.manager, { divisionId: 4 })
    const filed = await analyst.raw(
      'POST',
      '/website-credit-applications',
      { businessName: 'Hidden Haulers', applicantFirstName: 'Hal' },
      { 'x-api-key': testEnv.WEBSITE_INTAKE_KEY },
    )
    expect(filed.statusCode, filed.body).toBe(201)
    const applicationId = filed.json().id as string
    const edited = await analyst.patch(`/website-credit-applications/${applicationId}`, { businessName: 'Hidden Co' })
    expect(edited.statusCode, edited.body).toBe(200)
    // The stack's own clients wait for what was just written (read-your-writes).
    const credit = 'types=CreditApplicationReceived,CreditApplicationEdited'

    // Administrators see the application's changes, with the analyst's name.
    const seen = (await admin.get(`/audit?${credit}`)).json() as { rows: Row[]; total: number }
    expect(seen.rows.map((r) => r.streamId)).toContain(`credit-application-${applicationId}`)
    expect(seen.rows.find((r) => r.type === 'CreditApplicationEdited')).toMatchObject({ userName: 'Cal Credit' })

    // The division's manager may not see the application: none of its changes, not even as a count or a page.
    const hidden = (await manager4.get(`/audit?${credit}&limit=1`)).json() as { rows: Row[]; total: number }
    expect(hidden).toMatchObject({ rows: [], total: 0 })
    const everything = (await manager4.get('/audit?limit=1000')).json() as { rows: Row[] }
    expect(everything.rows.filter((r) => r.streamId.startsWith('credit-application-'))).toEqual([])
    const csv = await manager4.get(`/audit?${credit}&exportType=csv`)
    expect(csv.body).not.toContain('Cal Credit')

    // Users they do not manage: none of their changes either (their own and their team's, yes).
    const users = everything.rows.filter((r) => r.streamId.startsWith('user-')).map((r) => r.streamId)
    expect(users).not.toContain(`user-${analyst.userId}`)
    expect(users).toContain(`user-${manager4.userId}`)
  })

  it('reads one user’s day from that user’s changes (and whoever signed in as them), not from everyone’s', async () => {
    // A busy day: 30,000 changes by 200 other people, in a transaction that is rolled back. The manager's audit of
    // the rep's day must find the rep's few through the user and signed-in-by indexes, not read the day's 30,000.
    const day = new Date().toISOString().slice(0, 10)
    const viewer = {
      userId: manager.userId,
      divisionId: 15,
      seesWholeDivision: true,
      seesAllDivisions: false,
      permissions: rolePresets.manager,
    }
    const query = { userId: rep.userId, dateFrom: day, dateTo: day, utcOffset: 0, limit: 50, first: 0 }
    const removed = await s.database.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection)
      try {
        await sql`insert into stream_history (stream_id, stream_version, position, event_type, summary, user_id,
            division_id, occurred_at, data)
          select 'contact-' || gen_random_uuid(), 0, 'x' || i, 'ContactUpdated', 'Edited', 
            ('00000000-0000-4000-9000-' || lpad((i % 200)::text, 12, '0'))::uuid, 15, now() - (i % 3600) * interval '1 second', '{}'
          from generate_series(1, 30000) i`.execute(connection)
        await sql`analyze`.execute(connection)
        const where = await auditWhere(connection, viewer, query, null, auditScope(viewer)!)
        const { rows } = await sql<{ 'QUERY PLAN': unknown }>`
          explain (analyze, format json) select 1 from stream_history h where ${where}`.execute(connection)
        const plan = JSON.stringify(rows[0]!['QUERY PLAN'])
        // Every row a node read and threw away.
        return [...plan.matchAll(/"Rows Removed by (?:Filter|Index Recheck)":(\d+)/g)].reduce(
          (n, m) => n + Number(m[1]),
          0,
        )
      } finally {
        await sql`rollback`.execute(connection)
      }
    })
    expect(removed).toBeLessThan(1000)
    // And the route answers the same day as before.
    const response = await audit(manager, `userId=${rep.userId}&dateFrom=${day}&dateTo=${day}`)
    expect(response.statusCode).toBe(200)
    expect((response.json().rows as Row[]).length).toBeGreaterThan(0)
  })
})
