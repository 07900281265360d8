import type { TaskCreated } from '@crm/contracts'
import { sql } from 'kysely'
import type { BatchHandler } from '../../runtime/apply-by-type'
import { insertRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'
import { refreshTaskStanding } from './on-contact-standing'

const columns: ColumnTypes = [
  ['task_id', 'uuid'],
  ['title', 'text'],
  ['description', 'text'],
  ['assigned', 'uuid'],
  ['status', 'int'],
  ['priority', 'int'],
  ['due_date', 'timestamptz'],
  ['activity_type', 'int'],
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['creation_date', 'timestamptz'],
  ['referral_id', 'text'],
  ['next_step_id', 'int'],
  ['follow_up_date', 'timestamptz'],
  ['reminder', 'int'],
  ['attachments', 'jsonb'],
  ['is_demo', 'boolean'],
  ['follows_task_id', 'uuid'],
  ['created_by', 'uuid'],
  ['version', 'int'],
  ['updated_at', 'timestamptz'],
]

/**
 * A new task; seen again (a replay), the existing row wins. A task opened on a contact that already left
 * the pipeline is flagged from the start.
 */
export const onTaskCreated: BatchHandler<'tasks' | 'task_contacts', TaskCreated> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    task_id: data.taskId,
    title: data.title,
    description: data.description,
    assigned: data.assigned,
    status: data.status,
    priority: data.priority,
    due_date: data.dueDate,
    activity_type: data.activityType,
    contact_id: data.contactId,
    division_id: data.divisionId,
    creation_date: data.creationDate,
    referral_id: data.referralId,
    next_step_id: data.nextStepId,
    follow_up_date: data.followUpDate,
    reminder: data.reminder,
    attachments: data.attachments ?? [],
    is_demo: data.isDemo,
    follows_task_id: uuidOrNull(data.followsTaskId),
    created_by: uuidOrNull(data.createdBy),
    version: streamVersion,
    updated_at: metadata.occurredAt,
  }))
  await insertRows(tables.tasks, rows, columns, sql`on conflict (task_id) do nothing`).execute(trx)
  await refreshTaskStanding(trx, tables, { taskIds: rows.map((row) => row.task_id) })
}
