import { erasedData, erasedSubject, personalDataRules } from '@crm/contracts'
import { sql, type RawBuilder } from 'kysely'
import { createIndex } from '../../runtime/deferred-indexes'
import {
  defineProjection,
  type Executor,
  type MigrateOptions,
  type TableIndex,
  type TableNames,
} from '../../runtime/projection'
import { insertRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'
import { summarize, withoutSecrets } from './summaries'

type Tables = TableNames<'stream_history'>

const columns: ColumnTypes = [
  ['stream_id', 'text'],
  ['stream_version', 'int'],
  ['position', 'text'],
  ['event_type', 'text'],
  ['summary', 'text'],
  ['user_id', 'uuid'],
  ['division_id', 'int'],
  ['occurred_at', 'timestamptz'],
  ['data', 'jsonb'],
  ['contact_id', 'uuid'],
  ['signed_in_by', 'uuid'],
  ['client_address', 'text'],
]

async function migrate(trx: Executor, tables: Tables, options?: MigrateOptions): Promise<void> {
  // The primary key serves the history of one stream in version order (the contact page).
  await sql`
    create table ${sql.table(tables.stream_history)} (
      stream_id text not null,
      stream_version int not null,
      position text not null,
      event_type text not null,
      summary text not null,
      user_id uuid,
      division_id int,
      occurred_at timestamptz not null,
      data jsonb not null,
      contact_id uuid,
      signed_in_by uuid,
      client_address text,
      primary key (stream_id, stream_version)
    )`.execute(trx)
  // One contact's whole story (its tasks, meetings, referrals... name it too): the audit's, and the erasure's below,
  // so a backfill has it from the start.
  await sql`create index on ${sql.table(tables.stream_history)} (contact_id, occurred_at) where contact_id is not null`.execute(
    trx,
  )
  if (!options?.deferIndexes) for (const index of streamHistoryIndexes(tables)) await createIndex(trx, index)
}

/**
 * The audit's other indexes, which no write of the projection uses (a backfill builds them once it has caught
 * up, decision 060): one user's day, everyone's day. A user's day is also what was done by whoever signed in as
 * them, so `signed_in_by` has its own (small: only signing in as another user fills it); without it, "this user or
 * signed in as this user" read every change of the day.
 */
function streamHistoryIndexes({ stream_history: table }: Tables): TableIndex[] {
  return [
    { table, key: 'user_day', columns: 'user_id, occurred_at' },
    { table, key: 'signed_in_by_day', columns: 'signed_in_by, occurred_at', where: 'signed_in_by is not null' },
    { table, key: 'day', columns: 'occurred_at' },
  ]
}

/**
 * Who did what and when, for every event of every stream: one row per event, keyed by stream and version.
 * v2: summaries for the everyday work on a contact (assignment, notes, comments, activity edits, tasks).
 * v3: summaries mention divisions (`divisionMention`) instead of writing their numbers; readers name them.
 * v4: a contact edit reads as a person would say it ("Edited DBA; RFP switched on, dated 03/01/2025").
 * v5: the audit of every change: the contact an event is about, whoever signed in as the user, and from where.
 * v6: whoever signed in as a user is indexed (a manager's audit of one user's day read the whole company's day);
 *     the indexes are built after a backfill has caught up (decision 060).
 */
export const streamHistoryProjection = defineProjection({
  name: 'stream_history',
  version: 6,
  tables: ['stream_history'],
  migrate,
  deferredIndexes: streamHistoryIndexes,
  async applyBatch(trx, events, tables: Tables) {
    if (events.length === 0) return
    const rows = events.map((e) => {
      const data = e.data as { divisionId?: unknown; contactId?: unknown } | null
      return {
        stream_id: e.streamId,
        stream_version: e.streamVersion,
        position: e.position,
        event_type: e.type,
        summary: summarize(e),
        user_id: uuidOrNull(e.metadata.userId),
        // The division the event is about when it names one, else the division the user acted in.
        division_id: typeof data?.divisionId === 'number' ? data.divisionId : (e.metadata.divisionId ?? null),
        occurred_at: e.metadata.occurredAt,
        data: withoutSecrets(e.data) ?? {},
        // Events of every stream that name a contact (tasks, meetings, referrals, mail...) belong to its story.
        contact_id: uuidOrNull(data?.contactId),
        signed_in_by: uuidOrNull(e.metadata.signedInBy),
        client_address: e.metadata.clientAddress ?? null,
      }
    })
    await insertRows(
      tables.stream_history,
      rows,
      columns,
      sql`on conflict (stream_id, stream_version) do nothing`,
    ).execute(trx)
    for (const e of events) {
      const erased = erasedSubject(e.type, e.data)
      if (!erased) continue
      // A contact's story names it in every stream (mail, calls...); an application's is its own stream.
      const story = e.type === 'PersonalDataErased' ? sql`contact_id = ${erased}::uuid` : sql`stream_id = ${e.streamId}`
      await eraseHistory(trx, tables, story)
    }
  },
})

/**
 * The story of the erased subject keeps every line, with its personal values as "erased" and the summaries said again from
 * the erased data (docs/decisions/035). A rebuild reads "erased" from the store and writes the same.
 */
async function eraseHistory(trx: Executor, tables: Tables, story: RawBuilder<unknown>): Promise<void> {
  const t = sql.table(tables.stream_history)
  const { rows } = await sql<{ stream_id: string; stream_version: number; event_type: string; data: unknown }>`
    select stream_id, stream_version, event_type, data from ${t}
    where ${story} and event_type = any(${Object.keys(personalDataRules)}::text[])`.execute(trx)
  for (const row of rows) {
    const data = erasedData(row.event_type, row.data)
    if (data === row.data) continue
    await sql`
      update ${t} set data = ${JSON.stringify(data)}::jsonb, summary = ${summarize({ type: row.event_type, data })}
      where stream_id = ${row.stream_id} and stream_version = ${row.stream_version}`.execute(trx)
  }
}
