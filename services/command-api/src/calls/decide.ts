import { callMessages, type CallEvent, type CallPlaced, type RingOutStatus } from '@crm/contracts'
import { DomainError, notFound } from '@crm/platform'
import type { Decider } from '../command-handling/decider'

export interface CallState {
  placed: CallPlaced['data'] | null
  status: RingOutStatus | null
  answeredAt: string | null
  endedAt: string | null
  saved: boolean
  closed: boolean
}

export type CallCommand =
  | { type: 'PlaceCall'; data: CallPlaced['data'] }
  | { type: 'ObserveRingOut'; status: RingOutStatus; at: string }
  | { type: 'SaveCallActivity'; userId: string; duration: number; outcome: 'Attempted' | 'Answered' }
  | { type: 'CloseCall'; userId: string }

const initialState: CallState = {
  placed: null,
  status: null,
  answeredAt: null,
  endedAt: null,
  saved: false,
  closed: false,
}

function evolve(state: CallState, event: CallEvent): CallState {
  switch (event.type) {
    case 'CallPlaced':
      return { ...state, placed: event.data, status: event.data.status }
    case 'CallStatusChanged':
      return { ...state, status: event.data.status, answeredAt: event.data.answeredAt, endedAt: event.data.endedAt }
    case 'CallActivitySaved':
      return { ...state, saved: true }
    case 'CallClosed':
      return { ...state, closed: true }
  }
}

/** The call has started once the rep's own phone picked up (RingOut then dials the contact). */
export const callStarted = (state: CallState) => state.status?.callerStatus === 'Success' || state.answeredAt !== null
export const callEnded = (status: RingOutStatus) => status.callStatus !== 'InProgress'

function ownCall(state: CallState, userId: string): CallPlaced['data'] {
  // Someone else's call is answered as one that does not exist.
  if (!state.placed || state.placed.userId !== userId) throw notFound(callMessages.callNotFound)
  return state.placed
}

function decide(state: CallState, command: CallCommand): CallEvent[] {
  switch (command.type) {
    case 'PlaceCall':
      if (state.placed) return []
      return [{ type: 'CallPlaced', data: command.data }]
    case 'ObserveRingOut': {
      if (!state.placed || !state.status) return []
      const { status, at } = command
      const same =
        status.callStatus === state.status.callStatus &&
        status.callerStatus === state.status.callerStatus &&
        status.calleeStatus === state.status.calleeStatus
      if (same) return []
      const answeredAt = state.answeredAt ?? (status.calleeStatus === 'Success' ? at : null)
      const endedAt = state.endedAt ?? (callEnded(status) ? at : null)
      return [{ type: 'CallStatusChanged', data: { callId: state.placed.callId, status, answeredAt, endedAt } }]
    }
    case 'SaveCallActivity': {
      const placed = ownCall(state, command.userId)
      if (state.closed) throw notFound(callMessages.callNotFound)
      if (!callStarted(state)) throw new DomainError(callMessages.callNotStarted)
      return [
        {
          type: 'CallActivitySaved',
          data: {
            callId: placed.callId,
            activityId: placed.activityId,
            duration: command.duration,
            outcome: command.outcome,
          },
        },
      ]
    }
    case 'CloseCall': {
      const placed = ownCall(state, command.userId)
      if (state.closed) return []
      return [{ type: 'CallClosed', data: { callId: placed.callId, activityWithdrawn: !state.saved } }]
    }
  }
}

export const callDecider: Decider<CallState, CallCommand, CallEvent> = {
  initialState,
  evolve,
  decide,
  startsStream: (command) => command.type === 'PlaceCall',
}
