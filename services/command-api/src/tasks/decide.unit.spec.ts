import { createTaskSchema, taskMessages, type TaskEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import type { Actor } from './commands'
import { complete, contactId, created, given, now, otherUser, rep, taskId } from './task-given'

describe('task decider: CreateTask', () => {
  it('creates an open, normal-priority meeting task due today 17:00 local, assigned to the author', () => {
    expect(created()).toEqual([
      {
        type: 'TaskCreated',
        data: expect.objectContaining({
          taskId,
          title: 'Call back',
          assigned: rep.userId,
          status: 0,
          priority: 0,
          dueDate: '2025-06-10T22:00:00.000Z',
          activityType: 10013,
          contactId,
          divisionId: 15,
          creationDate: now.toISOString(),
          reminder: null,
          attachments: [],
        }),
      },
    ])
  })

  it('keeps a given due date, priority, type and reminder', () => {
    const [event] = created({ dueDate: '2025-06-12T14:00:00Z', priority: 1, activityType: 10009, reminder: 30 })
    expect(event!.data).toMatchObject({
      dueDate: '2025-06-12T14:00:00.000Z',
      priority: 1,
      activityType: 10009,
      reminder: 30,
    })
  })

  it("refuses a blank subject with 'Please Enter Subject' (edge and decider)", () => {
    expect(createTaskSchema.safeParse({ title: '  ', contactId }).error?.issues[0]?.message).toBe(
      taskMessages.subjectRequired,
    )
    const when = given([]).when({
      type: 'CreateTask',
      actor: rep,
      taskId,
      data: { ...createTaskSchema.parse({ title: 'x', contactId }), title: ' ', assigned: rep.userId, divisionId: 15 },
      timeZone: 'America/Chicago',
      followsTaskId: null,
    })
    expect(when).toThrow(taskMessages.subjectRequired)
  })
})

describe('task decider: UpdateTask', () => {
  it('records only what changed, and a new assignee as TaskAssigned', () => {
    const events = given(created()).then({
      type: 'UpdateTask',
      actor: rep,
      changes: { title: 'Call back', priority: 1, assigned: otherUser },
    })
    expect(events).toEqual([
      { type: 'TaskAssigned', data: { taskId, contactId, fromAssigned: rep.userId, assigned: otherUser } },
      { type: 'TaskUpdated', data: { taskId, changes: { priority: 1 } } },
    ])
  })
  it("refuses to blank the subject with 'Please Enter Subject'", () => {
    expect(given(created()).when({ type: 'UpdateTask', actor: rep, changes: { title: ' ' } })).toThrow(
      taskMessages.subjectRequired,
    )
  })
  it("refuses to edit a completed task with 'This task is completed'", () => {
    const done = [...created(), ...given(created()).then(complete())]
    expect(given(done).when({ type: 'UpdateTask', actor: rep, changes: { priority: 1 } })).toThrow(
      taskMessages.completed,
    )
  })
})

describe('task decider: DeleteTask', () => {
  it('deletes a task once; a deleted task is not found', () => {
    const deleted = given(created()).then({ type: 'DeleteTask', actor: rep })
    expect(deleted).toEqual([{ type: 'TaskDeleted', data: { taskId, contactId } }])
    expect(given([...created(), ...deleted]).when({ type: 'DeleteTask', actor: rep })).toThrow(
      expect.objectContaining({ status: 404 }),
    )
  })
})

describe('task decider: CompleteTask', () => {
  it('completes with the next step, the follow-up due date and ids, and the activity to log', () => {
    const [event] = given(created()).then(complete({ callData: { duration: 65, outcome: 'Answered' } }))
    expect(event).toEqual({
      type: 'TaskCompleted',
      data: {
        taskId,
        contactId,
        divisionId: 15,
        completedDate: now.toISOString(),
        completedBy: rep.userId,
        late: false,
        nextStepId: 10003,
        followUpDate: '2025-06-11T22:00:00.000Z',
        followUpTaskId: expect.any(String),
        activity: {
          activityId: expect.any(String),
          activityType: 10013,
          subject: 'Call back',
          notes: 'Talked to the owner',
          callData: { duration: 65, outcome: 'Answered' },
          attachments: [],
        },
      },
    })
  })
  it("the activity links the task's files (as last edited), then the completion's", () => {
    const file = (name: string) => ({ id: `id-${name}`, key: `key-${name}`, type: 'application/pdf', name })
    const history = created({ attachments: [file('quote.pdf'), file('old.pdf')] })
    const edited = given(history).then({
      type: 'UpdateTask',
      actor: rep,
      changes: { attachments: [file('quote.pdf')] },
    })
    const [event] = given([...history, ...edited]).then(complete({ attachments: [file('signed.pdf')] }))
    expect((event as Extract<TaskEvent, { type: 'TaskCompleted' }>).data.activity.attachments).toEqual([
      file('quote.pdf'),
      file('signed.pdf'),
    ])
  })
  it('None creates no follow-up, and needs the none-next-step permission', () => {
    expect(given(created()).when(complete({ nextStep: 0 }))).toThrow(taskMessages.noneNextStepNotAllowed)
    const [event] = given(created()).then(complete({ nextStep: 0 }, true))
    expect(event!.data).toMatchObject({ nextStepId: 0, followUpDate: null, followUpTaskId: null })
  })
  it("the further step needs a Follow Up Date ('Follow Up Date is required')", () => {
    expect(given(created()).when(complete({ nextStep: 10005 }))).toThrow(taskMessages.followUpDateRequired)
  })
  it('is late when completed after the past-due time of the due day', () => {
    const late = given(created(), new Date('2025-06-10T22:30:00Z')).then(complete())
    expect(late[0]!.data).toMatchObject({ late: true })
  })
  it("refuses a second completion with 'This task is completed'", () => {
    const done = [...created(), ...given(created()).then(complete())]
    expect(given(done).when(complete())).toThrow(taskMessages.completed)
  })
})

describe('task decider: FollowReferralDueDate (the referral it works was re-dated)', () => {
  const referralId = 'c3d7e9f1-2a4b-4c6d-8e0f-1a2b3c4d5e6f'
  const sender: Actor = { userId: 'd4e8f0a2-3b5c-4d7e-9f1a-2b3c4d5e6f70', divisionId: 2, permissions: ['call'] }
  const follow = (dueDate: string, referral = referralId) =>
    ({ type: 'FollowReferralDueDate', actor: sender, referralId: referral, dueDate }) as const

  it("moves the referral's open task to the new due date, as an edit, whoever sent the referral", () => {
    const task = created({ referralId, dueDate: '2025-06-12T22:00:00Z' })
    expect(given(task).then(follow('2025-06-11T22:00:00.000Z'))).toEqual([
      { type: 'TaskUpdated', data: { taskId, changes: { dueDate: '2025-06-11T22:00:00.000Z' } } },
    ])
  })
  it('changes nothing when the task is already due then (a retried edit re-dates once)', () => {
    const task = created({ referralId, dueDate: '2025-06-12T22:00:00Z' })
    const moved = given(task).then(follow('2025-06-11T22:00:00Z'))
    expect(given([...task, ...moved]).then(follow('2025-06-11T22:00:00Z'))).toEqual([])
  })
  it('changes nothing on a task that is done, deleted, missing or of another referral', () => {
    const task = created({ referralId })
    const done = [...task, ...given(task).then(complete())]
    const deleted = [...task, ...given(task).then({ type: 'DeleteTask', actor: rep })]
    const due = '2025-06-20T22:00:00Z'
    expect(given(done).then(follow(due))).toEqual([])
    expect(given(deleted).then(follow(due))).toEqual([])
    expect(given([]).then(follow(due))).toEqual([])
    expect(given(created()).then(follow(due))).toEqual([])
    expect(given(task).then(follow(due, 'e5f9a1b3-4c6d-4e8f-a0b1-c2d3e4f5a6b7'))).toEqual([])
  })
})
