import { TaskStatus } from '@crm/contracts'
import type { TaskAssigned, TaskCompleted, TaskDeleted, TaskUpdated } from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import { sql, type RawBuilder } from 'kysely'
import type { BatchHandler, StoredOf } from '../../runtime/apply-by-type'
import type { Executor } from '../../runtime/projection'
import { changedColumn, updateNewerRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Handler<E extends { type: string; data: unknown }> = BatchHandler<'tasks', E>

/**
 * Sets columns of existing task rows from a run of events (one per task). Guarded by the stream version:
 * an event the row already reflects changes nothing when applied again.
 */
async function updateTasks<E extends { type: string; data: unknown }>(
  trx: Executor,
  table: string,
  events: StoredOf<E>[],
  columns: ColumnTypes,
  toRow: (data: E['data']) => Record<string, unknown>,
  set: RawBuilder<unknown> = sql.join(columns.map(([name]) => sql`${sql.id(name)} = r.${sql.id(name)}`)),
): Promise<void> {
  const rows = (events as readonly StoredEvent[]).map((e) => ({
    ...toRow(e.data as E['data']),
    task_id: (e.data as { taskId: string }).taskId,
    version: e.streamVersion,
    at: e.metadata.occurredAt,
  }))
  const all: ColumnTypes = [['task_id', 'uuid'], ['at', 'timestamptz'], ...columns]
  await updateNewerRows(table, 'task_id', rows, all, sql`${set}, updated_at = r.at`).execute(trx)
}

export const onTaskUpdated: Handler<TaskUpdated> = (trx, events, { tasks }) =>
  updateTasks(
    trx,
    tasks,
    events,
    [['changes', 'jsonb']],
    (d) => ({ changes: d.changes }),
    sql.join([
      changedColumn('title', 'title', 'text'),
      changedColumn('description', 'description', 'text'),
      changedColumn('priority', 'priority', 'int'),
      changedColumn('dueDate', 'due_date', 'timestamptz'),
      changedColumn('activityType', 'activity_type', 'int'),
      changedColumn('reminder', 'reminder', 'int'),
      sql`attachments = case when r.changes ? 'attachments' then r.changes->'attachments' else t.attachments end`,
    ]),
  )

export const onTaskAssigned: Handler<TaskAssigned> = (trx, events, { tasks }) =>
  updateTasks(trx, tasks, events, [['assigned', 'uuid']], (d) => ({ assigned: d.assigned }))

export const onTaskDeleted: Handler<TaskDeleted> = (trx, events, { tasks }) =>
  updateTasks(trx, tasks, events, [['deleted', 'boolean']], () => ({ deleted: true }))

/** Status 2 with who and when, whether it was late (display status 3), the next step and its follow-up. */
export const onTaskCompleted: Handler<TaskCompleted> = (trx, events, { tasks }) =>
  updateTasks(
    trx,
    tasks,
    events,
    [
      ['status', 'int'],
      ['completed_date', 'timestamptz'],
      ['completed_by', 'uuid'],
      ['late', 'boolean'],
      ['next_step_id', 'int'],
      ['follow_up_date', 'timestamptz'],
      ['follow_up_task_id', 'uuid'],
    ],
    (d) => ({
      status: TaskStatus.Completed,
      completed_date: d.completedDate,
      completed_by: uuidOrNull(d.completedBy),
      late: d.late,
      next_step_id: d.nextStepId,
      follow_up_date: d.followUpDate,
      follow_up_task_id: uuidOrNull(d.followUpTaskId),
    }),
  )
