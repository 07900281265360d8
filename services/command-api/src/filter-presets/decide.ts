import { messages, type CreateFilterPreset, type FilterPresetEvent, type UpdateFilterPreset } from '@crm/contracts'
import { DomainError, notFound } from '@crm/platform'
import type { Decider } from '../command-handling/decider'

export interface PresetState {
  exists: boolean
  deleted: boolean
  userId: string | null
}
export type PresetCommand =
  | { type: 'CreateFilterPreset'; presetId: string; userId: string; data: CreateFilterPreset }
  | { type: 'ChangeFilterPreset'; presetId: string; userId: string; data: UpdateFilterPreset }
  | { type: 'DeleteFilterPreset'; presetId: string; userId: string }

export const presetNotFound = 'Filter preset not found'

export function evolvePreset(state: PresetState, event: FilterPresetEvent): PresetState {
  switch (event.type) {
    case 'FilterPresetCreated':
      return { exists: true, deleted: false, userId: event.data.userId }
    case 'FilterPresetDeleted':
      return { ...state, deleted: true }
    default:
      return state
  }
}

/** Presets belong to one user: only they may change or delete theirs (others get "not found", not a hint). */
export function decidePreset(state: PresetState, command: PresetCommand): FilterPresetEvent[] {
  if (command.type === 'CreateFilterPreset') {
    if (state.exists) return []
    return [
      { type: 'FilterPresetCreated', data: { presetId: command.presetId, userId: command.userId, ...command.data } },
    ]
  }
  if (!state.exists || state.deleted || state.userId !== command.userId) throw notFound(presetNotFound)
  if (command.type === 'DeleteFilterPreset')
    return [{ type: 'FilterPresetDeleted', data: { presetId: command.presetId } }]
  if (Object.keys(command.data).length === 0) throw new DomainError(messages.somethingWentWrong)
  return [{ type: 'FilterPresetChanged', data: { presetId: command.presetId, ...command.data } }]
}

export const presetDecider: Decider<PresetState, PresetCommand, FilterPresetEvent> = {
  initialState: { exists: false, deleted: false, userId: null },
  evolve: evolvePreset,
  decide: (state, command) => decidePreset(state, command),
}
