import { readModelMessages, type ReadModelRebuildRequested } from '@crm/contracts'
import { DomainError, type ProjectionState } from '@crm/platform'
import type { Decider } from '../command-handling/decider'

/**
 * An administrator asks for a read model to be rebuilt from the start of the store (docs/decisions/032). The
 * projector does the work; the request is an event so that the audit tells who asked and when.
 */
export type RequestRebuild = {
  type: 'RequestRebuild'
  name: string
  /** The states of the read model's versions as the checkpoints show them now. */
  states: readonly ProjectionState[]
}

export function decideRebuild(_: null, command: RequestRebuild): ReadModelRebuildRequested[] {
  // A version still backfilling is a rebuild already under way; a second would start it over for nothing.
  if (command.states.includes('backfilling') || !command.states.includes('active'))
    throw new DomainError(readModelMessages.stillBuilding)
  return [{ type: 'ReadModelRebuildRequested', data: { name: command.name } }]
}

export const rebuildDecider: Decider<null, RequestRebuild, ReadModelRebuildRequested> = {
  initialState: null,
  evolve: (state) => state,
  decide: decideRebuild,
}
