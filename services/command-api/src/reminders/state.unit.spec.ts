import type { TaskEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { reminderDecider } from './decide'
import { evolveReminder, initialReminderState, isStillDue, pendingReminder } from './state'

const taskId = '00000000-0000-4000-8000-000000000001'
const rep = '00000000-0000-4000-8000-0000000000aa'
const other = '00000000-0000-4000-8000-0000000000bb'
const created = (reminder: number | null): TaskEvent => ({
  type: 'TaskCreated',
  data: {
    taskId,
    title: 'Call back',
    description: null,
    assigned: rep,
    status: 0,
    priority: 0,
    dueDate: '2025-06-02T22:00:00.000Z',
    activityType: 10009,
    contactId: '00000000-0000-4000-8000-0000000000cc',
    divisionId: 15,
    creationDate: '2025-06-01T10:00:00.000Z',
    referralId: null,
    nextStepId: null,
    followUpDate: null,
    reminder,
    attachments: [],
    isDemo: false,
    followsTaskId: null,
    createdBy: rep,
  },
})
const fold = (events: TaskEvent[]) => events.reduce(evolveReminder, initialReminderState)
const context = { now: new Date('2025-06-02T21:30:00Z'), ids: { next: () => 'x' } }

describe('a task reminder', () => {
  it('is due at the due date minus the reminder, for the assignee', () => {
    expect(pendingReminder(fold([created(30)]))).toEqual({
      taskId,
      remindAt: '2025-06-02T21:30:00.000Z',
      assigned: rep,
    })
    expect(pendingReminder(fold([created(null)]))).toBeNull()
  })

  it('moves with the due date and the reminder, follows a reassignment, and ends with the task', () => {
    const base = [created(30)]
    const moved = fold([
      ...base,
      { type: 'TaskUpdated', data: { taskId, changes: { dueDate: '2025-06-03T22:00:00.000Z' } } },
    ])
    expect(pendingReminder(moved)?.remindAt).toBe('2025-06-03T21:30:00.000Z')
    const cleared = fold([...base, { type: 'TaskUpdated', data: { taskId, changes: { reminder: null } } }])
    expect(pendingReminder(cleared)).toBeNull()
    const reassigned = fold([
      ...base,
      { type: 'TaskAssigned', data: { taskId, contactId: 'c', fromAssigned: rep, assigned: other } },
    ])
    expect(pendingReminder(reassigned)?.assigned).toBe(other)
    expect(pendingReminder(fold([...base, { type: 'TaskDeleted', data: { taskId, contactId: 'c' } }]))).toBeNull()
  })

  it('fires once: a job for an old remind time or assignee, or a second run, decides nothing', () => {
    const state = fold([created(30)])
    const job = pendingReminder(state)!
    const fired = reminderDecider.decide(state, { type: 'FireTaskReminder', job, notificationId: 'n1' }, context)
    expect(fired).toEqual([
      {
        type: 'TaskReminderFired',
        data: {
          taskId,
          contactId: '00000000-0000-4000-8000-0000000000cc',
          assigned: rep,
          remindAt: job.remindAt,
          notificationId: 'n1',
        },
      },
    ])
    const after = fold([created(30), ...fired])
    expect(reminderDecider.decide(after, { type: 'FireTaskReminder', job, notificationId: 'n1' }, context)).toEqual([])
    expect(isStillDue(state, { ...job, assigned: other })).toBe(false)
    expect(isStillDue(state, { ...job, remindAt: '2025-06-02T21:00:00.000Z' })).toBe(false)
    // A new remind time after the first went out is due again.
    const rescheduled = fold([
      created(30),
      ...fired,
      { type: 'TaskUpdated', data: { taskId, changes: { reminder: 60 } } },
    ])
    expect(pendingReminder(rescheduled)?.remindAt).toBe('2025-06-02T21:00:00.000Z')
  })
})
