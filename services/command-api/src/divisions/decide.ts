import { DEFAULT_DIVISION_ID, EXECUTIVE_DIVISION_ID, messages, type DivisionEvent } from '@crm/contracts'
import { DomainError } from '@crm/platform'
import type { Decider } from '../command-handling/decider'

export const divisionStreamId = (divisionId: number): string => `division-${divisionId}`

export interface DivisionState {
  /** The stream exists (a deleted division's id is never reused). */
  exists: boolean
  deleted: boolean
  name: string
}
export const initialDivisionState: DivisionState = { exists: false, deleted: false, name: '' }

export type DivisionCommand =
  | { type: 'CreateDivision'; divisionId: number; name: string }
  | { type: 'RenameDivision'; divisionId: number; name: string }
  /** `inUse`: users or contacts still point at the division (looked up by the caller in the read models). */
  | { type: 'DeleteDivision'; divisionId: number; inUse: boolean }

export const divisionIdTaken = 'Division id already taken'
export const divisionNotFound = 'Division not found'

export function evolveDivision(state: DivisionState, event: DivisionEvent): DivisionState {
  switch (event.type) {
    case 'DivisionCreated':
      return { exists: true, deleted: false, name: event.data.name }
    case 'DivisionRenamed':
      return { ...state, name: event.data.name }
    case 'DivisionDeleted':
      return { ...state, deleted: true }
    default:
      return state
  }
}

export function decideDivision(state: DivisionState, command: DivisionCommand): DivisionEvent[] {
  const { divisionId } = command
  if (command.type === 'CreateDivision') {
    if (state.exists) throw new DomainError(divisionIdTaken)
    return [{ type: 'DivisionCreated', data: { divisionId, name: command.name.trim() } }]
  }
  if (!state.exists || state.deleted) throw new DomainError(divisionNotFound)
  if (command.type === 'RenameDivision') {
    const name = command.name.trim()
    return name === state.name ? [] : [{ type: 'DivisionRenamed', data: { divisionId, name } }]
  }
  // The default and the executive division hold the system together even when nobody is in them today.
  if (command.inUse || divisionId === DEFAULT_DIVISION_ID || divisionId === EXECUTIVE_DIVISION_ID) {
    throw new DomainError(messages.divisionInUse)
  }
  return [{ type: 'DivisionDeleted', data: { divisionId } }]
}

export const divisionDecider: Decider<DivisionState, DivisionCommand, DivisionEvent> = {
  initialState: initialDivisionState,
  evolve: evolveDivision,
  decide: decideDivision,
}
