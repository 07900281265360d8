import type { LeadImported } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'census_facts'>

async function migrate(trx: Executor, { census_facts: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      contact_id uuid primary key,
      facts jsonb not null,
      previous_facts jsonb,
      upload_id text not null,
      imported_at timestamptz not null,
      version int not null
    )`.execute(trx)
}

const columns: ColumnTypes = [
  ['contact_id', 'uuid'],
  ['facts', 'jsonb'],
  ['upload_id', 'text'],
  ['imported_at', 'timestamptz'],
  ['version', 'int'],
]

/**
 * The carrier's census facts as the last import wrote them (operating status, entity type, cargo, operations,
 * drivers, mailing address...), with the facts they replaced. One statement per batch: a census import of a
 * million rows is a few thousand of them.
 */
const onLeadImported: BatchHandler<'census_facts', LeadImported> = async (trx, events, tables) => {
  // One row per contact per statement (ON CONFLICT may touch a row once): the batch's last import wins.
  const latest = new Map<string, Record<string, unknown>>()
  for (const { data, metadata, streamVersion } of events) {
    latest.set(data.contactId, {
      contact_id: data.contactId,
      facts: data.lead,
      upload_id: data.uploadId,
      imported_at: metadata.occurredAt,
      version: streamVersion,
    })
  }
  const table = sql.table(tables.census_facts)
  await insertRows(
    tables.census_facts,
    [...latest.values()],
    columns,
    sql`on conflict (contact_id) do update set
      previous_facts = case when ${table}.facts = excluded.facts then ${table}.previous_facts else ${table}.facts end,
      facts = excluded.facts, upload_id = excluded.upload_id, imported_at = excluded.imported_at,
      version = excluded.version
      where ${table}.version < excluded.version`,
  ).execute(trx)
}

/** GET /contacts/legal-data and the contact page's Census / SAFER card. */
export const censusFactsProjection = defineProjection({
  name: 'census_facts',
  version: 1,
  tables: ['census_facts'],
  migrate,
  applyBatch: applyByType<'census_facts'>({ LeadImported: onLeadImported }),
})
