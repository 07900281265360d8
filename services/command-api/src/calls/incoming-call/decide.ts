import { callMessages, type IncomingCallEvent, type IncomingCallRang, type IncomingCallStatus } from '@crm/contracts'
import { DomainError, notFound } from '@crm/platform'
import type { Decider } from '../../command-handling/decider'

export interface IncomingCallState {
  rang: IncomingCallRang['data'] | null
  status: IncomingCallStatus | null
  answeredAt: string | null
  endedAt: string | null
  linked: boolean
}

/** What one telephony-session notification says about the call to the rep (RingCentral's status code). */
export type ObserveIncomingCall = {
  type: 'ObserveIncomingCall'
  call: Omit<IncomingCallRang['data'], 'rangAt'>
  code: string
  at: string
}
export type LinkIncomingCall = {
  type: 'LinkIncomingCall'
  userId: string
  contactId: string
  activityId: string
  duration: number
  outcome: 'Attempted' | 'Answered'
}
export type IncomingCallCommand = ObserveIncomingCall | LinkIncomingCall

const initialState: IncomingCallState = { rang: null, status: null, answeredAt: null, endedAt: null, linked: false }

function evolve(state: IncomingCallState, event: IncomingCallEvent): IncomingCallState {
  switch (event.type) {
    case 'IncomingCallRang':
      return { ...state, rang: event.data, status: 'ringing' }
    case 'IncomingCallStatusChanged':
      return { ...state, status: event.data.status, answeredAt: event.data.answeredAt, endedAt: event.data.endedAt }
    case 'IncomingCallLinked':
      return { ...state, linked: true }
  }
}

/** RingCentral's party status codes as the CRM tells them; codes that change nothing for the rep are null. */
export function phaseOf(code: string): 'ringing' | 'answered' | 'ended' | null {
  if (code === 'Setup' || code === 'Proceeding') return 'ringing'
  if (code === 'Answered') return 'answered'
  if (code === 'Disconnected' || code === 'Gone' || code === 'VoiceMail') return 'ended'
  return null
}

/**
 * The next status: a call only moves forward (notifications can arrive out of order), and an end without an
 * answer is a missed call.
 */
function nextStatus(state: IncomingCallState, phase: 'ringing' | 'answered' | 'ended', at: string) {
  if (state.endedAt) return null
  if (phase === 'answered' && !state.answeredAt) return { status: 'answered' as const, answeredAt: at, endedAt: null }
  if (phase === 'ended') {
    return {
      status: state.answeredAt ? ('ended' as const) : ('missed' as const),
      answeredAt: state.answeredAt,
      endedAt: at,
    }
  }
  return null
}

function decide(state: IncomingCallState, command: IncomingCallCommand): IncomingCallEvent[] {
  switch (command.type) {
    case 'ObserveIncomingCall': {
      const phase = phaseOf(command.code)
      if (!phase) return []
      const events: IncomingCallEvent[] = []
      if (!state.rang) events.push({ type: 'IncomingCallRang', data: { ...command.call, rangAt: command.at } })
      const base = state.rang ? state : { ...state, status: 'ringing' as const }
      const next = nextStatus(base, phase, command.at)
      if (next) events.push({ type: 'IncomingCallStatusChanged', data: { callId: command.call.callId, ...next } })
      return events
    }
    case 'LinkIncomingCall': {
      // Someone else's call is answered as one that does not exist.
      if (!state.rang || state.rang.userId !== command.userId) throw notFound(callMessages.callNotFound)
      if (state.linked) throw new DomainError(callMessages.callAlreadyLogged)
      if (!state.answeredAt) throw new DomainError(callMessages.callNotStarted)
      const { contactId, activityId, duration, outcome } = command
      return [
        { type: 'IncomingCallLinked', data: { callId: state.rang.callId, contactId, activityId, duration, outcome } },
      ]
    }
  }
}

export const incomingCallDecider: Decider<IncomingCallState, IncomingCallCommand, IncomingCallEvent> = {
  initialState,
  evolve,
  decide,
}
