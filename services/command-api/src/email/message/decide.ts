import {
  canSeeWorkOf,
  emailMessages,
  type Caller,
  type EmailMessageEvent,
  type EmailQueued,
  type EmailStatus,
} from '@crm/contracts'
import { DomainError, notFound } from '@crm/platform'
import type { Decider } from '../../command-handling/decider'

export interface MessageState {
  message: EmailQueued['data'] | null
  status: EmailStatus | null
  unsubscribed: boolean
  reportedAbuse: boolean
}

export type MessageCommand =
  | { type: 'QueueEmail'; message: EmailQueued['data'] }
  | { type: 'RecordDelivery'; internetMessageId: string; sentAt: string; attempts: number }
  | { type: 'RecordFailure'; reason: string; attempts: number }
  | { type: 'RecordSuppressed'; reason: 'unsubscribed' | 'abuse' }
  | { type: 'CancelEmail'; actor: Caller }
  | { type: 'Unsubscribe'; via: 'page' | 'one-click' }
  | { type: 'ReportAbuse' }
  | { type: 'RecordClick'; url: string }

export const initialMessageState: MessageState = {
  message: null,
  status: null,
  unsubscribed: false,
  reportedAbuse: false,
}

export function evolveMessage(state: MessageState, event: EmailMessageEvent): MessageState {
  switch (event.type) {
    case 'EmailQueued':
      return { ...state, message: event.data, status: 'scheduled' }
    case 'EmailDelivered':
      return { ...state, status: 'sent' }
    case 'EmailDeliveryFailed':
      return { ...state, status: 'failed' }
    case 'EmailCancelled':
      return { ...state, status: 'cancelled' }
    case 'EmailSuppressed':
      return { ...state, status: 'suppressed' }
    case 'EmailUnsubscribed':
      return { ...state, unsubscribed: true }
    case 'EmailAbuseReported':
      return { ...state, reportedAbuse: true }
    case 'EmailLinkClicked':
      return state
  }
}

/** The links of a message that was sent: its recipient's answers are recorded once each (clicks every time). */
function recipientAnswer(
  state: MessageState,
  command: Extract<MessageCommand, { type: 'Unsubscribe' | 'ReportAbuse' | 'RecordClick' }>,
): EmailMessageEvent[] {
  const message = state.message
  if (!message || state.status !== 'sent') throw notFound(emailMessages.linkNotValid)
  const about = { messageId: message.messageId, contactId: message.contactId }
  switch (command.type) {
    case 'Unsubscribe':
      if (state.unsubscribed) return []
      return [{ type: 'EmailUnsubscribed', data: { ...about, recipient: message.recipient, via: command.via } }]
    case 'ReportAbuse':
      if (state.reportedAbuse) return []
      return [{ type: 'EmailAbuseReported', data: { ...about, recipient: message.recipient } }]
    case 'RecordClick':
      // No open redirect: only a link that was in the message.
      if (!(message.links ?? []).includes(command.url)) throw notFound(emailMessages.linkNotValid)
      return [{ type: 'EmailLinkClicked', data: { ...about, url: command.url } }]
  }
}

/** Only a message still waiting is sent, failed or cancelled; anything else decides nothing (a rerun of a job). */
const waiting = (state: MessageState) => state.message !== null && state.status === 'scheduled'

function decide(state: MessageState, command: MessageCommand): EmailMessageEvent[] {
  switch (command.type) {
    case 'QueueEmail':
      if (state.message) return []
      return [{ type: 'EmailQueued', data: command.message }]
    case 'RecordDelivery':
      if (!waiting(state)) return []
      return [
        {
          type: 'EmailDelivered',
          data: {
            messageId: state.message!.messageId,
            contactId: state.message!.contactId,
            internetMessageId: command.internetMessageId,
            sentAt: command.sentAt,
            attempts: command.attempts,
          },
        },
      ]
    case 'RecordFailure':
      if (!waiting(state)) return []
      return [
        {
          type: 'EmailDeliveryFailed',
          data: {
            messageId: state.message!.messageId,
            contactId: state.message!.contactId,
            reason: command.reason.slice(0, 500),
            attempts: command.attempts,
          },
        },
      ]
    case 'RecordSuppressed':
      // Only marketing mail is suppressed: a direct mail to such an address was confirmed by its sender.
      if (!waiting(state) || !state.message!.marketing) return []
      return [
        {
          type: 'EmailSuppressed',
          data: { messageId: state.message!.messageId, contactId: state.message!.contactId, reason: command.reason },
        },
      ]
    case 'Unsubscribe':
    case 'ReportAbuse':
    case 'RecordClick':
      return recipientAnswer(state, command)
    case 'CancelEmail': {
      // A message of someone whose work one may not see is answered as a missing one.
      if (!state.message || !canSeeWorkOf(command.actor, state.message.senderId)) {
        throw notFound(emailMessages.emailNotFound)
      }
      if (state.status !== 'scheduled') throw new DomainError(emailMessages.alreadySent)
      return [
        {
          type: 'EmailCancelled',
          data: {
            messageId: state.message.messageId,
            contactId: state.message.contactId,
            cancelledBy: command.actor.userId,
          },
        },
      ]
    }
  }
}

/** One email to one contact (stream email-message-<id>): queued, then sent, failed or cancelled, once. */
export const messageDecider: Decider<MessageState, MessageCommand, EmailMessageEvent> = {
  initialState: initialMessageState,
  evolve: evolveMessage,
  startsStream: (command) => command.type === 'QueueEmail',
  decide,
}
