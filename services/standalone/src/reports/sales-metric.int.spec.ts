/**
 * The sales metrics report and Day Rating over HTTP, from a small known history appended with the times it
 * happened: a rep in New York (EST -300, EDT -240 from Sunday 8 March 2026) and one in Berlin (CEST +120 from
 * 29 March), across a Sunday night, the DST change and the end of the first quarter. Every figure below is
 * worked out by hand in the comments.
 */
import {
  ActivityType,
  salesMetricKeys,
  salesMetrics,
  type ContactEvent,
  type DayRating,
  type SalesMetricReport,
} from '@crm/contracts'
import { waitForPosition } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import ExcelJS from 'exceljs'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

const OUT = ActivityType.OutgoingCall
const IN = ActivityType.IncomingCall

describe.each(databaseTargets())('sales metrics and Day Rating on $name', (target) => {
  let s: LifecycleStack
  let admin: Actor
  let manager: Actor
  let rita: Actor
  let bert: Actor
  let ritaContact: string
  let bertContact: string

  /** Appends one contact event as if `userId` had done it at `at` (UTC). */
  async function happened(userId: string, contactId: string, event: ContactEvent, at: string) {
    const commandId = randomUUID()
    const result = await s.store.appendToStream(
      `contact-${contactId}`,
      [
        {
          eventId: randomUUID(),
          ...event,
          metadata: { commandId, userId, divisionId: 15, correlationId: commandId, causationId: null, occurredAt: at },
        },
      ],
      { expectedVersion: 'any' },
    )
    return result.position
  }
  const activity = (
    userId: string,
    contactId: string,
    activityId: string,
    activityType: number,
    occurredAt: string,
    call?: { duration: number; outcome: 'Attempted' | 'Answered' },
  ): ContactEvent => ({
    type: 'ActivityLogged',
    data: {
      contactId,
      activityId,
      divisionId: 15,
      activityType,
      subject: `Activity ${activityId}`,
      notes: null,
      callData: call ?? null,
      occurredAt,
      userId,
      nextStep: null,
      followUpDate: null,
      attachments: [],
      source: 'form',
    },
  })

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    admin = await s.adminActor()
    manager = await s.actor('Mona Manager', ['call', 'manager'])
    rita = await s.actor('Rita Rep', ['call'], { managerId: manager.userId })
    bert = await s.actor('Bert Rep', ['call'])
    expect((await admin.patch(`/users/${rita.userId}`, { expectations: { day: 4 } })).statusCode).toBe(200)
    ritaContact = await s.createContact(rita, { name: 'Rita Freight' })
    bertContact = await s.createContact(bert, { name: 'Bert Logistik' })
    const r = (id: string, type: number, at: string, call?: { duration: number; outcome: 'Attempted' | 'Answered' }) =>
      happened(rita.userId, ritaContact, activity(rita.userId, ritaContact, id, type, at, call), at)
    // Rita, New York.
    await r('a1', OUT, '2026-03-02T04:30:00Z', { duration: 125, outcome: 'Answered' }) // Sun 1 Mar 23:30 EST
    await r('a2', OUT, '2026-03-02T05:30:00Z', { duration: 30, outcome: 'Attempted' }) // Mon 2 Mar 00:30 EST
    await r('a3', ActivityType.Email, '2026-03-09T03:30:00Z') // Sun 8 Mar 23:30 EDT
    await r('a4', IN, '2026-03-09T04:30:00Z', { duration: 3725, outcome: 'Answered' }) // Mon 9 Mar 00:30 EDT
    await r('a5', ActivityType.Meeting, '2026-03-04T15:00:00Z')
    await r('a6', ActivityType.TextMessage, '2026-03-04T16:00:00Z')
    await happened(
      rita.userId,
      ritaContact,
      { type: 'ActivityInactivated', data: { contactId: ritaContact, activityId: 'a6', divisionId: 15 } },
      '2026-03-04T16:05:00Z',
    )
    await r('a7', OUT, '2026-03-05T15:00:00Z', { duration: 60, outcome: 'Attempted' })
    await happened(
      rita.userId,
      ritaContact,
      {
        type: 'ActivityEdited',
        data: {
          contactId: ritaContact,
          activityId: 'a7',
          divisionId: 15,
          changes: { callData: { duration: 600, outcome: 'Answered' } },
        },
      },
      '2026-03-05T15:20:00Z',
    )
    const lead = randomUUID()
    await happened(
      rita.userId,
      lead,
      {
        type: 'ContactCreated',
        data: {
          contactId: lead,
          name: 'Lead Lines',
          contactCategory: 1,
          organizationTypeId: 7,
          divisionId: 15,
          statusId: 1,
          assigned: rita.userId,
        } as never,
      },
      '2026-03-03T14:00:00Z',
    )
    const move = { contactId: lead, divisionId: 15 }
    await happened(
      rita.userId,
      lead,
      {
        type: 'ContactConverted',
        data: {
          ...move,
          fromStatusId: 1,
          toStatusId: 2,
          contactCategory: 1,
          effortLevel: 122,
          grade: 108,
          prospectSource: null,
          accountSource: null,
          nationalityId: null,
          lessee: null,
          unassigned: false,
          assigned: rita.userId,
          creationDate: '2026-03-06T14:00:00Z',
        },
      },
      '2026-03-06T14:00:00Z',
    )
    await happened(
      rita.userId,
      lead,
      {
        type: 'ContactGivenUp',
        data: {
          ...move,
          fromStatusId: 2,
          toStatusId: 4,
          giveUpReason: 'Not interested',
          otherReasonNote: null,
          callAttempts: 3,
          minCallAttempts: 3,
          previousAssigned: rita.userId,
        },
      },
      '2026-03-07T02:00:00Z', // Fri 6 Mar 21:00 EST
    )
    // Bert, Berlin, at the end of the first quarter.
    const b = (id: string, at: string, duration: number) =>
      happened(
        bert.userId,
        bertContact,
        activity(bert.userId, bertContact, id, OUT, at, { duration, outcome: 'Answered' }),
        at,
      )
    await b('b1', '2026-03-31T21:00:00Z', 90) // Tue 31 Mar 23:00 CEST
    await b('b2', '2026-03-31T22:30:00Z', 45) // Wed 1 Apr 00:30 CEST
    const last = await happened(
      bert.userId,
      bertContact,
      {
        type: 'ContactConverted',
        data: {
          contactId: bertContact,
          divisionId: 15,
          fromStatusId: 2,
          toStatusId: 3,
          contactCategory: 1,
          effortLevel: null,
          grade: null,
          prospectSource: null,
          accountSource: 1,
          nationalityId: 2,
          lessee: null,
          unassigned: false,
          assigned: bert.userId,
          creationDate: '2026-03-31T22:30:00Z',
        },
      },
      '2026-03-31T22:30:00Z',
    )
    const names = ['report_sales_facts', 'contacts_list', 'activities', 'users']
    expect(await waitForPosition(s.database.db, names, last, 30_000)).toBe(true)
  }, 120_000)
  afterAll(() => s.close())

  const report = async (as: Actor, query: string) => {
    const response = await as.get(`/reports/sales-metric?${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as SalesMetricReport
  }
  const rowOf = (r: SalesMetricReport, userId: string) => r.rows.find((row) => row.userId === userId)

  it('counts the first week of March on New York winter time (-300): Sunday night out, the DST Sunday in', async () => {
    const r = await report(manager, 'dateFrom=2026-03-02&dateTo=2026-03-08&utcOffset=-300')
    expect({ dateFrom: r.dateFrom, dateTo: r.dateTo }).toEqual({ dateFrom: '2026-03-02', dateTo: '2026-03-08' })
    const row = rowOf(r, rita.userId)!
    // Week = [2 Mar 05:00Z, 9 Mar 05:00Z). a1 (04:30Z) is Sunday before; a4 (9 Mar 04:30Z) is 23:30 Sunday at -300.
    // Calls a2, a4, a7; attempted a2; answered a4, a7 (edited); talk 30 + 3725 + 600 = 4355 s = 1:12:35.
    expect(row.counts).toEqual({
      calls: 3,
      callsAttempted: 1,
      callsAnswered: 2,
      emails: 1, // a3
      texts: 0, // a6 inactivated
      meetings: 1,
      newLeads: 1,
      leadToProspect: 1,
      prospectToAccount: 0,
      givenUp: 1, // Friday 21:00 local
      dead: 0,
      notQualified: 0,
      referralsSent: 0,
      referralsReceived: 0,
      opportunitiesCreated: 0,
      opportunitiesWon: 0,
    })
    expect(row.talkSeconds).toBe(4355)
    // The manager reads their team (Rita) and themselves, not Bert; with a division, idle people show at zero.
    expect(r.rows.map((x) => x.userName).sort()).toEqual(['Mona Manager', 'Rita Rep'])
    expect(rowOf(r, manager.userId)!.counts.calls).toBe(0)
  })

  it('the same week on summer time (-240) takes a1 (Mon 00:30 EDT) and drops a4 (Mon 9 Mar 00:30 EDT)', async () => {
    const row = rowOf(await report(manager, 'dateFrom=2026-03-02&dateTo=2026-03-08&utcOffset=-240'), rita.userId)!
    // Week = [2 Mar 04:00Z, 9 Mar 04:00Z): a1, a2, a7 are calls; answered a1, a7; talk 125 + 30 + 600 = 755 s.
    expect(row.counts).toMatchObject({ calls: 3, callsAttempted: 1, callsAnswered: 2, emails: 1 })
    expect(row.talkSeconds).toBe(755)
  })

  it('cuts the first quarter at Berlin midnight (+120) or at UTC midnight (0)', async () => {
    const berlin = rowOf(
      await report(admin, 'dateFrom=2026-01-01&dateTo=2026-03-31&utcOffset=120&divisionId=15'),
      bert.userId,
    )!
    // Q1 ends 31 Mar 22:00Z: b1 in; b2 and the conversion (22:30Z) belong to Q2.
    expect([berlin.counts.calls, berlin.talkSeconds, berlin.counts.prospectToAccount]).toEqual([1, 90, 0])
    const utc = rowOf(
      await report(admin, 'dateFrom=2026-01-01&dateTo=2026-03-31&utcOffset=0&divisionId=15'),
      bert.userId,
    )!
    expect([utc.counts.calls, utc.talkSeconds, utc.counts.prospectToAccount]).toEqual([2, 135, 1])
  })

  it('each number opens exactly as many records, in the matching drill-down', async () => {
    const query = `dateFrom=2026-03-02&dateTo=2026-03-08&utcOffset=-300&userId=${rita.userId}&divisionId=15`
    const row = rowOf(await report(manager, query), rita.userId)!
    for (const metric of salesMetricKeys) {
      const kind = salesMetrics[metric].drill
      const page = await manager.get(`/reports/sales-metric/${kind}?${query}&metric=${metric}&limit=100`)
      expect(page.statusCode, page.body).toBe(200)
      const { rows, total } = page.json() as { rows: unknown[]; total: number }
      expect([metric, total, rows.length]).toEqual([metric, row.counts[metric], row.counts[metric]])
    }
    const calls = (await manager.get(`/reports/sales-metric/activities?${query}&metric=callsAnswered`)).json()
    expect(calls.rows.map((c: { subject: string; callSeconds: number }) => [c.subject, c.callSeconds])).toEqual([
      ['Activity a4', 3725],
      ['Activity a7', 600],
    ])
    const moved = (await manager.get(`/reports/sales-metric/contacts?${query}&metric=leadToProspect`)).json()
    expect(moved.rows).toMatchObject([{ contactName: 'Lead Lines', fromStatusId: 1, toStatusId: 2 }])
    const wrong = await manager.get(`/reports/sales-metric/contacts?${query}&metric=calls`)
    expect(wrong.statusCode).toBe(400)
  })

  it("whose numbers: a rep only their own; another's, hidden or missing, is 404 alike", async () => {
    const own = await report(bert, 'dateFrom=2026-01-01&dateTo=2026-03-31')
    expect(own.rows.map((r) => r.userId)).toEqual([bert.userId])
    const hidden = await bert.get(`/reports/sales-metric?dateFrom=2026-01-01&dateTo=2026-03-31&userId=${rita.userId}`)
    const missing = await bert.get(`/reports/sales-metric?dateFrom=2026-01-01&dateTo=2026-03-31&userId=${randomUUID()}`)
    expect([hidden.statusCode, missing.statusCode]).toEqual([404, 404])
    expect(hidden.json().title).toBe(missing.json().title)
    expect((await bert.get(`/reports/day-rating?userId=${rita.userId}`)).statusCode).toBe(404)
  })

  it("'Please select date range!' without a range, with half a range or a backward one", async () => {
    for (const query of [
      '',
      'dateFrom=2026-03-02',
      'dateFrom=2026-03-09&dateTo=2026-03-02',
      'dateFrom=2026-02-30&dateTo=2026-03-02',
    ]) {
      const response = await manager.get(`/reports/sales-metric?${query}`)
      expect([query, response.statusCode, response.json().title]).toEqual([query, 400, 'Please select date range!'])
    }
    expect((await manager.get('/reports/sales-metric?range=9')).statusCode).toBe(400)
    expect((await manager.get('/reports/sales-metric?range=2')).statusCode).toBe(200)
  })

  it('exports the table as an .xlsx, with divisions by name', async () => {
    await s.nameDivision(15, 'Sales')
    const response = await manager.get(
      '/reports/sales-metric/export?dateFrom=2026-03-02&dateTo=2026-03-08&utcOffset=-300',
    )
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('spreadsheetml')
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
    const rows = workbook.getWorksheet('Sales metrics')!.getSheetValues().slice(1) as unknown[][]
    expect(rows[0]!.slice(1, 3)).toEqual(['Salesperson', 'Division'])
    const rita = rows.find((row) => row[1] === 'Rita Rep')!
    expect(rita[2]).toBe('Sales')
  })

  it('Day Rating: day 4, week 20, month 80, year 1000 against the activities of each, percent and h:mm:ss', async () => {
    const response = await manager.get(`/reports/day-rating?userId=${rita.userId}&date=2026-03-04&utcOffset=-300`)
    expect(response.statusCode, response.body).toBe(200)
    const rating = response.json() as DayRating
    // Wed 4 Mar (-300): a5 (meeting); a6 inactivated. Week 2-8 Mar: a2, a3, a4, a5, a7 = 5 (as in the report).
    // March: a1 (Sun 1 Mar local), a2, a3, a4, a5, a7 = 6. Year: 6. Calls in March: 125 + 30 + 3725 + 600 = 4480 s.
    expect(rating.lines).toEqual([
      {
        period: 'day',
        dateFrom: '2026-03-04',
        dateTo: '2026-03-04',
        calculatedActual: 1,
        calculatedExpectation: 4,
        percent: 25,
        callSeconds: 0,
        callTime: '0:00:00',
        rating: 'short',
      },
      {
        period: 'week',
        dateFrom: '2026-03-02',
        dateTo: '2026-03-08',
        calculatedActual: 5,
        calculatedExpectation: 20,
        percent: 25,
        callSeconds: 4355,
        callTime: '1:12:35',
        rating: 'short',
      },
      {
        period: 'month',
        dateFrom: '2026-03-01',
        dateTo: '2026-03-31',
        calculatedActual: 6,
        calculatedExpectation: 80,
        percent: 7.5,
        callSeconds: 4480,
        callTime: '1:14:40',
        rating: 'short',
      },
      {
        period: 'year',
        dateFrom: '2026-01-01',
        dateTo: '2026-12-31',
        calculatedActual: 6,
        calculatedExpectation: 1000,
        percent: 0.6,
        callSeconds: 4480,
        callTime: '1:14:40',
        rating: 'short',
      },
    ])
    const sunday = (await rita.get('/reports/day-rating?date=2026-03-01&utcOffset=-300')).json() as DayRating
    // Sun 1 Mar 23:30 EST: a1 alone, 125 s; 1 of 4 = 25.00 %.
    expect(sunday.lines[0]).toMatchObject({ calculatedActual: 1, percent: 25, callTime: '0:02:05' })
  })
})
