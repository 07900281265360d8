import {
  OpportunityStage,
  DEFAULT_TASK_TIME_ZONE,
  type OpportunityChanged,
  type OpportunityCreated,
  type OpportunityStageChanged,
} from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, updateNewerRows, type ColumnTypes } from '../../runtime/recordset'
import { changedOpportunityFields } from '../opportunities/opportunities.projection'

type Tables = TableNames<'opportunity_dashboard'>

/**
 * The opportunity dashboard's rows (docs/decisions/029): one per opportunity, counted on its close day, the
 * day it was won or lost (the sales floor's calendar) or, while open, its expected close date. The indexes
 * lead with division and day and carry what the totals add up, so a division's range is read from the index.
 */
async function migrate(trx: Executor, { opportunity_dashboard: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      opportunity_id uuid primary key,
      contact_id uuid not null,
      division_id int not null,
      user_id uuid not null,
      created_by uuid not null,
      opportunity_name text not null,
      opportunity_type int not null,
      prospect_stage int not null,
      probability int not null,
      amount numeric(16, 2) not null,
      expected_close_date date not null,
      closed_on date,
      close_day date generated always as (coalesce(closed_on, expected_close_date)) stored,
      creation_date timestamptz not null,
      stage_changed_at timestamptz,
      version int not null
    )`.execute(trx)
  await sql`create index on ${sql.table(table)} (division_id, close_day)
    include (user_id, created_by, prospect_stage, amount, probability)`.execute(trx)
  await sql`create index on ${sql.table(table)} (division_id, user_id, close_day)
    include (created_by, prospect_stage, amount, probability)`.execute(trx)
}

const columns: ColumnTypes = [
  ['opportunity_id', 'uuid'],
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['user_id', 'uuid'],
  ['created_by', 'uuid'],
  ['opportunity_name', 'text'],
  ['opportunity_type', 'int'],
  ['prospect_stage', 'int'],
  ['probability', 'int'],
  ['amount', 'numeric'],
  ['expected_close_date', 'date'],
  ['creation_date', 'timestamptz'],
  ['closed_on', 'date'],
  ['version', 'int'],
]

/** A calendar day on the sales floor (YYYY-MM-DD). */
const floorDay = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TASK_TIME_ZONE })

const onCreated: BatchHandler<'opportunity_dashboard', OpportunityCreated> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    opportunity_id: data.opportunityId,
    contact_id: data.contactId,
    division_id: data.divisionId,
    user_id: data.userId,
    created_by: data.createdBy,
    opportunity_name: data.opportunityName,
    opportunity_type: data.opportunityType,
    prospect_stage: data.prospectStage,
    probability: data.probability,
    amount: data.amount,
    expected_close_date: data.expectedCloseDate,
    creation_date: data.creationDate,
    // Created already won or lost: closed on the day it was entered.
    closed_on: data.prospectStage >= OpportunityStage.ClosedWon ? floorDay.format(new Date(data.creationDate)) : null,
    version: streamVersion,
  }))
  await insertRows(tables.opportunity_dashboard, rows, columns, sql`on conflict (opportunity_id) do nothing`).execute(
    trx,
  )
}

const onChanged: BatchHandler<'opportunity_dashboard', OpportunityChanged> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    opportunity_id: data.opportunityId,
    changes: data.changes,
    version: streamVersion,
  }))
  const types: ColumnTypes = [
    ['opportunity_id', 'uuid'],
    ['changes', 'jsonb'],
  ]
  const set = changedOpportunityFields()
  await updateNewerRows(tables.opportunity_dashboard, 'opportunity_id', rows, types, set).execute(trx)
}

/** A move into Closed Won / Lost closes it that day; a move back to an open stage reopens it. */
/** Closed Won and Closed Lost are the last stages: from Closed Won on, an opportunity is closed. */
const firstClosedStage = sql.lit(OpportunityStage.ClosedWon)

const onStage: BatchHandler<'opportunity_dashboard', OpportunityStageChanged> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    opportunity_id: data.opportunityId,
    prospect_stage: data.toStage,
    at: data.changedAt,
    version: streamVersion,
  }))
  const types: ColumnTypes = [
    ['opportunity_id', 'uuid'],
    ['prospect_stage', 'int'],
    ['at', 'timestamptz'],
  ]
  const set = sql`prospect_stage = r.prospect_stage, stage_changed_at = r.at,
    closed_on = case
      when r.prospect_stage < ${firstClosedStage} then null
      when t.prospect_stage >= ${firstClosedStage} then t.closed_on
      else (r.at at time zone ${DEFAULT_TASK_TIME_ZONE})::date
    end`
  await updateNewerRows(tables.opportunity_dashboard, 'opportunity_id', rows, types, set).execute(trx)
}

export const opportunityDashboardProjection = defineProjection({
  name: 'opportunity_dashboard',
  version: 1,
  tables: ['opportunity_dashboard'],
  migrate,
  applyBatch: applyByType<'opportunity_dashboard'>({
    OpportunityCreated: onCreated,
    OpportunityChanged: onChanged,
    OpportunityStageChanged: onStage,
  }),
})
