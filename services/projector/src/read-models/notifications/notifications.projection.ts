import type { NotificationRaised, NotificationsRead } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, recordset, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'notifications'>

async function migrate(trx: Executor, { notifications: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      notification_id text primary key,
      user_id uuid not null,
      kind text not null,
      title text not null,
      message text,
      contact_id uuid,
      task_id text,
      due_date timestamptz,
      remind_at timestamptz,
      raised_by uuid,
      raised_at timestamptz not null,
      read_at timestamptz
    )`.execute(trx)
  // The bell: a user's newest first, and their unread count.
  await sql`create index on ${sql.table(table)} (user_id, raised_at desc, notification_id desc)`.execute(trx)
  await sql`create index on ${sql.table(table)} (user_id) where read_at is null`.execute(trx)
}

const columns: ColumnTypes = [
  ['notification_id', 'text'],
  ['user_id', 'uuid'],
  ['kind', 'text'],
  ['title', 'text'],
  ['message', 'text'],
  ['contact_id', 'uuid'],
  ['task_id', 'text'],
  ['due_date', 'timestamptz'],
  ['remind_at', 'timestamptz'],
  ['raised_by', 'uuid'],
  ['raised_at', 'timestamptz'],
]

const onRaised: BatchHandler<'notifications', NotificationRaised> = async (trx, events, tables) => {
  const rows = events
    .filter(({ data }) => uuidOrNull(data.userId))
    .map(({ data }) => ({
      notification_id: data.notificationId,
      user_id: data.userId,
      kind: data.kind,
      title: data.title,
      message: data.message,
      contact_id: uuidOrNull(data.contactId),
      task_id: data.taskId,
      due_date: data.dueDate,
      remind_at: data.remindAt,
      raised_by: uuidOrNull(data.raisedBy),
      raised_at: data.raisedAt,
    }))
  if (rows.length === 0) return
  await insertRows(tables.notifications, rows, columns, sql`on conflict (notification_id) do nothing`).execute(trx)
}

const onRead: BatchHandler<'notifications', NotificationsRead> = async (trx, events, tables) => {
  const rows = events.flatMap(({ data }) =>
    data.notificationIds.map((id) => ({ notification_id: id, user_id: data.userId, read_at: data.readAt })),
  )
  if (rows.length === 0) return
  await sql`
    update ${sql.table(tables.notifications)} t set read_at = r.read_at
    from ${recordset(rows, [
      ['notification_id', 'text'],
      ['user_id', 'uuid'],
      ['read_at', 'timestamptz'],
    ])}
    where t.notification_id = r.notification_id and t.user_id = r.user_id and t.read_at is null`.execute(trx)
}

/** Each user's notifications (task reminders, messages) with their read state, for the top bar's bell. */
export const notificationsProjection = defineProjection({
  name: 'notifications',
  version: 1,
  tables: ['notifications'],
  migrate,
  applyBatch: applyByType<'notifications'>({ NotificationRaised: onRaised, NotificationsRead: onRead }),
})
