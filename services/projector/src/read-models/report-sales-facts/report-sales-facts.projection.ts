import type {
  ActivityEdited,
  ActivityInactivated,
  ActivityLogged,
  ContactCreated,
  StatusTransitionEvent,
} from '@crm/contracts'
import { statusTransitionEventTypes, ContactStatus } from '@crm/contracts'
import { sql } from 'kysely'
import type { StoredEvent } from '@crm/platform'
import { applyByType, usingEventTypes, type BatchHandler, type StoredOf } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { changedColumn, updateNewerRows, uuidOrNull } from '../../runtime/recordset'
import { dealFactHandlers, dealFactIds } from './deal-facts'
import { adjustDayCounts, insertFacts, migrate } from './facts-table'

type Table = 'report_sales_facts' | 'report_sales_day_counts'

const activityFact = (activityId: string) => `activity:${activityId}`

/** An activity counts for the user who logged it, on the day it happened (not the day it was typed in). */
const onLogged: BatchHandler<'report_sales_facts', ActivityLogged> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    fact_id: activityFact(data.activityId),
    source: 'activity',
    event_type: 'ActivityLogged',
    user_id: uuidOrNull(data.userId),
    division_id: data.divisionId,
    contact_id: data.contactId,
    occurred_at: data.occurredAt,
    activity_type: data.activityType,
    call_outcome: data.callData?.outcome ?? null,
    call_seconds: data.callData?.duration ?? null,
    from_status: null,
    to_status: null,
    version: streamVersion,
  }))
  await insertFacts(trx, tables.report_sales_facts, rows)
}

const changeOf = ({ data, streamVersion }: StoredOf<ActivityEdited | ActivityInactivated>) => ({
  fact_id: activityFact(data.activityId),
  version: streamVersion,
})

/** Edits move the fact: another type, outcome, duration or day counts under the new values. */
const onEdited: BatchHandler<'report_sales_facts', ActivityEdited> = async (trx, events, tables) => {
  const rows = events.map((e) => ({ ...changeOf(e), changes: e.data.changes }))
  await updateNewerRows(
    tables.report_sales_facts,
    'fact_id',
    rows,
    [
      ['fact_id', 'text'],
      ['changes', 'jsonb'],
    ],
    sql.join([
      changedColumn('activityType', 'activity_type', 'int'),
      changedColumn('occurredAt', 'occurred_at', 'timestamptz'),
      sql`call_seconds = case when r.changes ? 'callData' then (r.changes->'callData'->>'duration')::int
        else t.call_seconds end`,
      sql`call_outcome = case when r.changes ? 'callData' then r.changes->'callData'->>'outcome' else t.call_outcome end`,
    ]),
  ).execute(trx)
}

/** An inactivated activity leaves every number (its row stays, inactive). */
const onInactivated: BatchHandler<'report_sales_facts', ActivityInactivated> = async (trx, events, tables) => {
  await updateNewerRows(
    tables.report_sales_facts,
    'fact_id',
    events.map(changeOf),
    [['fact_id', 'text']],
    sql`active = false`,
  ).execute(trx)
}

/** A new lead: a contact created as a Lead, for whoever created it. */
const onCreated: BatchHandler<'report_sales_facts', ContactCreated> = async (trx, events, tables) => {
  const rows = events
    .filter((e) => e.data.statusId === ContactStatus.Lead)
    .map(({ eventId, data, metadata, streamVersion }) => ({
      fact_id: eventId,
      source: 'contact',
      event_type: 'ContactCreated',
      user_id: uuidOrNull(metadata.userId),
      division_id: data.divisionId,
      contact_id: data.contactId,
      occurred_at: metadata.occurredAt,
      activity_type: null,
      call_outcome: null,
      call_seconds: null,
      from_status: null,
      to_status: data.statusId,
      version: streamVersion,
    }))
  if (rows.length > 0) await insertFacts(trx, tables.report_sales_facts, rows)
}

/** Every status move (convert, dead, NQ, give up, a manager's change), for the user who made it, when they did. */
const onTransition: BatchHandler<'report_sales_facts', StatusTransitionEvent> = async (trx, events, tables) => {
  const rows = events.map(({ eventId, type, data, metadata, streamVersion }) => ({
    fact_id: eventId,
    source: 'contact',
    event_type: type,
    user_id: uuidOrNull(metadata.userId),
    division_id: data.divisionId,
    contact_id: data.contactId,
    occurred_at: metadata.occurredAt,
    activity_type: null,
    call_outcome: null,
    call_seconds: null,
    from_status: data.fromStatusId,
    to_status: data.toStatusId,
    version: streamVersion,
  }))
  await insertFacts(trx, tables.report_sales_facts, rows)
}

const handlers = {
  ActivityLogged: onLogged,
  ActivityEdited: onEdited,
  ActivityInactivated: onInactivated,
  ContactCreated: onCreated,
  ...Object.fromEntries(statusTransitionEventTypes.map((type) => [type, onTransition])),
  ...dealFactHandlers,
}
const applyFacts = applyByType<Table>(handlers)

/** The facts an event may insert or change: its activity's, its own (new leads, moves), its deal's. */
function factIdsOf(event: StoredEvent): string[] {
  if (event.type.startsWith('Activity')) return [activityFact((event.data as { activityId: string }).activityId)]
  if (event.type === 'ContactCreated' || statusTransitionEventTypes.includes(event.type as never)) {
    return [event.eventId]
  }
  return dealFactIds(event)
}

/**
 * The facts, and their daily roll-up in the same transaction: the facts a batch touches are withdrawn from the
 * roll-up before it applies and added back after, whatever the handlers did to them (docs/decisions/038).
 */
const applyBatch = usingEventTypes(
  async (trx: Executor, events: readonly StoredEvent[], tables: TableNames<Table>): Promise<void> => {
    const factIds = [...new Set(events.filter((e) => e.type in handlers).flatMap(factIdsOf))]
    await adjustDayCounts(trx, tables, factIds, -1)
    await applyFacts(trx, events, tables)
    await adjustDayCounts(trx, tables, factIds, 1)
  },
  handlers,
)

/** The sales metrics report's facts (docs/decisions/024) and their daily roll-up (docs/decisions/038). */
export const reportSalesFactsProjection = defineProjection({
  name: 'report_sales_facts',
  // v2: referrals sent and received, opportunities created and won (docs/decisions/036).
  // v3: the daily roll-up report_sales_day_counts (docs/decisions/038).
  version: 3,
  tables: ['report_sales_facts', 'report_sales_day_counts'],
  migrate,
  applyBatch,
})
