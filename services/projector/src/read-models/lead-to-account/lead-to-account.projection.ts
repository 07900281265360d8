import {
  ContactStatus,
  statusTransitionEventTypes,
  type ContactAssigned,
  type ContactConverted,
  type ContactCreated,
  type ContactsCombined,
  type StatusTransition,
} from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import { sql } from 'kysely'
import { usingEventTypes } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, type ColumnTypes } from '../../runtime/recordset'

/**
 * Time from Lead to Account, per contact and division: when it first became a Lead there, the prospect source
 * it first became a Prospect with, and when it first became an Account. GET /reports/lead-to-account groups it
 * by month, division and source. An analyst's report added by replay: this one file is all of it on the
 * projector's side (docs/analysts.md, "Adding a report").
 */
type Tables = TableNames<'lead_to_account'>

async function migrate(trx: Executor, { lead_to_account: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      contact_id uuid not null,
      division_id int not null,
      lead_at timestamptz,
      prospect_source int,
      -- where the source was set: the first Lead → Prospect conversion keeps it, a replay never replaces it
      source_position text,
      account_at timestamptz,
      primary key (contact_id, division_id)
    )`.execute(trx)
  // The report reads the contacts that reached Account in a range of months.
  await sql`create index on ${sql.table(table)} (account_at) where account_at is not null`.execute(trx)
}

const columns: ColumnTypes = [
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['lead_at', 'timestamptz'],
  ['prospect_source', 'int'],
  ['source_position', 'text'],
  ['account_at', 'timestamptz'],
]

type Row = {
  contact_id: string
  division_id: number
  lead_at: string | null
  prospect_source: number | null
  source_position: string | null
  account_at: string | null
}

const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a <= b ? a : b)

/** A contact reaching a status in a division at a moment, and the source when it is a Lead → Prospect step. */
type Step = { contactId: string; divisionId: number; statusId: number; at: string; source?: number | null }

function stepsOf(event: StoredEvent): Step[] {
  const at = event.metadata.occurredAt
  switch (event.type) {
    case 'ContactCreated': {
      const data = event.data as ContactCreated['data']
      return [{ contactId: data.contactId, divisionId: data.divisionId, statusId: data.statusId, at }]
    }
    case 'ContactAssigned': {
      const data = event.data as ContactAssigned['data']
      return data.joinedDivision
        ? [{ contactId: data.contactId, divisionId: data.divisionId, statusId: data.statusId, at }]
        : []
    }
    case 'ContactsCombined': {
      const data = event.data as ContactsCombined['data']
      return data.divisionStatuses.map((d) => ({
        contactId: data.contactId,
        divisionId: d.divisionId,
        statusId: d.toStatusId,
        at,
      }))
    }
    default: {
      const data = event.data as StatusTransition & Partial<Pick<ContactConverted['data'], 'prospectSource'>>
      const step: Step = { contactId: data.contactId, divisionId: data.divisionId, statusId: data.toStatusId, at }
      if (event.type === 'ContactConverted' && data.fromStatusId === ContactStatus.Lead)
        step.source = data.prospectSource ?? null
      return [step]
    }
  }
}

const handled = ['ContactCreated', 'ContactAssigned', 'ContactsCombined', ...statusTransitionEventTypes]

async function applyBatch(trx: Executor, events: readonly StoredEvent[], tables: Tables): Promise<void> {
  // One row per contact and division for the whole batch: the earliest moment of each step wins.
  const rows = new Map<string, Row>()
  for (const event of events) {
    if (!handled.includes(event.type)) continue
    for (const step of stepsOf(event)) {
      const key = `${step.contactId}:${step.divisionId}`
      const row = rows.get(key) ?? {
        contact_id: step.contactId,
        division_id: step.divisionId,
        lead_at: null,
        prospect_source: null,
        source_position: null,
        account_at: null,
      }
      if (step.statusId === ContactStatus.Lead) row.lead_at = earlier(row.lead_at, step.at)
      if (step.statusId === ContactStatus.Account) row.account_at = earlier(row.account_at, step.at)
      if (step.source !== undefined && row.source_position === null) {
        row.prospect_source = step.source
        row.source_position = event.position
      }
      rows.set(key, row)
    }
  }
  if (rows.size === 0) return
  // least() skips nulls; the source of the earliest conversion stays whatever order events are applied in.
  const t = sql.table(tables.lead_to_account)
  const earlierSource = sql`excluded.source_position is not null
    and (${t}.source_position is null or excluded.source_position < ${t}.source_position)`
  await insertRows(
    tables.lead_to_account,
    [...rows.values()],
    columns,
    sql`on conflict (contact_id, division_id) do update set
      lead_at = least(${t}.lead_at, excluded.lead_at),
      account_at = least(${t}.account_at, excluded.account_at),
      prospect_source = case when ${earlierSource} then excluded.prospect_source else ${t}.prospect_source end,
      source_position = case when ${earlierSource} then excluded.source_position else ${t}.source_position end`,
  ).execute(trx)
}

export const leadToAccountProjection = defineProjection({
  name: 'lead_to_account',
  version: 1,
  tables: ['lead_to_account'],
  migrate,
  applyBatch: usingEventTypes(applyBatch, Object.fromEntries(handled.map((type) => [type, true]))),
})
