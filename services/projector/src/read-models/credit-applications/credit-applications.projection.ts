import { ERASED, erasedData, type CreditApplicationEvent, type SealedFields } from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import { sql } from 'kysely'
import { usingEventTypes } from '../../runtime/apply-by-type'
import { ensureSearchExtensions } from '../../runtime/extensions'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'

type Tables = TableNames<'credit_applications'>

/** What the lists' search box reads; services/query-api/src/credit-applications/find-applications.ts writes the same. */
const SEARCH_TEXT = sql`lower(coalesce(applicant_name, '') || ' ' || coalesce(business_name, '') || ' ' ||
  coalesce(dot_number, '') || ' ' || coalesce(mc_number, ''))`

/**
 * Credit applications for the three lists and the application page (docs/decisions/021). Sensitive values are
 * kept as their last four digits only (`masked`); the ciphertext stays in the events, where a reveal opens it.
 */
async function migrate(trx: Executor, { credit_applications: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      application_id uuid primary key,
      source text not null,
      divisions jsonb not null,
      status_id int not null default 1,
      fields jsonb not null default '{}',
      masked jsonb not null default '{}',
      lists jsonb not null,
      finished boolean not null default false,
      completed_at timestamptz,
      contact_id uuid,
      analyst_id uuid,
      applicant_name text,
      business_name text,
      dot_number text,
      mc_number text,
      amount numeric,
      application_date date,
      received_at timestamptz not null,
      status_changed_at timestamptz,
      version int not null,
      updated_at timestamptz not null
    )`.execute(trx)
  // The lists' default order; what the visibility rule and the status and analyst filters read is included,
  // so a page's keys and its count come from the index alone (bench/credit-applications).
  await sql`create index on ${sql.table(table)} (source, received_at desc, application_id)
    include (divisions, status_id, analyst_id)`.execute(trx)
  // The status and analyst filters, newest first.
  for (const column of [sql`status_id`, sql`analyst_id`]) {
    await sql`create index on ${sql.table(table)} (source, ${column}, received_at desc, application_id)
      include (divisions)`.execute(trx)
  }
  // Sorted by amount, either way with the empty amounts last (the list's order, find-applications.ts).
  for (const amount of [sql`amount asc nulls last`, sql`amount desc nulls last`]) {
    await sql`create index on ${sql.table(table)} (source, ${amount}, application_id)
      include (divisions, status_id, analyst_id)`.execute(trx)
  }
  // The search box: a text anywhere in the applicant, the business, the DOT or the MC number.
  await ensureSearchExtensions(trx)
  await sql`create index on ${sql.table(table)} using gin ((${SEARCH_TEXT}) public.gin_trgm_ops)`.execute(trx)
}

/** Only the last four of each sealed value (null when the field was cleared). */
const lastFours = (sealed: SealedFields) =>
  Object.fromEntries(Object.entries(sealed).map(([field, value]) => [field, value ? value.last4 : null]))

type Stored = StoredEvent<CreditApplicationEvent['type'], CreditApplicationEvent['data']>

async function apply(trx: Executor, stored: Stored, table: string): Promise<void> {
  const event = { type: stored.type, data: stored.data } as CreditApplicationEvent
  const at = stored.metadata.occurredAt
  const v = stored.streamVersion
  const id = event.data.applicationId
  const t = sql.table(table)
  const newer = sql`application_id = ${id}::uuid and version < ${v}`
  switch (event.type) {
    case 'CreditApplicationReceived': {
      const d = event.data
      await sql`
        insert into ${t} (application_id, source, divisions, fields, masked, lists, received_at, version, updated_at)
        values (${id}::uuid, ${d.source}, ${JSON.stringify(d.divisions)}::jsonb, ${JSON.stringify(d.fields)}::jsonb,
          ${JSON.stringify(lastFours(d.sensitive))}::jsonb, ${JSON.stringify(d.lists)}::jsonb, ${at}::timestamptz,
          ${v}, ${at}::timestamptz)
        on conflict (application_id) do nothing`.execute(trx)
      break
    }
    case 'CreditApplicationEdited':
      await sql`
        update ${t} set fields = fields || ${JSON.stringify(event.data.changes)}::jsonb,
          masked = masked || ${JSON.stringify(lastFours(event.data.sensitive))}::jsonb,
          version = ${v}, updated_at = ${at}::timestamptz
        where ${newer}`.execute(trx)
      break
    case 'CreditApplicationListReplaced':
      await sql`
        update ${t} set lists = jsonb_set(lists, ${`{${event.data.list}}`}::text[], ${JSON.stringify(event.data.items)}::jsonb),
          version = ${v}, updated_at = ${at}::timestamptz
        where ${newer}`.execute(trx)
      break
    case 'CreditApplicationStatusChanged':
      // An application nobody was assigned to is taken by whoever moves it first (docs/decisions/031).
      await sql`
        update ${t} set status_id = ${event.data.toStatusId}, status_changed_at = ${at}::timestamptz,
          analyst_id = coalesce(analyst_id, ${event.data.changedBy}::uuid),
          version = ${v}, updated_at = ${at}::timestamptz
        where ${newer}`.execute(trx)
      break
    case 'CreditApplicationCompleted':
      await sql`
        update ${t} set finished = true, completed_at = ${at}::timestamptz, version = ${v}, updated_at = ${at}::timestamptz
        where ${newer}`.execute(trx)
      break
    case 'CreditApplicationMergedWithContact':
      await sql`
        update ${t} set contact_id = ${event.data.contactId}::uuid, version = ${v}, updated_at = ${at}::timestamptz
        where ${newer}`.execute(trx)
      break
    case 'CreditApplicationAnalystAssigned':
      await sql`
        update ${t} set analyst_id = ${event.data.analystId}::uuid, version = ${v}, updated_at = ${at}::timestamptz
        where ${newer}`.execute(trx)
      return
    case 'CreditApplicationDataRevealed':
      await sql`update ${t} set version = ${v} where ${newer}`.execute(trx)
      return
    case 'CreditApplicationPersonalDataErased': {
      // The applicants' values read "erased" (docs/decisions/035), as a rebuild from the store writes them.
      const { rows } = await sql<{ fields: object; masked: Record<string, string | null>; lists: object }>`
        select fields, masked, lists from ${t} where ${newer}`.execute(trx)
      const row = rows[0]
      if (!row) return
      const erased = erasedData('CreditApplicationReceived', { fields: row.fields, lists: row.lists }) as {
        fields: object
        lists: object
      }
      const masked = Object.fromEntries(Object.entries(row.masked).map(([k, last4]) => [k, last4 && ERASED]))
      await sql`
        update ${t} set fields = ${JSON.stringify(erased.fields)}::jsonb, lists = ${JSON.stringify(erased.lists)}::jsonb,
          masked = ${JSON.stringify(masked)}::jsonb, version = ${v}, updated_at = ${at}::timestamptz
        where ${newer}`.execute(trx)
      break
    }
  }
  // The list's columns, from the fields as they are now.
  await sql`
    update ${t} set
      -- An erased applicant reads "erased" once, not once per name part.
      applicant_name = coalesce(
        nullif(trim(concat_ws(' ', nullif(fields->>'applicantFirstName', ${ERASED}),
          nullif(fields->>'applicantLastName', ${ERASED}))), ''),
        case when ${ERASED} in (fields->>'applicantFirstName', fields->>'applicantLastName') then ${ERASED} end),
      business_name = fields->>'businessName',
      dot_number = fields->>'businessDotNumber',
      mc_number = fields->>'businessMcNumber',
      amount = coalesce((fields->>'eqCrmAmountFinanced')::numeric, (fields->>'eqAmountFinanced')::numeric),
      application_date = (fields->>'applicationDate')::date
    where application_id = ${id}::uuid`.execute(trx)
}

const handlers = Object.fromEntries(
  [
    'CreditApplicationReceived',
    'CreditApplicationEdited',
    'CreditApplicationListReplaced',
    'CreditApplicationStatusChanged',
    'CreditApplicationCompleted',
    'CreditApplicationMergedWithContact',
    'CreditApplicationDataRevealed',
    'CreditApplicationAnalystAssigned',
    'CreditApplicationPersonalDataErased',
  ].map((type) => [type, true]),
)

async function applyBatch(trx: Executor, events: readonly StoredEvent[], tables: Tables): Promise<void> {
  for (const event of events) {
    if (handlers[event.type]) await apply(trx, event as Stored, tables.credit_applications)
  }
}

export const creditApplicationsProjection = defineProjection({
  name: 'credit_applications',
  // 2: an assigned analyst stays when the application moves (was: whoever took it into review).
  // 3: indexes for the amount order and the search box.
  version: 3,
  tables: ['credit_applications'],
  migrate,
  applyBatch: usingEventTypes(applyBatch, handlers),
})
