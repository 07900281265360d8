import type { EmailMessageEvent, EmailQueued } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../../command-handling/ids'
import { messageDecider, type MessageCommand } from './decide'

const SENDER = '11111111-1111-4111-8111-111111111111'
const OTHER = '22222222-2222-4222-8222-222222222222'
const context = { now: new Date('2026-06-12T15:00:00Z'), ids: idsFor('test') }

const given = (...events: EmailMessageEvent[]) => events.reduce(messageDecider.evolve, messageDecider.initialState)
const when = (events: EmailMessageEvent[], command: MessageCommand) =>
  messageDecider.decide(given(...events), command, context)

const message: EmailQueued['data'] = {
  messageId: 'm-1',
  contactId: 'c-1',
  divisionId: 15,
  senderId: SENDER,
  senderName: 'Sam',
  senderEmail: 'sam@example.com',
  templateId: null,
  recipient: 'dispatch@example.com',
  subject: 'Hi',
  html: '<p>Hi</p>',
  text: 'Hi',
  sendingTime: '2026-06-12T16:00:00.000Z',
  scheduled: true,
  marketing: false,
}
const queued: EmailMessageEvent = { type: 'EmailQueued', data: message }
const delivered: EmailMessageEvent = {
  type: 'EmailDelivered',
  data: {
    messageId: 'm-1',
    contactId: 'c-1',
    internetMessageId: '<m-1@x>',
    sentAt: '2026-06-12T16:00:01Z',
    attempts: 1,
  },
}
const delivery: MessageCommand = { type: 'RecordDelivery', internetMessageId: '<m-1@x>', sentAt: 'now', attempts: 1 }
const cancel = (userId: string, permissions = ['call']): MessageCommand => ({
  type: 'CancelEmail',
  actor: { userId, divisionId: 15, permissions },
})

describe('email message decider', () => {
  it('records a delivery once: a job run twice decides nothing the second time', () => {
    expect(when([queued], delivery)).toHaveLength(1)
    expect(when([queued, delivered], delivery)).toEqual([])
    expect(when([queued, delivered], { type: 'RecordFailure', reason: 'x', attempts: 5 })).toEqual([])
  })

  it('lets the sender cancel a scheduled message until it is sent', () => {
    expect(when([queued], cancel(SENDER))).toEqual([
      { type: 'EmailCancelled', data: { messageId: 'm-1', contactId: 'c-1', cancelledBy: SENDER } },
    ])
    expect(() => when([queued, delivered], cancel(SENDER))).toThrow('This email was already sent')
  })

  it('answers a message of someone whose work one may not see as a missing one', () => {
    expect(() => when([queued], cancel(OTHER))).toThrow(expect.objectContaining({ status: 404 }))
    expect(() => when([], cancel(SENDER))).toThrow(expect.objectContaining({ status: 404 }))
  })

  it('holds back a marketing message whose address unsubscribed, never a direct one its sender confirmed', () => {
    const marketing: EmailMessageEvent = { type: 'EmailQueued', data: { ...message, marketing: true } }
    const suppress: MessageCommand = { type: 'RecordSuppressed', reason: 'unsubscribed' }
    const [event] = when([marketing], suppress)
    expect(event).toEqual({
      type: 'EmailSuppressed',
      data: { messageId: 'm-1', contactId: 'c-1', reason: 'unsubscribed' },
    })
    expect(when([marketing, event!], delivery)).toEqual([])
    expect(when([queued], suppress)).toEqual([])
  })

  it('never sends a cancelled message', () => {
    const cancelled = when([queued], cancel(SENDER))
    expect(when([queued, ...cancelled], delivery)).toEqual([])
  })
})

describe('the recipient’s answers', () => {
  const sent = [{ ...queued, data: { ...message, links: ['https://rates.example/q'] } }, delivered]

  it('records an unsubscribe once, and only for a message that was sent', () => {
    const [event] = when(sent, { type: 'Unsubscribe', via: 'one-click' })
    expect(event).toMatchObject({ type: 'EmailUnsubscribed', data: { recipient: 'dispatch@example.com' } })
    expect(when([...sent, event!], { type: 'Unsubscribe', via: 'page' })).toEqual([])
    expect(() => when([queued], { type: 'Unsubscribe', via: 'page' })).toThrow(expect.objectContaining({ status: 404 }))
  })

  it('records a click only on a link that was in the message', () => {
    expect(when(sent, { type: 'RecordClick', url: 'https://rates.example/q' })).toHaveLength(1)
    expect(() => when(sent, { type: 'RecordClick', url: 'https://evil.example/' })).toThrow(
      expect.objectContaining({ status: 404 }),
    )
  })
})
