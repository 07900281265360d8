import type {
  CallLogSynced,
  IncomingCallLinked,
  IncomingCallRang,
  IncomingCallStatusChanged,
  PhoneSessionConnected,
  PhoneSubscriptionSaved,
} from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, updateNewerRows, type ColumnTypes } from '../../runtime/recordset'

type T = 'phone_subscriptions' | 'incoming_calls' | 'call_log'

/** A number's last ten digits, as contacts are matched ('+1 (312) 555-0142' is '3125550142'). */
const lastTen = (phone: string | null) => (phone ? phone.replace(/\D/g, '').slice(-10) : '')

async function migrate(trx: Executor, { phone_subscriptions, incoming_calls, call_log }: TableNames<T>): Promise<void> {
  // The upkeep sweep's: whose webhook subscription is missing or due.
  await sql`
    create table ${sql.table(phone_subscriptions)} (
      user_id uuid primary key,
      subscription_id text not null,
      expiration_time timestamptz not null
    )`.execute(trx)
  await sql`
    create table ${sql.table(incoming_calls)} (
      id uuid primary key,
      user_id uuid not null,
      from_number text not null,
      from_digits text not null,
      from_name text,
      status text not null,
      rang_at timestamptz not null,
      answered_at timestamptz,
      ended_at timestamptz,
      contact_id uuid,
      activity_id uuid,
      version int not null
    )`.execute(trx)
  await sql`create index on ${sql.table(incoming_calls)} (user_id, rang_at desc)`.execute(trx)
  // The call log by user, newest first; `other_digits` is the number on the other end, matched to contacts.
  await sql`
    create table ${sql.table(call_log)} (
      user_id uuid not null,
      id text not null,
      start_time timestamptz not null,
      duration int not null,
      direction text not null,
      action text,
      result text,
      from_number text,
      from_name text,
      to_number text,
      to_name text,
      other_digits text not null,
      recording_id text,
      primary key (user_id, id)
    )`.execute(trx)
  await sql`create index on ${sql.table(call_log)} (user_id, start_time desc, id)`.execute(trx)
}

const onConnected: BatchHandler<T, PhoneSessionConnected> = async (trx, events, tables) => {
  // A new sign-in subscribes anew (the phone session's decider forgets the old subscription).
  const users = events.map((e) => e.data.userId)
  await sql`delete from ${sql.table(tables.phone_subscriptions)} where user_id = any(${users}::uuid[])`.execute(trx)
}

const onSubscription: BatchHandler<T, PhoneSubscriptionSaved> = async (trx, events, tables) => {
  const rows = events.map(({ data }) => ({
    user_id: data.userId,
    subscription_id: data.subscriptionId,
    expiration_time: data.expirationTime,
  }))
  await insertRows(
    tables.phone_subscriptions,
    rows,
    [
      ['user_id', 'uuid'],
      ['subscription_id', 'text'],
      ['expiration_time', 'timestamptz'],
    ],
    sql`on conflict (user_id) do update set subscription_id = excluded.subscription_id,
      expiration_time = excluded.expiration_time`,
  ).execute(trx)
}

const incomingColumns: ColumnTypes = [
  ['id', 'uuid'],
  ['user_id', 'uuid'],
  ['from_number', 'text'],
  ['from_digits', 'text'],
  ['from_name', 'text'],
  ['status', 'text'],
  ['rang_at', 'timestamptz'],
  ['version', 'int'],
]

const onRang: BatchHandler<T, IncomingCallRang> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    id: data.callId,
    user_id: data.userId,
    from_number: data.fromNumber,
    from_digits: lastTen(data.fromNumber),
    from_name: data.fromName,
    status: 'ringing',
    rang_at: data.rangAt,
    version: streamVersion,
  }))
  await insertRows(tables.incoming_calls, rows, incomingColumns, sql`on conflict (id) do nothing`).execute(trx)
}

const onIncomingStatus: BatchHandler<T, IncomingCallStatusChanged> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    id: data.callId,
    status: data.status,
    answered_at: data.answeredAt,
    ended_at: data.endedAt,
    version: streamVersion,
  }))
  await updateNewerRows(
    tables.incoming_calls,
    'id',
    rows,
    [
      ['id', 'uuid'],
      ['status', 'text'],
      ['answered_at', 'timestamptz'],
      ['ended_at', 'timestamptz'],
    ],
    sql`status = r.status, answered_at = r.answered_at, ended_at = r.ended_at`,
  ).execute(trx)
}

const onLinked: BatchHandler<T, IncomingCallLinked> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    id: data.callId,
    contact_id: data.contactId,
    activity_id: data.activityId,
    version: streamVersion,
  }))
  await updateNewerRows(
    tables.incoming_calls,
    'id',
    rows,
    [
      ['id', 'uuid'],
      ['contact_id', 'uuid'],
      ['activity_id', 'uuid'],
    ],
    sql`contact_id = r.contact_id, activity_id = r.activity_id`,
  ).execute(trx)
}

const logColumns: ColumnTypes = [
  ['user_id', 'uuid'],
  ['id', 'text'],
  ['start_time', 'timestamptz'],
  ['duration', 'int'],
  ['direction', 'text'],
  ['action', 'text'],
  ['result', 'text'],
  ['from_number', 'text'],
  ['from_name', 'text'],
  ['to_number', 'text'],
  ['to_name', 'text'],
  ['other_digits', 'text'],
  ['recording_id', 'text'],
]

const onCallLog: BatchHandler<T, CallLogSynced> = async (trx, events, tables) => {
  const rows = events.flatMap(({ data }) =>
    data.entries.map((e) => ({
      user_id: data.userId,
      id: e.id,
      start_time: e.startTime,
      duration: e.duration,
      direction: e.direction,
      action: e.action,
      result: e.result,
      from_number: e.fromNumber,
      from_name: e.fromName,
      to_number: e.toNumber,
      to_name: e.toName,
      other_digits: lastTen(e.direction === 'Inbound' ? e.fromNumber : e.toNumber),
      recording_id: e.recordingId,
    })),
  )
  if (rows.length === 0) return
  await insertRows(tables.call_log, rows, logColumns, sql`on conflict (user_id, id) do nothing`).execute(trx)
}

/** Incoming calls (the pop and set-call-with-activity), webhook subscriptions (the upkeep) and the call log. */
export const phoneLogProjection = defineProjection({
  name: 'phone_log',
  version: 1,
  tables: ['phone_subscriptions', 'incoming_calls', 'call_log'],
  migrate,
  applyBatch: applyByType<T>({
    PhoneSessionConnected: onConnected,
    PhoneSubscriptionSaved: onSubscription,
    IncomingCallRang: onRang,
    IncomingCallStatusChanged: onIncomingStatus,
    IncomingCallLinked: onLinked,
    CallLogSynced: onCallLog,
  }),
})
