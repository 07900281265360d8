import { createTaskSchema, type TaskEvent } from '@crm/contracts'
import { idsFor } from '../command-handling/ids'
import type { Actor, CompleteTaskCommand, TaskCommand } from './commands'
import { taskDecider } from './decide'

/** Test fixtures for the task decider: given these events, when this command, then these events or error. */
export const taskId = '7d1f2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b'
export const contactId = '0b6f8a52-9a0e-4c1e-8a51-6f1d2c3b4a59'
export const rep: Actor = { userId: 'a1c6c4a8-0f7b-4a2e-9d7e-1b2c3d4e5f60', divisionId: 15, permissions: ['call'] }
export const otherUser = 'b2c6c4a8-0f7b-4a2e-9d7e-1b2c3d4e5f61'
/** 12:00 CDT on Tuesday June 10 2025. */
export const now = new Date('2025-06-10T17:00:00Z')
export const tz = 'America/Chicago'
export const config = { taskPastDueTime: 17, startAFollowUp: 2, noAnswerCall: 60 }

export function given(events: TaskEvent[], at: Date = now) {
  const state = events.reduce(taskDecider.evolve, taskDecider.initialState)
  const context = { now: at, ids: idsFor('test') }
  return {
    when: (command: TaskCommand) => () => taskDecider.decide(state, command, context),
    then: (command: TaskCommand) => taskDecider.decide(state, command, context),
  }
}

export function created(input: Record<string, unknown> = {}): TaskEvent[] {
  const data = createTaskSchema.parse({ title: 'Call back', contactId, ...input })
  return given([]).then({
    type: 'CreateTask',
    actor: rep,
    taskId,
    data: { ...data, assigned: data.assigned ?? rep.userId, divisionId: data.divisionId ?? 15 },
    timeZone: tz,
    followsTaskId: null,
  })
}

export const complete = (data: Record<string, unknown> = {}, mayChooseNone = false): CompleteTaskCommand => ({
  type: 'CompleteTask',
  actor: rep,
  data: { nextStep: 10003, notes: 'Talked to the owner', ...data } as CompleteTaskCommand['data'],
  timeZone: tz,
  config,
  mayChooseNone,
})
