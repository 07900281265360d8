import type {
  CallActivitySaved,
  CallClosed,
  CallPlaced,
  CallStatusChanged,
  PhoneSessionConnected,
  PhoneSessionLost,
  PhoneSessionRefreshed,
} from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, erasedContactRows, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, updateNewerRows, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'phone_sessions' | 'phone_calls'>
type T = 'phone_sessions' | 'phone_calls'

async function migrate(trx: Executor, { phone_sessions, phone_calls }: Tables): Promise<void> {
  // The session's times only: the sealed tokens stay in the stream, read by the command side alone.
  await sql`
    create table ${sql.table(phone_sessions)} (
      user_id uuid primary key,
      expire_time timestamptz not null,
      refresh_token_expire_time timestamptz not null,
      use_extension boolean not null,
      lost boolean not null,
      version int not null
    )`.execute(trx)
  // The refresh job's sweep: live sessions by expiry.
  await sql`create index on ${sql.table(phone_sessions)} (expire_time) where not lost`.execute(trx)
  await sql`
    create table ${sql.table(phone_calls)} (
      id uuid primary key,
      contact_id uuid not null,
      division_id int not null,
      user_id uuid not null,
      activity_id uuid not null,
      to_number text not null,
      call_status text not null,
      caller_status text not null,
      callee_status text not null,
      placed_at timestamptz not null,
      answered_at timestamptz,
      ended_at timestamptz,
      saved boolean not null default false,
      closed boolean not null default false,
      version int not null
    )`.execute(trx)
  await sql`create index on ${sql.table(phone_calls)} (user_id, placed_at desc)`.execute(trx)
}

const sessionColumns: ColumnTypes = [
  ['user_id', 'uuid'],
  ['expire_time', 'timestamptz'],
  ['refresh_token_expire_time', 'timestamptz'],
  ['use_extension', 'boolean'],
  ['lost', 'boolean'],
  ['version', 'int'],
]

const onConnected: BatchHandler<T, PhoneSessionConnected> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    user_id: data.userId,
    expire_time: data.expireTime,
    refresh_token_expire_time: data.refreshTokenExpireTime,
    use_extension: data.useExtensionToMakeCalls,
    lost: false,
    version: streamVersion,
  }))
  await insertRows(
    tables.phone_sessions,
    rows,
    sessionColumns,
    sql`on conflict (user_id) do update set expire_time = excluded.expire_time,
      refresh_token_expire_time = excluded.refresh_token_expire_time, use_extension = excluded.use_extension,
      lost = false, version = excluded.version
      where ${sql.table(tables.phone_sessions)}.version < excluded.version`,
  ).execute(trx)
}

const onRefreshed: BatchHandler<T, PhoneSessionRefreshed> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    user_id: data.userId,
    expire_time: data.expireTime,
    refresh_token_expire_time: data.refreshTokenExpireTime,
    version: streamVersion,
  }))
  await updateNewerRows(
    tables.phone_sessions,
    'user_id',
    rows,
    [
      ['user_id', 'uuid'],
      ['expire_time', 'timestamptz'],
      ['refresh_token_expire_time', 'timestamptz'],
    ],
    sql`expire_time = r.expire_time, refresh_token_expire_time = r.refresh_token_expire_time`,
  ).execute(trx)
}

const onLost: BatchHandler<T, PhoneSessionLost> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({ user_id: data.userId, version: streamVersion }))
  await updateNewerRows(tables.phone_sessions, 'user_id', rows, [['user_id', 'uuid']], sql`lost = true`).execute(trx)
}

const callColumns: ColumnTypes = [
  ['id', 'uuid'],
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['user_id', 'uuid'],
  ['activity_id', 'uuid'],
  ['to_number', 'text'],
  ['call_status', 'text'],
  ['caller_status', 'text'],
  ['callee_status', 'text'],
  ['placed_at', 'timestamptz'],
  ['version', 'int'],
]

const onPlaced: BatchHandler<T, CallPlaced> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    id: data.callId,
    contact_id: data.contactId,
    division_id: data.divisionId,
    user_id: data.userId,
    activity_id: data.activityId,
    to_number: data.to,
    call_status: data.status.callStatus,
    caller_status: data.status.callerStatus,
    callee_status: data.status.calleeStatus,
    placed_at: metadata.occurredAt,
    version: streamVersion,
  }))
  await insertRows(tables.phone_calls, rows, callColumns, sql`on conflict (id) do nothing`).execute(trx)
}

const onStatus: BatchHandler<T, CallStatusChanged> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    id: data.callId,
    call_status: data.status.callStatus,
    caller_status: data.status.callerStatus,
    callee_status: data.status.calleeStatus,
    answered_at: data.answeredAt,
    ended_at: data.endedAt,
    version: streamVersion,
  }))
  await updateNewerRows(
    tables.phone_calls,
    'id',
    rows,
    [
      ['id', 'uuid'],
      ['call_status', 'text'],
      ['caller_status', 'text'],
      ['callee_status', 'text'],
      ['answered_at', 'timestamptz'],
      ['ended_at', 'timestamptz'],
    ],
    sql`call_status = r.call_status, caller_status = r.caller_status, callee_status = r.callee_status,
      answered_at = r.answered_at, ended_at = r.ended_at`,
  ).execute(trx)
}

const onSaved: BatchHandler<T, CallActivitySaved> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({ id: data.callId, version: streamVersion }))
  await updateNewerRows(tables.phone_calls, 'id', rows, [['id', 'uuid']], sql`saved = true`).execute(trx)
}

const onClosed: BatchHandler<T, CallClosed> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({ id: data.callId, version: streamVersion }))
  await updateNewerRows(tables.phone_calls, 'id', rows, [['id', 'uuid']], sql`closed = true`).execute(trx)
}

/** RingCentral sessions (times only, for the profile and the refresh job) and the calls placed from the CRM. */
export const phoneCallsProjection = defineProjection({
  name: 'phone_calls',
  version: 1,
  tables: ['phone_sessions', 'phone_calls'],
  migrate,
  applyBatch: applyByType<T>({
    PhoneSessionConnected: onConnected,
    PhoneSessionRefreshed: onRefreshed,
    PhoneSessionLost: onLost,
    CallPlaced: onPlaced,
    CallStatusChanged: onStatus,
    CallActivitySaved: onSaved,
    CallClosed: onClosed,
    // Erased personal data (docs/decisions/035): the number the contact was called on reads "erased".
    PersonalDataErased: erasedContactRows('phone_calls', ['to_number']),
  }),
})
