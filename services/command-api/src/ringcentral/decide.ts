import { callMessages, type PhoneSessionEvent, type PhoneSessionTimes } from '@crm/contracts'
import { DomainError } from '@crm/platform'
import type { Decider } from '../command-handling/decider'

/** A user's RingCentral session as its stream tells it; the tokens stay sealed until a call needs them. */
export interface PhoneSessionState {
  userId: string | null
  sealedTokens: string | null
  times: PhoneSessionTimes | null
  useExtensionToMakeCalls: boolean
  lost: boolean
  /** The webhook subscription to the user's telephony sessions (incoming calls), once RingCentral accepted one. */
  subscription: { id: string; expirationTime: string } | null
}

export type PhoneSessionCommand =
  | { type: 'ConnectPhoneSession'; userId: string; sealedTokens: string; times: PhoneSessionTimes }
  | { type: 'RefreshPhoneSession'; userId: string; sealedTokens: string; times: PhoneSessionTimes }
  | { type: 'LosePhoneSession'; userId: string; reason: string }
  | { type: 'SaveSubscription'; userId: string; subscriptionId: string; expirationTime: string }

const initialState: PhoneSessionState = {
  userId: null,
  sealedTokens: null,
  times: null,
  useExtensionToMakeCalls: false,
  lost: false,
  subscription: null,
}

function evolve(state: PhoneSessionState, event: PhoneSessionEvent): PhoneSessionState {
  switch (event.type) {
    case 'PhoneSessionConnected': {
      const { userId, sealedTokens, useExtensionToMakeCalls, ...times } = event.data
      // A new sign-in (perhaps another RingCentral account) gets a subscription of its own.
      return { userId, sealedTokens, times, useExtensionToMakeCalls, lost: false, subscription: null }
    }
    case 'PhoneSessionRefreshed': {
      const { userId: _userId, sealedTokens, ...times } = event.data
      return { ...state, sealedTokens, times }
    }
    case 'PhoneSessionLost':
      return { ...state, sealedTokens: null, lost: true }
    case 'PhoneSubscriptionSaved':
      return { ...state, subscription: { id: event.data.subscriptionId, expirationTime: event.data.expirationTime } }
  }
}

function decide(state: PhoneSessionState, command: PhoneSessionCommand): PhoneSessionEvent[] {
  switch (command.type) {
    case 'ConnectPhoneSession':
      return [
        {
          type: 'PhoneSessionConnected',
          data: {
            userId: command.userId,
            sealedTokens: command.sealedTokens,
            useExtensionToMakeCalls: state.useExtensionToMakeCalls,
            ...command.times,
          },
        },
      ]
    case 'RefreshPhoneSession':
      // A session lost or replaced meanwhile is not brought back by a refresh that started before.
      if (!state.sealedTokens) throw new DomainError(callMessages.sessionNotFound)
      return [
        {
          type: 'PhoneSessionRefreshed',
          data: { userId: command.userId, sealedTokens: command.sealedTokens, ...command.times },
        },
      ]
    case 'LosePhoneSession':
      if (!state.sealedTokens) return []
      return [{ type: 'PhoneSessionLost', data: { userId: command.userId, reason: command.reason } }]
    case 'SaveSubscription': {
      if (!state.sealedTokens) return []
      const { userId, subscriptionId, expirationTime } = command
      if (state.subscription?.id === subscriptionId && state.subscription.expirationTime === expirationTime) return []
      return [{ type: 'PhoneSubscriptionSaved', data: { userId, subscriptionId, expirationTime } }]
    }
  }
}

export const phoneSessionDecider: Decider<PhoneSessionState, PhoneSessionCommand, PhoneSessionEvent> = {
  initialState,
  evolve,
  decide,
}
