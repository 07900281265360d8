import { creditApplicationStreamId } from '@crm/contracts'
import { badRequest, type EventStore } from '@crm/platform'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { creditApplicationDecider, type CreditApplicationCommand } from './decide'
import type { CreditApplicationState } from './state'
import { loadAggregate } from '../command-handling/load-aggregate'

/** The application as its stream says now (for checks before work on another stream, and for reveals). */
export async function loadApplication(store: EventStore, applicationId: string): Promise<CreditApplicationState> {
  return (await loadAggregate(store, creditApplicationStreamId(applicationId), creditApplicationDecider)).state
}

/** Decides a command on a loaded state without appending: refuses early, before another stream is touched. */
export function precheck(state: CreditApplicationState, command: CreditApplicationCommand): void {
  try {
    creditApplicationDecider.decide(state, command, { now: new Date(), ids: idsFor('precheck') })
  } catch (error) {
    if (error instanceof FieldRuleError) throw badRequest(error.message, error.errors)
    throw error
  }
}

/** Runs one command on one application's stream; field rules become a 400 with each message under its field. */
export async function runApplicationCommand(
  store: EventStore,
  applicationId: string,
  command: CreditApplicationCommand,
  envelope: CommandEnvelope,
  failedTitle?: string,
) {
  try {
    return await handleCommand(
      store,
      creditApplicationDecider,
      creditApplicationStreamId(applicationId),
      command,
      envelope,
    )
  } catch (error) {
    if (error instanceof FieldRuleError) {
      throw badRequest(failedTitle ?? error.message, error.errors)
    }
    throw error
  }
}
