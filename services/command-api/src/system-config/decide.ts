import {
  systemConfigDefaults,
  type SystemConfigEvent,
  type SystemConfigValues,
  type UpdateSystemConfig,
} from '@crm/contracts'
import type { Decider } from '../command-handling/decider'

export const systemConfigStreamId = (divisionId: number): string => `system-config-${divisionId}`

/** Until the first save a division runs on the defaults, so a partial first save fills in from them. */
export type SystemConfigState = SystemConfigValues

export type SystemConfigCommand = { type: 'UpdateSystemConfig'; divisionId: number; changes: UpdateSystemConfig }

export function evolveSystemConfig(state: SystemConfigState, event: SystemConfigEvent): SystemConfigState {
  if (event.type !== 'SystemConfigChanged') return state
  const { divisionId: _, ...values } = event.data
  return values
}

export function decideSystemConfig(state: SystemConfigState, command: SystemConfigCommand): SystemConfigEvent[] {
  const next = { ...state, ...command.changes }
  const changed = (Object.keys(next) as (keyof SystemConfigValues)[]).some((k) => next[k] !== state[k])
  // The first save is recorded even when it equals the defaults: the division's settings become explicit.
  if (!changed && state !== systemConfigDefaults) return []
  return [{ type: 'SystemConfigChanged', data: { divisionId: command.divisionId, ...next } }]
}

export const systemConfigDecider: Decider<SystemConfigState, SystemConfigCommand, SystemConfigEvent> = {
  initialState: systemConfigDefaults,
  evolve: evolveSystemConfig,
  decide: decideSystemConfig,
}
