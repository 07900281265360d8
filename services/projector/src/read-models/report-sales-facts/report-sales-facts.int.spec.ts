import type { ContactEvent } from '@crm/contracts'
import type { Database, StoredEvent } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tableDigest } from '../../testing/db-helpers'
import { ACTING_USER, contactCreated, stored } from '../../testing/test-events'
import { rebuildDayCounts } from './facts-table'
import { reportSalesFactsProjection as projection } from './report-sales-facts.projection'

const contactId = randomUUID()
const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`
const call = (activityId: string, minute: number): ContactEvent => ({
  type: 'ActivityLogged',
  data: {
    contactId,
    activityId,
    divisionId: 15,
    activityType: 10009,
    subject: 'Call',
    notes: null,
    callData: { duration: 60, outcome: 'Attempted' },
    occurredAt: at(minute),
    userId: ACTING_USER,
    nextStep: null,
    followUpDate: null,
    attachments: [],
    source: 'form',
  },
})
const transition = { contactId, divisionId: 15 }

/** One contact's life as the command API appends it: created as a Lead, calls (one edited, one withdrawn), moves. */
function history(): StoredEvent[] {
  const created = contactCreated({ contactId, statusId: 1 }, at(0))
  const life: ContactEvent[] = [
    call('c1', 1),
    call('c2', 2),
    {
      type: 'ActivityEdited',
      data: {
        ...transition,
        activityId: 'c1',
        changes: { callData: { duration: 300, outcome: 'Answered' }, occurredAt: at(5) },
      },
    },
    { type: 'ActivityInactivated', data: { ...transition, activityId: 'c2' } },
    { type: 'ContactMarkedDead', data: { ...transition, fromStatusId: 1, toStatusId: 6, notes: null } },
    {
      type: 'ContactStatusChanged',
      data: {
        ...transition,
        fromStatusId: 6,
        toStatusId: 1,
        withoutAdditionalActions: false,
        assigned: null,
        creationDate: at(9),
      },
    },
  ]
  const events = [
    created,
    ...life.map((event, i) => {
      const commandId = randomUUID()
      return {
        eventId: randomUUID(),
        ...event,
        metadata: {
          commandId,
          userId: ACTING_USER,
          divisionId: 15,
          correlationId: commandId,
          causationId: null,
          occurredAt: at(10 + i),
        },
      }
    }),
  ]
  const contactEvents = events.map((e, i) => stored(e, `contact-${contactId}`, i + 1, i + 1) as StoredEvent)
  return [...contactEvents, ...deals(contactEvents.length)]
}

const OTHER_USER = '22222222-2222-4222-8222-222222222222'
const THIRD_USER = '33333333-3333-4333-8333-333333333333'
const referralId = randomUUID()
const opportunityId = randomUUID()

/** A referral (its receiver changed, its subject renamed) and an opportunity won, reopened and won again. */
function deals(after: number): StoredEvent[] {
  const on = { referralId, contactId }
  const deal = { opportunityId, contactId, changedBy: ACTING_USER }
  const referral: { type: string; data: object }[] = [
    {
      type: 'ReferralSent',
      data: {
        ...on,
        divisionId: 2,
        divisionFrom: 15,
        sentBy: ACTING_USER,
        taskId: randomUUID(),
        status: 1,
        subject: 'Needs a loan',
        effortLevel: 122,
        grade: 108,
        attentionTo: OTHER_USER,
        dueDate: at(30),
        delayDate: null,
        note: null,
      },
    },
    {
      type: 'ReferralAttentionToChanged',
      data: { ...on, divisionId: 2, from: OTHER_USER, to: THIRD_USER, changedBy: ACTING_USER },
    },
    { type: 'ReferralChanged', data: { ...on, changes: { subject: 'Needs two loans' }, changedBy: ACTING_USER } },
  ]
  const opportunity: { type: string; data: object }[] = [
    {
      type: 'OpportunityCreated',
      data: {
        opportunityId,
        contactId,
        divisionId: 15,
        createdBy: ACTING_USER,
        creationDate: at(40),
        opportunityName: 'Five reefers',
        expectedCloseDate: '2026-06-30',
        prospectStage: 4,
        probability: 60,
        opportunityType: 1,
        amount: 1000,
        userId: OTHER_USER,
      },
    },
    { type: 'OpportunityStageChanged', data: { ...deal, fromStage: 4, toStage: 6, changedAt: at(41) } },
    { type: 'OpportunityChanged', data: { ...deal, changes: { amount: 1250.5, opportunityName: 'Six reefers' } } },
    { type: 'OpportunityStageChanged', data: { ...deal, fromStage: 6, toStage: 5, changedAt: at(43) } },
    { type: 'OpportunityStageChanged', data: { ...deal, fromStage: 5, toStage: 6, changedAt: at(44) } },
  ]
  const streamed = (stream: string, list: { type: string; data: object }[], first: number) =>
    list.map((event, i) => {
      const commandId = randomUUID()
      const metadata = {
        commandId,
        userId: ACTING_USER,
        divisionId: 15,
        correlationId: commandId,
        causationId: null,
        occurredAt: at(30 + first + i),
      }
      return stored({ eventId: randomUUID(), ...event, metadata }, stream, i + 1, first + i + 1) as StoredEvent
    })
  return [
    ...streamed(`referral-${referralId}`, referral, after),
    ...streamed(`opportunity-${opportunityId}`, opportunity, after + referral.length),
  ]
}

for (const target of databaseTargets()) {
  describe(`report_sales_facts read model (${target.name})`, () => {
    let database: Database
    const events = history()
    const live = { report_sales_facts: 'report_sales_facts_t1', report_sales_day_counts: 'report_sales_day_counts_t1' }
    const rebuilt = {
      report_sales_facts: 'report_sales_facts_t1_rebuild',
      report_sales_day_counts: 'report_sales_day_counts_t1_rebuild',
    }
    const fresh = { report_sales_facts: live.report_sales_facts, report_sales_day_counts: 'report_sales_day_counts_t2' }
    const dayCounts = (table: string) => tableDigest(database.db, table)
    const applyAll = async (tables: typeof live, batch: number) => {
      for (let i = 0; i < events.length; i += batch) {
        await database.db.transaction().execute((trx) => projection.applyBatch(trx, events.slice(i, i + batch), tables))
      }
    }

    beforeAll(async () => {
      database = await target.create()
      for (const tables of [live, rebuilt]) {
        await database.db.transaction().execute((trx) => projection.migrate(trx, tables))
      }
      await sql`create table report_sales_day_counts_t2 (like report_sales_day_counts_t1)`.execute(database.db)
      await applyAll(live, 100)
    })
    afterAll(() => database.close())

    it('keeps one fact per activity (edits applied, a withdrawn one inactive), per new lead and per move', async () => {
      const { rows } = await sql<Record<string, unknown>>`
        select event_type, activity_type, call_outcome, call_seconds, from_status, to_status, occurred_at, active
        from report_sales_facts_t1 where source in ('contact', 'activity') order by occurred_at, event_type`.execute(
        database.db,
      )
      expect(rows).toEqual([
        {
          event_type: 'ContactCreated',
          activity_type: null,
          call_outcome: null,
          call_seconds: null,
          from_status: null,
          to_status: 1,
          occurred_at: new Date(at(0)),
          active: true,
        },
        {
          event_type: 'ActivityLogged',
          activity_type: 10009,
          call_outcome: 'Attempted',
          call_seconds: 60,
          from_status: null,
          to_status: null,
          occurred_at: new Date(at(2)),
          active: false,
        },
        {
          event_type: 'ActivityLogged',
          activity_type: 10009,
          call_outcome: 'Answered',
          call_seconds: 300,
          from_status: null,
          to_status: null,
          occurred_at: new Date(at(5)),
          active: true,
        },
        {
          event_type: 'ContactMarkedDead',
          activity_type: null,
          call_outcome: null,
          call_seconds: null,
          from_status: 1,
          to_status: 6,
          occurred_at: new Date(at(14)),
          active: true,
        },
        {
          event_type: 'ContactStatusChanged',
          activity_type: null,
          call_outcome: null,
          call_seconds: null,
          from_status: 6,
          to_status: 1,
          occurred_at: new Date(at(15)),
          active: true,
        },
      ])
    })

    it('keeps a referral as sent and received, and an opportunity as created and won, with their current values', async () => {
      const { rows } = await sql<Record<string, unknown>>`
        select fact_id, event_type, user_id, division_id, occurred_at, amount::float8 as amount, detail, active
        from report_sales_facts_t1 where source <> 'contact' and source <> 'activity' order by fact_id`.execute(
        database.db,
      )
      expect(rows).toEqual([
        {
          fact_id: `opportunity-won:${opportunityId}`,
          event_type: 'OpportunityWon',
          user_id: OTHER_USER,
          division_id: 15,
          occurred_at: new Date(at(44)), // won again: the second win's moment
          amount: 1250.5,
          detail: 'Six reefers',
          active: true,
        },
        {
          fact_id: `opportunity:${opportunityId}`,
          event_type: 'OpportunityCreated',
          user_id: OTHER_USER,
          division_id: 15,
          occurred_at: new Date(at(40)),
          amount: 1250.5,
          detail: 'Six reefers',
          active: true,
        },
        {
          fact_id: `referral-received:${referralId}`,
          event_type: 'ReferralReceived',
          user_id: THIRD_USER,
          division_id: 2,
          occurred_at: new Date(at(37)), // the eighth event of the history
          amount: null,
          detail: 'Needs two loans',
          active: true,
        },
        {
          fact_id: `referral-sent:${referralId}`,
          event_type: 'ReferralSent',
          user_id: ACTING_USER,
          division_id: 15,
          occurred_at: new Date(at(37)), // the eighth event of the history
          amount: null,
          detail: 'Needs two loans',
          active: true,
        },
      ])
    })

    it('keeps the daily roll-up equal to the active facts with a user, counted per day afresh', async () => {
      await database.db.transaction().execute((trx) => rebuildDayCounts(trx, fresh))
      expect(await dayCounts(live.report_sales_day_counts)).toEqual(await dayCounts(fresh.report_sales_day_counts))
      const { rows } = await sql<Record<string, unknown>>`
        select event_type, n, amount::float8 as amount, call_seconds::int as call_seconds
        from report_sales_day_counts_t1 where day = '2026-03-01' and event_type like 'Opportunity%'
        order by event_type`.execute(database.db)
      expect(rows).toEqual([
        { event_type: 'OpportunityCreated', n: 1, amount: 1250.5, call_seconds: 0 },
        { event_type: 'OpportunityWon', n: 1, amount: 1250.5, call_seconds: 0 },
      ])
      const calls = await sql<{ n: number; call_seconds: number }>`
        select n, call_seconds::int as call_seconds from report_sales_day_counts_t1 where source = 'activity'`.execute(
        database.db,
      )
      expect(calls.rows).toEqual([{ n: 1, call_seconds: 300 }]) // the edited call; the withdrawn one left
    })

    it('a rebuild from the events, in other batches, gives identical rows; replaying changes nothing', async () => {
      const before = await tableDigest(database.db, live.report_sales_facts, 'fact_id')
      const counts = await dayCounts(live.report_sales_day_counts)
      await applyAll(rebuilt, 1)
      expect(await tableDigest(database.db, rebuilt.report_sales_facts, 'fact_id')).toEqual(before)
      expect(await dayCounts(rebuilt.report_sales_day_counts)).toEqual(counts)
      await applyAll(live, 3)
      expect(await tableDigest(database.db, live.report_sales_facts, 'fact_id')).toEqual(before)
      expect(await dayCounts(live.report_sales_day_counts)).toEqual(counts)
    })
  })
}
