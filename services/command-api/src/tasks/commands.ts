import type { Caller, CompleteTask, CreateTask, UpdateTask } from '@crm/contracts'
import type { NextStepConfig } from './next-step'

/** Who sends a task command: whose tasks they may touch is the visibility policy's (canSeeWorkOf). */
export type Actor = Caller

type Cmd<T extends string, D = object> = { type: T; actor: Actor } & D

/** `data` is the validated body; the handler resolved assigned and division; the decider fills the rest. */
export type CreateTaskCommand = Cmd<
  'CreateTask',
  {
    taskId: string
    data: CreateTask & { assigned: string; divisionId: number }
    timeZone: string
    followsTaskId: string | null
  }
>
export type UpdateTaskCommand = Cmd<'UpdateTask', { changes: UpdateTask }>
export type DeleteTaskCommand = Cmd<'DeleteTask'>
export type CompleteTaskCommand = Cmd<
  'CompleteTask',
  {
    data: CompleteTask
    timeZone: string
    /** The task's division's system config, read by the handler. */
    config: NextStepConfig & { taskPastDueTime: number }
    /** docs/product.md 6: None is offered only with the none-next-step permission. */
    mayChooseNone: boolean
  }
>

/**
 * The referral the task works got a new due date (PATCH /referral/{id}): the task moves with it. Sent by the
 * referral's edit, whose rules already decided who may change it; the actor is who edited the referral.
 */
export type FollowReferralDueDateCommand = Cmd<'FollowReferralDueDate', { referralId: string; dueDate: string }>

export type TaskCommand =
  CreateTaskCommand | UpdateTaskCommand | DeleteTaskCommand | CompleteTaskCommand | FollowReferralDueDateCommand
