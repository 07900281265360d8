import { referralStreamId, type Caller, type ReferralEvent } from '@crm/contracts'
import type { EventStore, Position } from '@crm/platform'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import type { CommandResult } from '../command-handling/handle-command'
import { derived, runOnTask } from '../tasks/run-task'

/**
 * The due date an edit of the referral gave it: from what the edit appended, or, for a retried edit (same
 * Idempotency-Key), from what its first run appended. Null when the edit left the due date alone.
 */
async function dueDateSetBy(
  store: EventStore,
  referralId: string,
  result: CommandResult<ReferralEvent>,
  envelope: CommandEnvelope,
): Promise<string | null> {
  const events = result.duplicate
    ? (await store.readStream(referralStreamId(referralId)))
        .filter((e) => e.metadata.commandId === envelope.commandId)
        .map((e) => e as unknown as ReferralEvent)
    : result.events
  let dueDate: string | null = null
  for (const event of events) {
    if (event.type === 'ReferralChanged' && event.data.changes.dueDate) dueDate = event.data.changes.dueDate
  }
  return dueDate
}

/**
 * A referral re-dated (a new grade, or a due date chosen) re-dates the task it opened for the receiving user,
 * through the task's own command so the task's history and the audit show it. The step runs under a command id
 * derived from the edit's: a retry re-dates once, and finishes the step if the first run stopped before it.
 */
export async function moveTaskWithReferral(
  store: EventStore,
  referral: { referralId: string; taskId: string | null },
  result: CommandResult<ReferralEvent>,
  actor: Caller,
  envelope: CommandEnvelope,
): Promise<Position | null> {
  if (!referral.taskId) return null
  const dueDate = await dueDateSetBy(store, referral.referralId, result, envelope)
  if (!dueDate) return null
  const moved = await runOnTask(
    store,
    referral.taskId,
    { type: 'FollowReferralDueDate', actor, referralId: referral.referralId, dueDate },
    derived(envelope, 'referral-task-due'),
  )
  return moved.position
}
