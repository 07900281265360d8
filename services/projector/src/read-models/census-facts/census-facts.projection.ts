import type { ContactCreated, LeadFacts, LeadImported } from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
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

interface ImportedFacts {
  contactId: string
  lead: LeadFacts
  uploadId: string
  event: StoredEvent
}

/**
 * The carrier's census facts as the last import wrote them (operating status, entity type, cargo, operations,
 * drivers, mailing address...), with the facts they replaced. One statement per batch: a census import of a
 * million rows is a few thousand of them.
 */
async function upsertFacts(trx: Executor, tables: Tables, imports: ImportedFacts[]): Promise<void> {
  // One row per contact per statement (ON CONFLICT may touch a row once): the batch's last import wins.
  const latest = new Map<string, Record<string, unknown>>()
  for (const { contactId, lead, uploadId, event } of imports) {
    latest.set(contactId, {
      contact_id: contactId,
      facts: lead,
      upload_id: uploadId,
      imported_at: event.metadata.occurredAt,
      version: event.streamVersion,
    })
  }
  if (latest.size === 0) return
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

/** A contact an import created carries its row's facts in ContactCreated; one that existed gets a LeadImported. */
const onContactCreated: BatchHandler<'census_facts', ContactCreated> = (trx, events, tables) =>
  upsertFacts(
    trx,
    tables,
    events.flatMap((event) => {
      const { contactId, imported } = event.data
      return imported ? [{ contactId, lead: imported.lead, uploadId: imported.uploadId, event }] : []
    }),
  )

const onLeadImported: BatchHandler<'census_facts', LeadImported> = (trx, events, tables) =>
  upsertFacts(
    trx,
    tables,
    events.map((event) => ({ ...event.data, event })),
  )

/** GET /contacts/legal-data and the contact page's Census / SAFER card. */
export const censusFactsProjection = defineProjection({
  name: 'census_facts',
  version: 1,
  tables: ['census_facts'],
  migrate,
  applyBatch: applyByType<'census_facts'>({ ContactCreated: onContactCreated, LeadImported: onLeadImported }),
})
