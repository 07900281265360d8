/**
 * The sales metrics report read from the daily roll-up equals the report counted fact by fact, for random
 * histories (activities logged, edited to another type, outcome or day, withdrawn; new leads and moves;
 * referrals handed to another user; opportunities re-assigned, re-priced, won, reopened and won again) applied in
 * random batches, over periods at offsets that cut UTC days (and at 0, where they start and end at midnight).
 */
import { ActivityType, ContactStatus, OpportunityStage, reportPeriod } from '@crm/contracts'
import { makePosition, type Database, type StoredEvent } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { rebuildDayCounts, reportSalesFactsProjection as projection } from '@crm/projector'
import { salesMetricReport, wholeUtcDays, type SalesMetricScope } from '@crm/query-api'
import { sql, type RawBuilder } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const USERS = [
  '00000000-0000-4000-8000-00000000000a',
  '00000000-0000-4000-8000-00000000000b',
  '00000000-0000-4000-8000-00000000000c',
  '00000000-0000-4000-8000-00000000000d',
]
const DIVISIONS = [15, 2]
const tables = { report_sales_facts: 'report_sales_facts', report_sales_day_counts: 'report_sales_day_counts' }
const check = { report_sales_facts: 'report_sales_facts', report_sales_day_counts: 'day_counts_check' }

/** A small seeded generator (mulberry32), so a failure repeats. */
function random(seed: number) {
  let a = seed
  const next = () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!
  // An instant from 27 February to 9 March 2026, to the second; now and then right on a UTC midnight.
  const instant = () => {
    const day = Date.UTC(2026, 1, 27) + int(11) * 86_400_000
    return new Date(int(8) === 0 ? day : day + int(86_400) * 1000).toISOString()
  }
  return { next, int, pick, instant }
}

/** A few hundred events of every kind the projection counts, each stream's versions in order. */
function history(seed: number): StoredEvent[] {
  const r = random(seed)
  const events: StoredEvent[] = []
  const versions = new Map<string, number>()
  const add = (streamId: string, type: string, data: object, occurredAt = r.instant(), userId = r.pick(USERS)) => {
    const version = (versions.get(streamId) ?? 0) + 1
    versions.set(streamId, version)
    const eventId = crypto.randomUUID()
    const metadata = {
      commandId: eventId,
      userId,
      divisionId: 15,
      correlationId: eventId,
      causationId: null,
      occurredAt,
    }
    events.push({
      eventId,
      type,
      data,
      metadata,
      streamId,
      streamVersion: version,
      position: makePosition(1, events.length + 1),
      schemaVersion: 1,
      createdAt: occurredAt,
    } as StoredEvent)
  }
  const contacts = Array.from({ length: 12 }, () => crypto.randomUUID())
  const activities: { id: string; contactId: string; divisionId: number }[] = []
  const referrals: string[] = []
  const opportunities: { id: string; contactId: string; won: boolean }[] = []
  const callData = () => ({ duration: r.int(1200), outcome: r.pick(['Attempted', 'Answered'] as const) })
  const types = Object.values(ActivityType)
  const statuses = Object.values(ContactStatus)
  for (let i = 0; i < 400; i++) {
    const contactId = r.pick(contacts)
    const divisionId = r.pick(DIVISIONS)
    const stream = `contact-${contactId}`
    const kind = r.int(100)
    if (kind < 35 || activities.length === 0) {
      const activityType = r.pick(types)
      const call = activityType === ActivityType.OutgoingCall || activityType === ActivityType.IncomingCall
      const activity = { id: crypto.randomUUID(), contactId, divisionId }
      activities.push(activity)
      add(stream, 'ActivityLogged', {
        contactId,
        activityId: activity.id,
        divisionId,
        activityType,
        subject: 'Activity',
        notes: null,
        callData: call ? callData() : null,
        occurredAt: r.instant(),
        userId: r.int(20) === 0 ? null : r.pick(USERS),
        nextStep: null,
        followUpDate: null,
        attachments: [],
        source: 'form',
      })
    } else if (kind < 50) {
      const activity = r.pick(activities)
      const changes: Record<string, unknown> = {}
      if (r.int(2) === 0) changes.occurredAt = r.instant()
      if (r.int(2) === 0) changes.activityType = r.pick(types)
      if (r.int(2) === 0) changes.callData = callData()
      add(`contact-${activity.contactId}`, 'ActivityEdited', {
        contactId: activity.contactId,
        divisionId: activity.divisionId,
        activityId: activity.id,
        changes,
      })
    } else if (kind < 55) {
      const activity = r.pick(activities)
      add(`contact-${activity.contactId}`, 'ActivityInactivated', {
        contactId: activity.contactId,
        divisionId: activity.divisionId,
        activityId: activity.id,
      })
    } else if (kind < 63) {
      add(stream, 'ContactCreated', { contactId, divisionId, statusId: r.int(4) === 0 ? 2 : 1 })
    } else if (kind < 75) {
      add(stream, r.pick(['ContactConverted', 'ContactMarkedDead', 'ContactGivenUp', 'ContactStatusChanged']), {
        contactId,
        divisionId,
        fromStatusId: r.pick(statuses),
        toStatusId: r.pick(statuses),
      })
    } else if (kind < 81 || referrals.length === 0) {
      const referralId = crypto.randomUUID()
      referrals.push(referralId)
      add(`referral-${referralId}`, 'ReferralSent', {
        referralId,
        contactId,
        divisionId: r.pick(DIVISIONS),
        divisionFrom: divisionId,
        sentBy: r.pick(USERS),
        attentionTo: r.pick(USERS),
        subject: 'Referral',
      })
    } else if (kind < 84) {
      const referralId = r.pick(referrals)
      add(`referral-${referralId}`, 'ReferralAttentionToChanged', { referralId, to: r.pick(USERS) })
    } else if (kind < 90 || opportunities.length === 0) {
      const opportunity = { id: crypto.randomUUID(), contactId, won: r.int(3) === 0 }
      opportunities.push(opportunity)
      add(`opportunity-${opportunity.id}`, 'OpportunityCreated', {
        opportunityId: opportunity.id,
        contactId,
        divisionId,
        creationDate: r.instant(),
        opportunityName: 'Deal',
        prospectStage: opportunity.won ? OpportunityStage.ClosedWon : 4,
        amount: r.int(1_000_000) / 100,
        userId: r.pick(USERS),
      })
    } else if (kind < 94) {
      const opportunity = r.pick(opportunities)
      const changes: Record<string, unknown> = {}
      if (r.int(2) === 0) changes.amount = r.int(1_000_000) / 100
      if (r.int(2) === 0) changes.userId = r.pick(USERS)
      add(`opportunity-${opportunity.id}`, 'OpportunityChanged', { opportunityId: opportunity.id, changes })
    } else {
      const opportunity = r.pick(opportunities)
      const toStage = opportunity.won ? 5 : OpportunityStage.ClosedWon
      add(`opportunity-${opportunity.id}`, 'OpportunityStageChanged', {
        opportunityId: opportunity.id,
        contactId: opportunity.contactId,
        fromStage: opportunity.won ? OpportunityStage.ClosedWon : 5,
        toStage,
        changedAt: r.instant(),
      })
      opportunity.won = !opportunity.won
    }
  }
  return events
}

const everyone = () => sql`true`
const scopes: { name: string; scope: Omit<SalesMetricScope, 'period'> }[] = [
  { name: 'every division', scope: { users: everyone } },
  { name: 'division 15', scope: { divisionId: 15, users: everyone } },
  { name: 'division 2, one user', scope: { divisionId: 2, userId: USERS[1], users: everyone } },
  {
    name: "division 15, a manager's team",
    scope: { divisionId: 15, users: (c: RawBuilder<unknown>) => sql`${c} in (${USERS[0]}::uuid, ${USERS[2]}::uuid)` },
  },
]
const offsets = [0, -300, 330, -720, 840]
const ranges = [
  { dateFrom: '2026-02-26', dateTo: '2026-03-10' }, // every fact, and days around them
  { dateFrom: '2026-03-01', dateTo: '2026-03-05' },
  { dateFrom: '2026-03-03', dateTo: '2026-03-03' }, // a single day
  { dateFrom: '2026-03-02', dateTo: '2026-03-03' },
]

describe.each(databaseTargets())('sales metrics from the daily roll-up on $name', (target) => {
  let database: Database

  beforeAll(async () => {
    database = await target.create()
    await database.db.transaction().execute(async (trx) => {
      await projection.migrate(trx, tables)
      await sql`create table day_counts_check (like report_sales_day_counts)`.execute(trx)
      await sql`create table users (user_id uuid primary key, name text, email text not null, division_id int,
        disabled boolean not null default false)`.execute(trx)
      for (const [i, userId] of USERS.entries()) {
        await sql`insert into users values (${userId}::uuid, ${`User ${i}`}, ${`u${i}@example.com`},
          ${DIVISIONS[i % 2]}, ${i === 3})`.execute(trx)
      }
    })
    const r = random(7)
    const events = [...history(18), ...history(36)]
    for (let i = 0; i < events.length;) {
      const batch = events.slice(i, (i += 1 + r.int(40)))
      await database.db.transaction().execute((trx) => projection.applyBatch(trx, batch, tables))
    }
  })
  afterAll(() => database.close())

  it('keeps the roll-up equal to the facts counted per day afresh, after edits, withdrawals and moves', async () => {
    await database.db.transaction().execute((trx) => rebuildDayCounts(trx, check))
    const digest = async (table: string) =>
      (
        await sql<{ n: string; md5: string }>`select count(*)::text as n,
          md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from ${sql.table(table)} t`.execute(
          database.db,
        )
      ).rows[0]
    expect(await digest('report_sales_day_counts')).toEqual(await digest('day_counts_check'))
    const { rows } = await sql<{ inactive: number }>`
      select count(*) filter (where not active)::int as inactive
      from report_sales_facts`.execute(database.db)
    expect(rows[0]!.inactive).toBeGreaterThan(0)
  })

  it.each(offsets)('gives every number as counted fact by fact, at utcOffset %i', async (utcOffset) => {
    let cut = 0
    for (const range of ranges) {
      const period = reportPeriod({ ...range, utcOffset }, new Date())!
      if (wholeUtcDays(period)) cut++
      for (const { name, scope } of scopes) {
        const full = { ...scope, period }
        const fromFacts = await salesMetricReport(database.db, full, 'facts')
        const fromDays = await salesMetricReport(database.db, full)
        expect(fromDays, `${name}, ${range.dateFrom}..${range.dateTo}`).toEqual(fromFacts)
      }
    }
    expect(cut).toBeGreaterThan(0) // the roll-up was read
    const period = reportPeriod({ ...ranges[0]!, utcOffset }, new Date())!
    const all = await salesMetricReport(database.db, { ...scopes[0]!.scope, period })
    expect(all.totals.counts.calls).toBeGreaterThan(0)
    expect(all.totals.amounts.opportunitiesWon).toBeGreaterThan(0)
  })
})
