import type { OpportunityChanged, OpportunityCreated, OpportunityStageChanged } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { changedColumn, insertRows, updateNewerRows, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'opportunities'>

/** Opportunities (docs/product.md 3): one row each, by division, salesperson, stage and dates, for the pipeline. */
async function migrate(trx: Executor, { opportunities: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      opportunity_id uuid primary key,
      contact_id uuid not null,
      division_id int not null,
      opportunity_name text not null,
      expected_close_date date not null,
      prospect_stage int not null,
      probability int not null,
      opportunity_type int not null,
      amount numeric(16, 2) not null,
      user_id uuid not null,
      created_by uuid not null,
      creation_date timestamptz not null,
      stage_changed_at timestamptz,
      version int not null,
      updated_at timestamptz not null
    )`.execute(trx)
  await sql`create index on ${sql.table(table)} (division_id, user_id, creation_date)`.execute(trx)
  await sql`create index on ${sql.table(table)} (contact_id)`.execute(trx)
}

const columns: ColumnTypes = [
  ['opportunity_id', 'uuid'],
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['opportunity_name', 'text'],
  ['expected_close_date', 'date'],
  ['prospect_stage', 'int'],
  ['probability', 'int'],
  ['opportunity_type', 'int'],
  ['amount', 'numeric'],
  ['user_id', 'uuid'],
  ['created_by', 'uuid'],
  ['creation_date', 'timestamptz'],
  ['version', 'int'],
  ['updated_at', 'timestamptz'],
]

const onCreated: BatchHandler<'opportunities', OpportunityCreated> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    opportunity_id: data.opportunityId,
    contact_id: data.contactId,
    division_id: data.divisionId,
    opportunity_name: data.opportunityName,
    expected_close_date: data.expectedCloseDate,
    prospect_stage: data.prospectStage,
    probability: data.probability,
    opportunity_type: data.opportunityType,
    amount: data.amount,
    user_id: data.userId,
    created_by: data.createdBy,
    creation_date: data.creationDate,
    version: streamVersion,
    updated_at: metadata.occurredAt,
  }))
  await insertRows(tables.opportunities, rows, columns, sql`on conflict (opportunity_id) do nothing`).execute(trx)
}

/** The columns an OpportunityChanged moves (its `changes` name only the fields that changed; stages move apart). */
export const changedOpportunityFields = () =>
  sql.join([
    changedColumn('opportunityName', 'opportunity_name', 'text'),
    changedColumn('expectedCloseDate', 'expected_close_date', 'date'),
    changedColumn('probability', 'probability', 'int'),
    changedColumn('opportunityType', 'opportunity_type', 'int'),
    changedColumn('amount', 'amount', 'numeric'),
    changedColumn('userId', 'user_id', 'uuid'),
  ])

const onChanged: BatchHandler<'opportunities', OpportunityChanged> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    opportunity_id: data.opportunityId,
    changes: data.changes,
    version: streamVersion,
    at: metadata.occurredAt,
  }))
  const types: ColumnTypes = [
    ['opportunity_id', 'uuid'],
    ['changes', 'jsonb'],
    ['at', 'timestamptz'],
  ]
  const set = sql`${changedOpportunityFields()}, updated_at = r.at`
  await updateNewerRows(tables.opportunities, 'opportunity_id', rows, types, set).execute(trx)
}

const onStage: BatchHandler<'opportunities', OpportunityStageChanged> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    opportunity_id: data.opportunityId,
    prospect_stage: data.toStage,
    version: streamVersion,
    at: metadata.occurredAt,
  }))
  const types: ColumnTypes = [
    ['opportunity_id', 'uuid'],
    ['prospect_stage', 'int'],
    ['at', 'timestamptz'],
  ]
  const set = sql`prospect_stage = r.prospect_stage, stage_changed_at = r.at, updated_at = r.at`
  await updateNewerRows(tables.opportunities, 'opportunity_id', rows, types, set).execute(trx)
}

export const opportunitiesProjection = defineProjection({
  name: 'opportunities',
  version: 1,
  tables: ['opportunities'],
  migrate,
  applyBatch: applyByType<'opportunities'>({
    OpportunityCreated: onCreated,
    OpportunityChanged: onChanged,
    OpportunityStageChanged: onStage,
  }),
})
