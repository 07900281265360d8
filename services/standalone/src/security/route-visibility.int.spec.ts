/**
 * The visibility policy, proved over the route table (docs/architecture.md, "The public API"): for every command
 * and query route that acts on a record, a caller who may not see the record gets the same answer as for a
 * missing one, and nothing is appended. Routes are taken from the app as it is built, so a new route is covered
 * the day it is added: if it acts on a record this test does not know, the test fails and asks for it.
 */
import { permissionKeys, type PermissionKey } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack, type RouteInfo } from '../identity/identity-stack'
import { testEnv } from '../testing/test-env'
import { signInAtFake } from '../calls/calls-stack'
import { startFakeRingCentral, type FakeRingCentral } from '../testing/fake-ringcentral/fake-ringcentral'
import { jsonSchemaOf, sampleOf } from './sample-request'

/** Server-sent event streams never end: a request to one would hold the test (each has its own spec). */
const liveStreams = ['/api/v1/changes', '/api/v1/events/subscribe']

/** The kinds of record a route can act on, each owned by the rep whose records the outsider may not see. */
type Kind =
  | 'contact'
  | 'task'
  | 'meeting'
  | 'activity'
  | 'sharedNote'
  | 'comment'
  | 'redFlag'
  | 'additionalContact'
  | 'personalNote'
  | 'preset'
  | 'referral'
  | 'customer'
  | 'load'
  | 'dealer'
  | 'creditApplication'
  | 'emailTemplate'
  | 'emailMessage'
  | 'emailCampaign'
  | 'call'
  | 'callLogEntry'
  | 'opportunity'
  | 'expense'
type Records = Record<Kind, string>

/**
 * What the `:id` (or `:contactId`) of a path names, by the path; the first match wins. `null`: the parameter
 * is no record of a user's (a list name, a summary type) or the route is an administrator's (users, divisions,
 * configuration), guarded by permissions rather than by whose record it is.
 */
const pathKinds: [RegExp, Kind | null][] = [
  [/^\/api\/v1\/(users|divisions|system-config|auth)\//, null],
  [/^\/api\/v1\/contactsAdditional\/contact\/:id/, 'contact'],
  [/^\/api\/v1\/contactsAdditional\/:id/, 'additionalContact'],
  [/^\/api\/v1\/contact-personal-notes\/:id/, 'personalNote'],
  [/^\/api\/v1\/contacts\/updateRedFlag\/:id/, 'redFlag'],
  [/^\/api\/v1\/(website|cps|cef)-credit-applications\/:id/, 'creditApplication'],
  [/^\/api\/v1\/contacts\//, 'contact'],
  [/^\/api\/v1\/contact-divisions\/:contactId\//, 'contact'],
  [/^\/api\/v1\/activity\/shared-notes\/:id/, 'sharedNote'],
  [/^\/api\/v1\/activity\/comments\/by-contact\/:id/, 'contact'],
  [/^\/api\/v1\/activity\/comments\/:id/, 'comment'],
  [/^\/api\/v1\/activity\/activities-by-contact\/:id/, 'contact'],
  [/^\/api\/v1\/activity\/summary\/:id/, null],
  [/^\/api\/v1\/activity\/(set-inactive\/)?:id/, 'activity'],
  [/^\/api\/v1\/task\/tasks-by-contact\/:id/, 'contact'],
  [/^\/api\/v1\/task\/(complete\/)?:id$/, 'task'],
  // The earlier release's path of the completion (deprecated, kept: docs/decisions/015-api-contract.md).
  [/^\/api\/v1\/task\/:id\/complete$/, 'task'],
  [/^\/api\/v1\/events\/:id/, 'meeting'],
  [/^\/api\/v1\/filter-presets\/:id/, 'preset'],
  [/^\/api\/v1\/referral\/by-contact\/:id/, 'contact'],
  [/^\/api\/v1\/opportunities\/by-contact\/:id/, 'contact'],
  [/^\/api\/v1\/opportunities\/:id$/, 'opportunity'],
  [/^\/api\/v1\/referral\/(update-attention-to\/|mark-as-read\/)?:id$/, 'referral'],
  [/^\/api\/v1\/customers-logistic\/:id/, 'customer'],
  [/^\/api\/v1\/customers-logistic-loads\/(all|totals)\/:contactId/, 'customer'],
  [/^\/api\/v1\/customers-logistic-loads\/:id/, 'load'],
  [/^\/api\/v1\/ts-dealers\/:id/, 'dealer'],
  [/^\/api\/v1\/emails\/templates\/:id/, 'emailTemplate'],
  [/^\/api\/v1\/emails\/cancel-email\/:id/, 'emailMessage'],
  [/^\/api\/v1\/emails\/marketing-sends\/:id/, 'emailCampaign'],
  [/^\/api\/v1\/emails\/suppression\/:contactId/, 'contact'],
  [/^\/api\/v1\/click-to-call\/:id/, 'call'],
  [/^\/api\/v1\/expenses\/:id/, 'expense'],
  // The caller's own notifications: an id from anyone else's is simply not in the caller's stream.
  [/^\/api\/v1\/notifications\/:id/, null],
  // The caller's own lead imports: a job id starts with its uploader's id, and is read only with the caller's.
  [/^\/api\/v1\/jobs\/:name\/:id/, null],
  [/^\/api\/v1\/lead-imports\/:id/, null],
]

/** Fields of a body or query string that name a record. */
const fieldKinds: Record<string, { kind: Kind; many?: boolean }> = {
  contactId: { kind: 'contact' },
  contactIds: { kind: 'contact', many: true },
  ids: { kind: 'contact', many: true },
  taskId: { kind: 'task' },
  applicationId: { kind: 'creditApplication' },
  callId: { kind: 'call' },
  callLogId: { kind: 'callLogEntry' },
}

const ID_PARAMS = new Set(['id', 'contactId'])

/** The kinds a route acts on, or undefined when its `:id` names something this test has no rule for. */
function kindsOf(route: RouteInfo): { path: Kind | null; fields: string[] } | undefined {
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!).filter((p) => ID_PARAMS.has(p))
  let path: Kind | null = null
  if (params.length > 0) {
    const rule = pathKinds.find(([pattern]) => pattern.test(route.url))
    if (!rule) return undefined
    path = rule[1]
  }
  const fields = [route.schema.body, route.schema.querystring].flatMap((s) =>
    Object.keys(jsonSchemaOf(s)?.properties ?? {}).filter((k) => k in fieldKinds),
  )
  return { path, fields }
}

type Built = { method: RouteInfo['method']; url: string; payload?: object }

/**
 * Values the sampler cannot guess, so that a request gets past validation to the rule under test: an activity
 * type, a next step, a meeting's times, an assignee (`self`: the caller).
 */
const knownValues = (self: string): Record<string, unknown> => ({
  activityType: 10009,
  nextStep: 10003,
  meetingStart: new Date().toISOString(),
  meetingEnd: new Date(Date.now() + 3600_000).toISOString(),
  sendingTime: new Date(Date.now() + 3600_000).toISOString(),
  model: { assigned: self },
  originStateId: 45,
  destinationStateId: 14,
  pickUpDate: '2026-11-02',
  loadPay: 100,
})

/** One request to a route, naming the records of `records` wherever it names a record. */
function requestFor(route: RouteInfo, kind: Kind | null, records: Records, self: string): Built {
  let url = route.url.replace(/:(\w+)/g, (_, name: string) =>
    ID_PARAMS.has(name) && kind ? records[kind] : name === 'divisionId' ? '15' : randomUUID(),
  )
  const fill = (value: unknown) => {
    const object = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>
    for (const [field, target] of Object.entries(fieldKinds)) {
      if (field in object || fieldsOf(route).includes(field)) {
        object[field] = target.many ? [records[target.kind]] : records[target.kind]
      }
    }
    if ('divisionId' in object) object.divisionId = 15
    for (const [field, value] of Object.entries(knownValues(self))) {
      if (field in properties) object[field] = value
    }
    return object
  }
  const query = jsonSchemaOf(route.schema.querystring)
  const body = jsonSchemaOf(route.schema.body)
  const properties = { ...query?.properties, ...body?.properties }
  if (query) {
    const values = fill(sampleOf(query))
    const search = new URLSearchParams(
      Object.entries(values).map(([k, v]): [string, string] => [
        k,
        typeof v === 'object' ? JSON.stringify(v) : String(v),
      ]),
    )
    if ([...search].length > 0) url += `?${search}`
  }
  if (!body) return { method: route.method, url }
  const payload = fill(sampleOf(body))
  // An edit must send something: the first field that names no record.
  const editable = Object.keys(body.properties ?? {}).find((k) => !(k in fieldKinds) && k !== 'divisionId')
  if (Object.keys(payload).length === 0 && editable) payload[editable] = sampleOf(body.properties![editable])
  return { method: route.method, url, payload }
}

const fieldsOf = (route: RouteInfo) => kindsOf(route)?.fields ?? []

describe.each(databaseTargets())(
  'every route answers a record one may not see as a missing one, on $name',
  (target) => {
    let t: IdentityStack
    const hidden = {} as Records
    const missing = {} as Records
    let outsider: { token: string; userId: string }
    let owner: { token: string; userId: string }
    let ringCentral: FakeRingCentral

    beforeAll(async () => {
      ringCentral = await startFakeRingCentral()
      t = await createIdentityStack(
        target,
        {
          RINGCENTRAL_SERVER_URL: ringCentral.url,
          RINGCENTRAL_CLIENT_ID: ringCentral.clientId,
          RINGCENTRAL_CLIENT_SECRET: ringCentral.clientSecret,
        },
        { everyReadModel: true },
      )
      owner = await t.userWith('Olive Owner', ['call'])
      // Every permission that grants an action but no wider view: only visibility stands in the outsider's way.
      const seesMore: PermissionKey[] = ['admin', 'executive', 'manager', 'view-all-division-accounts']
      outsider = await t.userWith(
        'Oscar Outsider',
        permissionKeys.filter((p) => !seesMore.includes(p)),
      )
      // A rep of the logistics division owns the logistics customer and its load.
      const shipper = await t.userWith('Lena Logistics', ['call'], { divisionId: 3 })
      const as = async (url: string, payload: object, by = owner) => {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/v1${url}`,
          headers: { authorization: `Bearer ${by.token}` },
          payload,
        })
        expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300)
        return response.json().id as string
      }
      hidden.contact = await as('/contacts', { name: 'Hidden Haulers', organizationTypeId: 7, divisionId: 15 })
      const on = { contactId: hidden.contact }
      hidden.task = await as('/task', { ...on, title: 'Call back' })
      hidden.meeting = await as('/events', {
        ...on,
        subject: 'Fleet review',
        meetingStart: new Date().toISOString(),
        meetingEnd: new Date(Date.now() + 3600_000).toISOString(),
      })
      hidden.activity = await as('/activity', { ...on, activityType: 10009, subject: 'Called', notes: 'Spoke to Al' })
      hidden.sharedNote = await as('/activity/shared-notes', { ...on, note: 'Dock closes at 4' })
      hidden.comment = await as('/activity/comments', { ...on, note: 'Asked for a quote' })
      hidden.redFlag = await as('/contacts/createContactsRedFlags', { ...on, note: 'Pays late' })
      hidden.additionalContact = await as('/contactsAdditional', { ...on, contactPerson: 'Al Jones' })
      hidden.personalNote = await as('/contact-personal-notes', { ...on, note: 'Likes mornings' })
      hidden.preset = await as('/filter-presets', { name: 'My leads' })
      // Referred to another division: the outsider neither sent it nor receives it.
      const receiver = await t.userWith('Rita Receiver', ['call'], { divisionId: 2 })
      hidden.referral = await as('/referral', {
        ...on,
        divisionId: 2,
        subject: 'Needs financing',
        effort_level: 122,
        grade: 108,
        attention_to: receiver.userId,
      })
      hidden.customer = await as('/customers-logistic', { name: 'Hidden Freight', organizationTypeId: 7 }, shipper)
      const load = { originCity: 'Dallas', originStateId: 45, destinationCity: 'Chicago', destinationStateId: 14 }
      hidden.load = await as(
        '/customers-logistic-loads',
        { ...load, contactId: hidden.customer, pickUpDate: '2026-11-02', loadPay: 900 },
        shipper,
      )
      hidden.dealer = await as('/ts-dealers', {
        name: 'Hidden Dealer',
        businessPhone: '2145550199',
        organizationTypeId: 7,
      })
      // A website application belongs to the website divisions (1 and 4), not the outsider's.
      const filed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/website-credit-applications',
        headers: { 'x-api-key': testEnv.WEBSITE_INTAKE_KEY },
        payload: { businessName: 'Hidden Haulers', applicantSsn: '123-45-6789' },
      })
      expect(filed.statusCode, filed.body).toBe(201)
      hidden.creditApplication = filed.json().id as string
      hidden.emailTemplate = await as('/emails/templates', { name: 'Intro', subject: 'Hi', body: '<p>Hi</p>' })
      const mailed = await as('/contacts', {
        name: 'Mailed Haulers',
        organizationTypeId: 7,
        divisionId: 15,
        email: 'dispatch@mailed.example',
      })
      hidden.emailMessage = await as('/emails/schedule-email', {
        contactId: mailed,
        subject: 'Later',
        body: '<p>Later</p>',
        sendingTime: new Date(Date.now() + 3600_000).toISOString(),
      })
      hidden.emailCampaign = await as('/emails/marketing-sends', {
        contactIds: [mailed],
        subject: 'Later for many',
        body: '<p>Later</p>',
        sendingTime: new Date(Date.now() + 3600_000).toISOString(),
      })
      // An entry of the owner's call log, read from RingCentral once they connect.
      ringCentral.callLog.push({
        id: 'owner-log-1',
        sessionId: '1',
        startTime: new Date().toISOString(),
        duration: 30,
        type: 'Voice',
        direction: 'Inbound',
        action: 'Phone Call',
        result: 'Accepted',
        from: { phoneNumber: '+13125550111' },
        to: { phoneNumber: '+13125550100' },
      })
      // A call the owner placed: their profile phone, their RingCentral session, then the call.
      await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/me',
        headers: { authorization: `Bearer ${owner.token}` },
        payload: { activePhone: '3125550100', officeExt: '101' },
      })
      const { authorizeUrl } = await t.app
        .inject({
          method: 'POST',
          url: '/api/v1/users/rc-authorize',
          headers: { authorization: `Bearer ${owner.token}` },
        })
        .then((r) => r.json() as { authorizeUrl: string })
      await as('/users/rc-login', await signInAtFake(authorizeUrl))
      hidden.callLogEntry = 'owner-log-1'
      for (let tries = 0; tries < 100; tries++) {
        const log = await t.app.inject({
          method: 'POST',
          url: '/api/v1/click-to-call/log',
          headers: { authorization: `Bearer ${owner.token}` },
          payload: {},
        })
        if (log.json().total > 0) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await t.caughtUp()
      // On a contact of its own: the referral above gave another user a task on the first one, which blocks a call.
      const called = await as('/contacts', { name: 'Called Haulers', organizationTypeId: 7, divisionId: 15 })
      hidden.call = await as('/click-to-call', { contactId: called, phoneNumber: '3125550199' })
      // The owner closes its window, so the status poller stops appending while the outsider's requests are counted.
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/click-to-call/${hidden.call}`,
        headers: { authorization: `Bearer ${owner.token}` },
      })
      await new Promise((resolve) => setTimeout(resolve, 2500))
      hidden.opportunity = await as('/opportunities', {
        ...on,
        opportunityName: 'Five reefers',
        prospectStage: 1,
        probability: 20,
        opportunityType: 1,
        amount: 250000,
      })
      // The owner's expense: the outsider is no manager of theirs.
      hidden.expense = await as('/expenses', { expense: 42.5, expenseDate: '2026-11-02', note: 'Fuel' })
      for (const kind of Object.keys(hidden) as Kind[]) missing[kind] = randomUUID()
      await t.caughtUp()
    }, 180_000)
    afterAll(async () => {
      await t?.close()
      await ringCentral?.close()
    })

    const send = (request: Built) =>
      t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { authorization: `Bearer ${outsider.token}` },
        ...(request.payload && { payload: request.payload }),
      })
    const answer = (r: { statusCode: number; body: string }) =>
      r.statusCode >= 400 ? `${r.statusCode} ${safeTitle(r.body)}` : String(r.statusCode)

    it('knows what every route with an id acts on', () => {
      const unknown = t.routes.filter((r) => !r.public && kindsOf(r) === undefined).map((r) => `${r.method} ${r.url}`)
      expect(unknown, 'add these routes to pathKinds: which record does their id name?').toEqual([])
    })

    it('counts for each caller only the contacts they may see (the count routes of the lists)', async () => {
      const options = encodeURIComponent(JSON.stringify({ filter: { name: 'Hidden Haulers' } }))
      const countRoutes = [
        '/api/v1/contacts/count',
        '/api/v1/contact-lists/:list/count',
        '/api/v1/advanced-search/count',
      ]
      const routes = t.routes.filter((r) => r.method === 'GET').map((r) => r.url)
      expect(routes).toEqual(expect.arrayContaining(countRoutes))
      for (const route of countRoutes) {
        const url = `${route.replace(':list', 'contacts')}?options=${options}`
        const countAs = async (token: string) =>
          (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json()
        expect(await countAs(owner.token), url).toEqual({ total: 1, timedOut: false })
        expect(await countAs(outsider.token), url).toEqual({ total: 0, timedOut: false })
      }
    })

    it('lists for each caller only the records they may see (the list routes of docs/product.md 7)', async () => {
      const listed = async (url: string, token: string) => {
        const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200)
        return (response.json() as { rows: { id: string }[] }).rows.map((r) => r.id)
      }
      const lists: [string, Kind][] = [
        ['/api/v1/opportunities', 'opportunity'],
        ['/api/v1/contactsAdditional', 'additionalContact'],
        ['/api/v1/click-to-call', 'call'],
      ]
      const routes = t.routes.filter((r) => r.method === 'GET').map((r) => r.url)
      expect(routes).toEqual(expect.arrayContaining(lists.map(([url]) => url)))
      for (const [url, kind] of lists) {
        expect(await listed(url, owner.token), url).toContain(hidden[kind])
        expect(await listed(url, outsider.token), url).not.toContain(hidden[kind])
      }
    })

    it('answers the outsider alike for the hidden and the missing record, and appends nothing', async () => {
      const differences: string[] = []
      const appended: string[] = []
      let covered = 0
      for (const route of t.routes.filter((r) => !r.public && !liveStreams.includes(r.url))) {
        const kinds = kindsOf(route)
        if (!kinds || (kinds.path === null && kinds.fields.length === 0)) continue
        covered++
        const before = await t.eventCount()
        const toHidden = await send(requestFor(route, kinds.path, hidden, outsider.userId))
        await t.caughtUp()
        if ((await t.eventCount()) !== before) appended.push(`${route.method} ${route.url}`)
        const toMissing = await send(requestFor(route, kinds.path, missing, outsider.userId))
        if (answer(toHidden) !== answer(toMissing)) {
          differences.push(`${route.method} ${route.url}: hidden ${answer(toHidden)}, missing ${answer(toMissing)}`)
        }
      }
      expect(covered).toBeGreaterThan(50)
      expect({ differences, appended }).toEqual({ differences: [], appended: [] })
    }, 300_000)

    it('tells no cache to keep what the owner reads of their records (personal data, files, PDFs)', async () => {
      const cached: string[] = []
      let read = 0
      for (const route of t.routes.filter((r) => r.method === 'GET' && !r.public && !liveStreams.includes(r.url))) {
        const kinds = kindsOf(route)
        if (!kinds || kinds.path === null) continue
        const request = requestFor(route, kinds.path, hidden, owner.userId)
        const response = await t.app.inject({
          method: 'GET',
          url: request.url,
          headers: { authorization: `Bearer ${owner.token}` },
        })
        if (response.statusCode < 300) read++
        if (response.headers['cache-control'] !== 'no-store') {
          cached.push(`${route.url} ${response.statusCode}: ${String(response.headers['cache-control'])}`)
        }
      }
      expect(read).toBeGreaterThan(10)
      expect(cached).toEqual([])
    }, 300_000)
  },
)

function safeTitle(body: string): string {
  try {
    return String((JSON.parse(body) as { title?: string }).title ?? '')
  } catch {
    return ''
  }
}
