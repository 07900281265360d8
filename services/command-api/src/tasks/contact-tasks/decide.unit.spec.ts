import type { ContactEvent, TaskEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../../command-handling/ids'
import { created as contactCreated } from '../../testing/contact-given'
import { contactTasksDecider, type ContactTasksCommand } from './decide'
import { complete, contactId, created, given as givenTask, now, otherUser, rep, taskId } from '../task-given'

const decider = contactTasksDecider(contactId)
const given = (events: { type: string; data: unknown }[]) => {
  const state = (events as ContactEvent[]).reduce(decider.evolve, decider.initialState)
  const context = { now, ids: idsFor('t') }
  return {
    then: (c: ContactTasksCommand) => decider.decide(state, c, context),
    when: (c: ContactTasksCommand) => () => decider.decide(state, c, context),
  }
}
const opened = (id: string, assigned = rep.userId) => ({
  type: 'ContactTaskOpened',
  data: { contactId, taskId: id, assigned },
})

describe('contact stream: open-task markers', () => {
  it('opens a marker for the first task of a user', () => {
    expect(given(contactCreated()).then({ type: 'OpenContactTask', taskId, assigned: rep.userId })).toEqual([
      opened(taskId),
    ])
  })
  it('opens a second task of the same user too: the call check, not planning, refuses a busy user', () => {
    const then = given([...contactCreated(), opened('t-1')]).then({
      type: 'OpenContactTask',
      taskId,
      assigned: rep.userId,
    })
    expect(then).toEqual([opened(taskId)])
  })
  it('allows another user, and the same user again once the first task is closed', () => {
    const history = [...contactCreated(), opened('t-1')]
    expect(given(history).then({ type: 'OpenContactTask', taskId, assigned: otherUser })).toHaveLength(1)
    const closed = { type: 'ContactTaskClosed', data: { contactId, taskId: 't-1', reason: 'deleted' } }
    expect(given([...history, closed]).then({ type: 'OpenContactTask', taskId, assigned: rep.userId })).toHaveLength(1)
  })
  it('needs a live contact', () => {
    expect(given([]).when({ type: 'OpenContactTask', taskId, assigned: rep.userId })).toThrow(
      expect.objectContaining({ status: 404 }),
    )
  })
  it('records a completion: the activity with call data, the closed marker and the follow-up marker', () => {
    const [completedEvent] = givenTask(created()).then(complete({ callData: { duration: 30, outcome: 'Attempted' } }))
    const events = given([...contactCreated(), opened(taskId)]).then({
      type: 'RecordTaskCompletion',
      completion: completedEvent!.data as Extract<TaskEvent, { type: 'TaskCompleted' }>['data'],
      followUpAssigned: rep.userId,
    })
    expect(events.map((e) => e.type)).toEqual(['ActivityLogged', 'ContactTaskClosed', 'ContactTaskOpened'])
    expect(events[0]!.data).toMatchObject({
      contactId,
      divisionId: 15,
      subject: 'Call back',
      notes: 'Talked to the owner',
      callData: { duration: 30, outcome: 'Attempted' },
      nextStep: 10003,
      followUpDate: '2025-06-11T22:00:00.000Z',
      attachments: [],
    })
  })
  it("logs the completion's files on the activity; a completion recorded before files existed logs none", () => {
    const file = { id: 'f-1', key: 'k-1.pdf', type: 'application/pdf', name: 'signed lease.pdf' }
    const [completedEvent] = givenTask(created({ attachments: [file] })).then(complete())
    const completion = completedEvent!.data as Extract<TaskEvent, { type: 'TaskCompleted' }>['data']
    const record = (c: typeof completion) =>
      given([...contactCreated(), opened(taskId)]).then({
        type: 'RecordTaskCompletion',
        completion: c,
        followUpAssigned: null,
      })
    expect(record(completion)[0]!.data).toMatchObject({ attachments: [file] })
    const { attachments: _, ...older } = completion.activity
    expect(record({ ...completion, activity: older })[0]!.data).toMatchObject({ attachments: [] })
  })
})
