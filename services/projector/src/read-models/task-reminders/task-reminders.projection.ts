import {
  reminderTimeOf,
  type TaskAssigned,
  type TaskCompleted,
  type TaskCreated,
  type TaskDeleted,
  type TaskReminderFired,
  type TaskUpdated,
} from '@crm/contracts'
import { sql, type RawBuilder } from 'kysely'
import { applyByType, type BatchHandler, type StoredOf } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, recordset, updateNewerRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'task_reminders'>
type Handler<E extends { type: string; data: unknown }> = BatchHandler<'task_reminders', E>

async function migrate(trx: Executor, { task_reminders: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      task_id text primary key,
      contact_id uuid,
      assigned uuid,
      title text not null,
      due_date timestamptz,
      reminder int,
      remind_at timestamptz,
      fired boolean not null default false,
      open boolean not null default true,
      version int not null
    )`.execute(trx)
  // The sweep: unsent reminders of open tasks by time.
  await sql`create index on ${sql.table(table)} (remind_at) where open and not fired`.execute(trx)
}

const columns: ColumnTypes = [
  ['task_id', 'text'],
  ['contact_id', 'uuid'],
  ['assigned', 'uuid'],
  ['title', 'text'],
  ['due_date', 'timestamptz'],
  ['reminder', 'int'],
  ['remind_at', 'timestamptz'],
  ['version', 'int'],
]

const onCreated: Handler<TaskCreated> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    task_id: data.taskId,
    contact_id: uuidOrNull(data.contactId),
    assigned: uuidOrNull(data.assigned),
    title: data.title,
    due_date: data.dueDate,
    reminder: data.reminder,
    remind_at: reminderTimeOf(data.dueDate, data.reminder)?.toISOString() ?? null,
    version: streamVersion,
  }))
  await insertRows(tables.task_reminders, rows, columns, sql`on conflict (task_id) do nothing`).execute(trx)
}

/**
 * A new due date or reminder is a new remind time: it is unsent again. Unchanged fields come as null with
 * `reminder_set` telling "cleared" from "not changed".
 */
const onUpdated: Handler<TaskUpdated> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    task_id: data.taskId,
    title: data.changes.title ?? null,
    due_date: data.changes.dueDate ?? null,
    reminder: data.changes.reminder ?? null,
    reminder_set: data.changes.reminder !== undefined,
    version: streamVersion,
  }))
  await sql`
    update ${sql.table(tables.task_reminders)} t
    set title = coalesce(n.title, t.title),
        due_date = n.due_date,
        reminder = n.reminder,
        remind_at = n.remind_at,
        fired = t.fired and n.remind_at is not distinct from t.remind_at,
        version = n.version
    from (
      select r.task_id, r.version, coalesce(r.title, t0.title) as title,
             coalesce(r.due_date, t0.due_date) as due_date,
             case when r.reminder_set then r.reminder else t0.reminder end as reminder,
             coalesce(r.due_date, t0.due_date)
               - make_interval(mins => case when r.reminder_set then r.reminder else t0.reminder end) as remind_at
      from ${recordset(rows, [
        ['task_id', 'text'],
        ['title', 'text'],
        ['due_date', 'timestamptz'],
        ['reminder', 'int'],
        ['reminder_set', 'boolean'],
        ['version', 'int'],
      ])}
      join ${sql.table(tables.task_reminders)} t0 on t0.task_id = r.task_id
    ) n
    where t.task_id = n.task_id and t.version < n.version`.execute(trx)
}

/** Sets columns of existing reminder rows from a run of task events; the stream version makes a replay a no-op. */
async function updateReminders<E extends { type: string; data: { taskId: string } }>(
  trx: Executor,
  table: string,
  events: StoredOf<E>[],
  columns: ColumnTypes,
  toRow: (data: E['data']) => Record<string, unknown>,
  set: RawBuilder<unknown>,
): Promise<void> {
  const rows = events.map(({ data, streamVersion }) => ({
    ...toRow(data),
    task_id: data.taskId,
    version: streamVersion,
  }))
  await updateNewerRows(table, 'task_id', rows, [['task_id', 'text'], ...columns], set).execute(trx)
}

const onAssigned: Handler<TaskAssigned> = (trx, events, tables) =>
  updateReminders(
    trx,
    tables.task_reminders,
    events,
    [['assigned', 'uuid']],
    (d) => ({ assigned: uuidOrNull(d.assigned) }),
    sql`assigned = r.assigned`,
  )

const onClosed: Handler<TaskDeleted | TaskCompleted> = (trx, events, tables) =>
  updateReminders(trx, tables.task_reminders, events, [], () => ({}), sql`open = false`)

/** Sent: only if it is still the current remind time (a reschedule after the job ran is unsent again). */
const onFired: Handler<TaskReminderFired> = (trx, events, tables) =>
  updateReminders(
    trx,
    tables.task_reminders,
    events,
    [['remind_at', 'timestamptz']],
    (d) => ({ remind_at: d.remindAt }),
    sql`fired = t.fired or t.remind_at = r.remind_at`,
  )

/**
 * Task reminders the job process must send (one row per task): the remind time (due date minus reminder),
 * whether it went out, whether the task is still open. The sweep re-queues unsent ones at start-up.
 */
export const taskRemindersProjection = defineProjection({
  name: 'task_reminders',
  version: 1,
  tables: ['task_reminders'],
  migrate,
  applyBatch: applyByType<'task_reminders'>({
    TaskCreated: onCreated,
    TaskUpdated: onUpdated,
    TaskAssigned: onAssigned,
    TaskDeleted: onClosed,
    TaskCompleted: onClosed,
    TaskReminderFired: onFired,
  }),
})
