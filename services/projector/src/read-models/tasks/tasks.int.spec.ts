import type { TaskEvent } from '@crm/contracts'
import type { Database, StoredEvent } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACTING_USER, stored } from '../../testing/test-events'
import { tasksProjection } from './tasks.projection'

const taskId = randomUUID()
const contactId = randomUUID()
const rep = randomUUID()
const manager = randomUUID()
const followUpTaskId = randomUUID()

/** The task stream in order: created, edited, reassigned, completed (late), then deleted. */
function history(): StoredEvent[] {
  const events: TaskEvent[] = [
    {
      type: 'TaskCreated',
      data: {
        taskId,
        title: 'Intro call',
        description: 'Ask about the fleet',
        assigned: rep,
        status: 0,
        priority: 0,
        dueDate: '2024-06-12T22:00:00.000Z',
        activityType: 10009,
        contactId,
        divisionId: 15,
        creationDate: '2024-06-10T15:00:00.000Z',
        referralId: null,
        nextStepId: null,
        followUpDate: null,
        reminder: 30,
        attachments: [],
        isDemo: false,
        followsTaskId: null,
        createdBy: rep,
      },
    },
    {
      type: 'TaskUpdated',
      data: { taskId, changes: { title: 'Intro call v2', description: null, dueDate: '2024-06-13T22:00:00.000Z' } },
    },
    { type: 'TaskAssigned', data: { taskId, contactId, fromAssigned: rep, assigned: manager } },
    {
      type: 'TaskCompleted',
      data: {
        taskId,
        contactId,
        divisionId: 15,
        completedDate: '2024-06-14T15:00:00.000Z',
        completedBy: manager,
        late: true,
        nextStepId: 10004,
        followUpDate: '2024-06-21T22:00:00.000Z',
        followUpTaskId,
        activity: {
          activityId: randomUUID(),
          activityType: 10009,
          subject: 'Intro call v2',
          notes: 'ok',
          callData: null,
        },
      },
    },
  ]
  return events.map((e, i) => {
    const commandId = randomUUID()
    const metadata = {
      commandId,
      userId: ACTING_USER,
      divisionId: 15,
      correlationId: commandId,
      causationId: null,
      occurredAt: `2024-06-1${i}T00:00:00.000Z`,
    }
    return stored<string, unknown>(
      { eventId: randomUUID(), type: e.type, data: e.data, metadata },
      `task-${taskId}`,
      i + 1,
      i + 1,
    )
  })
}

for (const target of databaseTargets()) {
  describe(`tasks read model (${target.name})`, () => {
    let database: Database
    const tables = { tasks: 'tasks_test' }
    const row = async () => (await sql`select * from tasks_test where task_id = ${taskId}`.execute(database.db)).rows[0]

    beforeAll(async () => {
      database = await target.create()
      await database.db.transaction().execute((trx) => tasksProjection.migrate(trx, tables))
    })
    afterAll(() => database.close())

    it('folds a task’s stream into one row; applying the batch again changes nothing', async () => {
      const events = history()
      for (let i = 0; i < 2; i++) {
        await database.db.transaction().execute((trx) => tasksProjection.applyBatch(trx, events, tables))
      }
      expect(await row()).toMatchObject({
        title: 'Intro call v2',
        description: null,
        assigned: manager,
        status: 2,
        priority: 0,
        due_date: new Date('2024-06-13T22:00:00.000Z'),
        reminder: 30,
        completed_by: manager,
        completed_date: new Date('2024-06-14T15:00:00.000Z'),
        late: true,
        next_step_id: 10004,
        follow_up_task_id: followUpTaskId,
        deleted: false,
        version: 4,
      })
    })

    it('marks a deleted task instead of forgetting it', async () => {
      const deleted = stored(
        { ...history()[0]!, type: 'TaskDeleted', data: { taskId, contactId } },
        `task-${taskId}`,
        5,
        5,
      )
      await database.db.transaction().execute((trx) => tasksProjection.applyBatch(trx, [deleted], tables))
      expect(await row()).toMatchObject({ deleted: true, version: 5, title: 'Intro call v2' })
    })
  })
}
