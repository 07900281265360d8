import { canSeeWorkOf, taskMessages, type Caller } from '@crm/contracts'
import { badRequest, notFound, type EventStore, type Position } from '@crm/platform'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { handleCommand } from '../command-handling/handle-command'
import { contactStreamId } from '../contacts/contacts.events'
import type { TaskCommand } from './commands'
import { contactTasksDecider, type ContactTasksCommand } from './contact-tasks/decide'
import { taskDecider } from './decide'
import type { TaskState } from './state'
import { taskStreamId } from './tasks.events'
import { loadAggregate } from '../command-handling/load-aggregate'

/** Field rules are answered as a 400 with the message under the field (as for contacts). */
async function fieldErrorsAs400<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof FieldRuleError) throw badRequest(error.message, error.errors)
    throw error
  }
}

/**
 * Each effect on another stream runs under a command id derived from the request's: a retried request
 * (same Idempotency-Key) appends nothing twice and finishes what a crash left undone.
 */
const derived = (envelope: CommandEnvelope, step: string): CommandEnvelope => ({
  ...envelope,
  commandId: `${envelope.commandId}:${step}`,
  causationId: envelope.commandId,
})

export const runOnTask = (store: EventStore, taskId: string, command: TaskCommand, envelope: CommandEnvelope) =>
  fieldErrorsAs400(() => handleCommand(store, taskDecider, taskStreamId(taskId), command, envelope))

export const runOnContact = (
  store: EventStore,
  contactId: string,
  command: ContactTasksCommand,
  envelope: CommandEnvelope,
  step: string,
) => handleCommand(store, contactTasksDecider(contactId), contactStreamId(contactId), command, derived(envelope, step))

export async function loadTask(store: EventStore, taskId: string): Promise<TaskState> {
  return (await loadAggregate(store, taskStreamId(taskId), taskDecider)).state
}

/** For commands of other aggregates that name a task: it must exist and be the caller's to see (404 otherwise). */
export async function assertSeesTask(store: EventStore, actor: Caller, taskId: string): Promise<void> {
  const task = await loadTask(store, taskId)
  if (!task.created || task.deleted || !canSeeWorkOf(actor, task.assigned)) throw notFound(taskMessages.taskNotFound)
}

export const latest = (...positions: (Position | null)[]): Position | null =>
  positions.reduce<Position | null>((a, b) => (b && (!a || b > a) ? b : a), null)

export { derived }
