/**
 * Reports for a division one may not ask for are refused, never answered for one's own division (the visibility
 * policy's reportDivisionsOf). Generated over the route table: every GET route with a `divisionId` in its query
 * string is either a report (asked below as a rep, a manager and an executive) or named here as a filter with
 * the reason; a new route taking a division fails this test until it is placed.
 */
import { rolePresets, salesMetricKeys, salesMetrics } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack, type RouteInfo } from '../identity/identity-stack'
import { jsonSchemaOf, sampleOf } from '../security/sample-request'

/** Reports over a division: the division asked for decides whose numbers they are. */
const reportRoutes = [
  /^\/api\/v1\/reports\//,
  /^\/api\/v1\/accounts-insights\//,
  /^\/api\/v1\/map-of-states\//,
  /^\/api\/v1\/task\/task-report/,
  /^\/api\/v1\/dashboard-opportunity/,
  /^\/api\/v1\/contact-divisions\/status-changes$/,
]

/** Routes where `divisionId` is no report's division, with why. */
const notReports: Record<string, string> = {
  '/api/v1/audit': "a filter within the changes one audits (the audit's own scope and the records' visibility)",
  '/api/v1/users': 'a filter of the users one sees',
  '/api/v1/users/for-select': 'a filter of the users one may pick',
  '/api/v1/referral/get-referrals': 'a filter of the referrals one sees (sent to or from that division)',
  '/api/v1/referral/is-referred': "whether one's contact was referred to that division",
  '/api/v1/referral/due-date': "the receiving division's due date, for a referral being written",
  '/api/v1/referral/attention-to-options': 'whom a referral to that division may be addressed to',
  '/api/v1/activity/get-call-attempts': "one visible contact's call attempts in a division",
  '/api/v1/contacts/isContactActivity/:id': 'whether one visible contact has an activity in a division',
}

const takesDivision = (route: RouteInfo) =>
  route.method === 'GET' && 'divisionId' in (jsonSchemaOf(route.schema.querystring)?.properties ?? {})

describe.each(databaseTargets())('reports for a division one may not ask for, on $name', (target) => {
  let t: IdentityStack
  let rep: { token: string; userId: string }
  let manager: { token: string; userId: string }
  let executive: { token: string; userId: string }

  beforeAll(async () => {
    t = await createIdentityStack(target, {}, { everyReadModel: true })
    manager = await t.userWith('Mona Manager', rolePresets.manager, { divisionId: 15 })
    rep = await t.userWith('Rita Rep', ['call'], { divisionId: 15, managerId: manager.userId })
    executive = await t.userWith('Ed Executive', rolePresets.executive, { divisionId: 1 })
  }, 120_000)
  afterAll(() => t.close())

  /** The report asked for `divisionId` as `who`, with what else it needs: a range, themselves as the user. */
  const ask = (route: RouteInfo, who: { token: string; userId: string }, divisionId: number) => {
    const query = jsonSchemaOf(route.schema.querystring)
    const values = { ...(sampleOf(query) as Record<string, unknown>) }
    const properties = query?.properties ?? {}
    const known: Record<string, unknown> = {
      range: 1,
      userId: who.userId,
      dateFrom: '2026-01-01',
      dateTo: '2026-01-31',
      monthFrom: '2026-01',
      monthTo: '2026-03',
      key: '1',
      stateId: 5,
    }
    for (const [field, value] of Object.entries(known)) if (field in properties) values[field] = value
    // A metric whose records the drill-down lists (activities or contacts).
    const drill = route.url.endsWith('/contacts') ? 'contacts' : 'activities'
    if ('metric' in properties) values.metric = salesMetricKeys.find((k) => salesMetrics[k].drill === drill)
    values.divisionId = divisionId
    const search = new URLSearchParams(Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]))
    return t.app.inject({
      method: 'GET',
      url: `${route.url}?${search}`,
      headers: { authorization: `Bearer ${who.token}` },
    })
  }

  const reports = () => t.routes.filter((r) => takesDivision(r) && reportRoutes.some((p) => p.test(r.url)))

  it('knows every route taking a division: a report or a filter named here', () => {
    const unplaced = t.routes
      .filter(takesDivision)
      .filter((r) => !reportRoutes.some((p) => p.test(r.url)) && !(r.url in notReports))
      .map((r) => r.url)
    expect(unplaced).toEqual([])
    // The ones the review named are among them.
    expect(reports().map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/v1/reports/sales-metric',
        '/api/v1/reports/sales-metric/export',
        '/api/v1/map-of-states/contacts-per-state',
        '/api/v1/accounts-insights/nationality',
      ]),
    )
  })

  it("refuses a rep's and a manager's report for another division with 404, not their own numbers", async () => {
    const answers: string[] = []
    for (const route of reports()) {
      for (const [name, who] of [
        ['rep', rep],
        ['manager', manager],
      ] as const) {
        const response = await ask(route, who, 2)
        // Reps do not read reports over whole divisions at all (403, as before).
        const expected = name === 'rep' && route.url === '/api/v1/reports/lead-to-account' ? 403 : 404
        answers.push(`${name} ${route.url} ${response.statusCode === expected ? 'refused' : response.statusCode}`)
      }
    }
    expect(answers.filter((a) => !a.endsWith('refused'))).toEqual([])
  })

  it('still answers their own division, and executives any division', async () => {
    const answers: string[] = []
    for (const route of reports()) {
      for (const [name, who, divisionId] of [
        ['manager', manager, 15],
        ['executive', executive, 2],
      ] as const) {
        const response = await ask(route, who, divisionId)
        // 503: the Lead to Account report is still being built on a fresh store.
        const ok = response.statusCode === 200 || response.statusCode === 503
        answers.push(
          `${name} ${route.url} ${ok ? 'answered' : `${response.statusCode} ${response.body.slice(0, 200)}`}`,
        )
      }
    }
    expect(answers.filter((a) => !a.endsWith('answered'))).toEqual([])
  })

  it("opens an executive's contact reports on the first division that works contacts, not the Executive one", async () => {
    const divisions = await t.app.inject({
      method: 'GET',
      url: '/api/v1/divisions/for-select',
      headers: { authorization: `Bearer ${executive.token}` },
    })
    const ids = (divisions.json() as { id: number }[]).map((d) => d.id).filter((id) => id !== 1)
    const insight = await t.app.inject({
      method: 'GET',
      url: '/api/v1/accounts-insights/nationality',
      headers: { authorization: `Bearer ${executive.token}` },
    })
    expect(insight.statusCode).toBe(200)
    expect((insight.json() as { divisionId: number }).divisionId).toBe(Math.min(...ids))
  })
})
