import type { ContactEvent, TaskEvent } from '@crm/contracts'
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

const taskCreated = (task: { taskId: string; contactId: string; divisionId?: number }): TaskEvent => ({
  type: 'TaskCreated',
  data: {
    title: 'Intro call',
    description: 'Ask about the fleet',
    assigned: rep,
    status: 0,
    priority: 0,
    dueDate: '2024-06-12T22:00:00.000Z',
    activityType: 10009,
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
    ...task,
  },
})

/** Events of one stream as the store hands them out, versions `from`, `from + 1`, ... */
function inStream(streamId: string, events: (TaskEvent | ContactEvent)[], from = 1): StoredEvent[] {
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
      streamId,
      from + i,
      from + i,
    )
  })
}

/** The task stream in order: created, edited, reassigned, completed (late), then deleted. */
function history(): StoredEvent[] {
  const events: TaskEvent[] = [
    taskCreated({ taskId, contactId }),
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
  return inStream(`task-${taskId}`, events)
}

for (const target of databaseTargets()) {
  describe(`tasks read model (${target.name})`, () => {
    let database: Database
    const tables = { tasks: 'tasks_test', task_contacts: 'task_contacts_test' }
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

    it('flags a contact’s tasks while it is Dead or Not Qualified in their division or out of business', async () => {
      const contact = randomUUID()
      const [inDivision, elsewhere, later] = [randomUUID(), randomUUID(), randomUUID()]
      const apply = (events: StoredEvent[]) =>
        database.db.transaction().execute((trx) => tasksProjection.applyBatch(trx, events, tables))
      const standing = async () => {
        const { rows } = await sql<{ task_id: string; contact_closed: string | null }>`
          select task_id, contact_closed from tasks_test where contact_id = ${contact}`.execute(database.db)
        return Object.fromEntries(rows.map((r) => [r.task_id, r.contact_closed]))
      }
      const transition = (divisionId: number, fromStatusId: number, toStatusId: number) => ({
        contactId: contact,
        divisionId,
        fromStatusId,
        toStatusId,
      })
      const life = inStream(`contact-${contact}`, [
        { type: 'ContactMarkedDead', data: { ...transition(15, 1, 6), notes: 'Sold the trucks' } },
        { type: 'ContactOutOfBusinessMarked', data: { contactId: contact, outOfBusiness: true, note: null } },
        { type: 'ContactOutOfBusinessMarked', data: { contactId: contact, outOfBusiness: false, note: null } },
        {
          type: 'ContactStatusChanged',
          data: { ...transition(15, 6, 1), withoutAdditionalActions: false, assigned: rep, creationDate: '2024-06-20' },
        },
        { type: 'ContactMarkedNotQualified', data: { ...transition(3, 1, 7), notes: null } },
      ])
      const tasks = (task: string, divisionId: number) =>
        inStream(`task-${task}`, [taskCreated({ taskId: task, contactId: contact, divisionId })])

      await apply([...tasks(inDivision, 15), ...tasks(elsewhere, 3), life[0]!])
      await apply([life[0]!])
      expect(await standing()).toEqual({ [inDivision]: 'dead', [elsewhere]: null })

      // A task opened on the dead contact is flagged from the start.
      await apply(tasks(later, 15))
      expect(await standing()).toEqual({ [inDivision]: 'dead', [elsewhere]: null, [later]: 'dead' })

      // Out of business holds in every division, and over Dead; back in business, Dead shows again.
      await apply([life[1]!])
      expect(await standing()).toEqual({
        [inDivision]: 'out_of_business',
        [elsewhere]: 'out_of_business',
        [later]: 'out_of_business',
      })
      await apply([life[2]!])
      expect(await standing()).toEqual({ [inDivision]: 'dead', [elsewhere]: null, [later]: 'dead' })

      // Back to Lead: its tasks are work again. Not Qualified in the other division flags only that one.
      await apply([life[3]!, life[4]!])
      const settled = { [inDivision]: null, [elsewhere]: 'not_qualified', [later]: null }
      expect(await standing()).toEqual(settled)

      // The whole life once more (a replay): nothing moves back.
      await apply(life)
      expect(await standing()).toEqual(settled)
    })

    it('gives a combined contact the closed divisions of the memberships chosen', async () => {
      const survivor = randomUUID()
      const task = randomUUID()
      const membership = (divisionId: number, toStatusId: number) => ({
        divisionId,
        sourceContactId: randomUUID(),
        fromStatusId: 1,
        toStatusId,
        assigned: null,
        grade: null,
        effortLevel: null,
      })
      const combined = (statuses: ReturnType<typeof membership>[]): ContactEvent => ({
        type: 'ContactsCombined',
        data: {
          contactId: survivor,
          absorbedContactIds: [],
          sources: {
            companyInfo: survivor,
            contactInfo: survivor,
            additionalInfo: survivor,
            address: survivor,
            redFlag: survivor,
          },
          profile: { name: 'Combined Freight', contactCategory: 1, organizationTypeId: 7 },
          divisionStatuses: statuses,
          additionalContacts: [],
          redFlags: [],
        },
      })
      const events = [
        ...inStream(`task-${task}`, [taskCreated({ taskId: task, contactId: survivor, divisionId: 15 })]),
        ...inStream(`contact-${survivor}`, [combined([membership(15, 6), membership(3, 2)])]),
      ]
      await database.db.transaction().execute((trx) => tasksProjection.applyBatch(trx, events, tables))
      const closed = async () =>
        (await sql`select contact_closed from tasks_test where task_id = ${task}`.execute(database.db)).rows[0]
      expect(await closed()).toEqual({ contact_closed: 'dead' })

      const again = inStream(`contact-${survivor}`, [combined([membership(15, 2)])], 2)
      await database.db.transaction().execute((trx) => tasksProjection.applyBatch(trx, again, tables))
      expect(await closed()).toEqual({ contact_closed: null })
    })
  })
}
