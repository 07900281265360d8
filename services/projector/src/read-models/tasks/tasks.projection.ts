import { sql } from 'kysely'
import { applyByType } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { onTaskCreated } from './on-task-created'
import { onTaskAssigned, onTaskCompleted, onTaskDeleted, onTaskUpdated } from './on-task-changes'

export type TasksTables = TableNames<'tasks'>

/**
 * One row per task (docs/product.md 3 "Task"). Deleted tasks stay as rows marked deleted, so a replayed edit of a
 * deleted task finds its row and changes nothing visible. The display status is not stored: it moves with
 * the clock and the division's taskPastDueTime, so the query side computes it.
 */
async function migrate(trx: Executor, { tasks: table }: TasksTables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      task_id uuid primary key,
      title text not null,
      description text,
      assigned uuid not null,
      status int not null,
      priority int not null,
      due_date timestamptz not null,
      activity_type int not null,
      contact_id uuid not null,
      division_id int not null,
      creation_date timestamptz not null,
      referral_id text,
      next_step_id int,
      follow_up_date timestamptz,
      reminder int,
      attachments jsonb not null default '[]',
      is_demo boolean not null default false,
      follows_task_id uuid,
      created_by uuid,
      completed_date timestamptz,
      completed_by uuid,
      late boolean not null default false,
      follow_up_task_id uuid,
      deleted boolean not null default false,
      version int not null,
      updated_at timestamptz not null
    )`.execute(trx)
  // A user's task lists: open (or all) tasks by due date, the filters narrowing the due-date range.
  await sql`create index on ${sql.table(table)} (assigned, status, due_date) where not deleted`.execute(trx)
  // The contact page's tasks and "is a task assigned" for the call button.
  await sql`create index on ${sql.table(table)} (contact_id, assigned) where not deleted`.execute(trx)
  // Calendar and month views over many users (managers, executives).
  await sql`create index on ${sql.table(table)} (due_date) where not deleted`.execute(trx)
}

export const tasksProjection = defineProjection({
  name: 'tasks',
  version: 1,
  tables: ['tasks'],
  migrate,
  applyBatch: applyByType<'tasks'>({
    TaskCreated: onTaskCreated,
    TaskUpdated: onTaskUpdated,
    TaskAssigned: onTaskAssigned,
    TaskDeleted: onTaskDeleted,
    TaskCompleted: onTaskCompleted,
  }),
})
