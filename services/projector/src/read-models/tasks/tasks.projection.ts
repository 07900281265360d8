import { statusTransitionEventTypes } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { onContactsCombined, onOutOfBusiness, onStatusTransition } from './on-contact-standing'
import { onTaskCreated } from './on-task-created'
import { onTaskAssigned, onTaskCompleted, onTaskDeleted, onTaskUpdated } from './on-task-changes'

export type TasksTables = TableNames<'tasks' | 'task_contacts'>

/**
 * One row per task (docs/product.md 3 "Task"). Deleted tasks stay as rows marked deleted, so a replayed edit of a
 * deleted task finds its row and changes nothing visible. The display status is not stored: it moves with
 * the clock and the division's taskPastDueTime, so the query side computes it.
 *
 * `contact_closed` is the contact's standing for the task's division ('dead', 'not_qualified',
 * 'out_of_business', or null while it is worked), kept current on every row of the contact from
 * `task_contacts`, so that the task lists leave a contact's tasks out of the work once it left the pipeline.
 */
async function migrate(trx: Executor, { tasks: table, task_contacts: contacts }: TasksTables): Promise<void> {
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
      updated_at timestamptz not null,
      contact_closed text
    )`.execute(trx)
  // A user's task lists: open (or all) tasks by due date, the filters narrowing the due-date range.
  await sql`create index on ${sql.table(table)} (assigned, status, due_date) where not deleted`.execute(trx)
  // The contact page's tasks and "is a task assigned" for the call button.
  await sql`create index on ${sql.table(table)} (contact_id, assigned) where not deleted`.execute(trx)
  // Calendar and month views over many users (managers, executives).
  await sql`create index on ${sql.table(table)} (due_date) where not deleted`.execute(trx)
  // Only contacts that were ever closed somewhere have a row: the others' tasks are all worked.
  await sql`
    create table ${sql.table(contacts)} (
      contact_id uuid primary key,
      out_of_business boolean not null default false,
      closed_divisions jsonb not null default '{}',
      version int not null
    )`.execute(trx)
}

export const tasksProjection = defineProjection({
  name: 'tasks',
  // v2: a contact that leaves the pipeline takes its tasks out of the work (contact_closed, task_contacts).
  version: 2,
  tables: ['tasks', 'task_contacts'],
  migrate,
  applyBatch: applyByType<'tasks' | 'task_contacts'>({
    ...Object.fromEntries(statusTransitionEventTypes.map((type) => [type, onStatusTransition])),
    ContactsCombined: onContactsCombined,
    ContactOutOfBusinessMarked: onOutOfBusiness,
    TaskCreated: onTaskCreated,
    TaskUpdated: onTaskUpdated,
    TaskAssigned: onTaskAssigned,
    TaskDeleted: onTaskDeleted,
    TaskCompleted: onTaskCompleted,
  }),
})
