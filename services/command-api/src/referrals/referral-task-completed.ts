import type { EventStore, Position } from '@crm/platform'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import type { TaskState } from '../tasks/state'
import { derived } from '../tasks/run-task'
import { runOnReferral } from './run-referral'

/** Completing a referral's task sets the referral's status 2 (docs/product.md 4); other tasks change nothing. */
export async function recordReferralTaskCompleted(
  store: EventStore,
  envelope: CommandEnvelope,
  task: TaskState,
  completedBy: string,
): Promise<Position | null> {
  if (!task.referralId || !task.taskId) return null
  const command = { type: 'CompleteReferralTask' as const, taskId: task.taskId, completedBy }
  const result = await runOnReferral(store, task.referralId, command, derived(envelope, 'referral'))
  return result.events.length > 0 ? result.position : null
}
