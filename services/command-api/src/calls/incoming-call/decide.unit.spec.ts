import { callMessages, type IncomingCallEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { incomingCallDecider, type IncomingCallCommand } from './decide'
import { inboundCall } from '../incoming-routes'

const context = { now: new Date('2026-01-05T15:00:00Z'), ids: { next: () => 'id' } }
const given = (...events: IncomingCallEvent[]) =>
  events.reduce(incomingCallDecider.evolve, incomingCallDecider.initialState)
const when = (events: IncomingCallEvent[], command: IncomingCallCommand) => () =>
  incomingCallDecider.decide(given(...events), command, context)

const call = {
  callId: 'c1',
  userId: 'rep',
  telephonySessionId: 's1',
  fromNumber: '+13125550123',
  fromName: null,
  toNumber: '+13125550100',
}
const observe = (code: string, at: string): IncomingCallCommand => ({ type: 'ObserveIncomingCall', call, code, at })
const rang: IncomingCallEvent = { type: 'IncomingCallRang', data: { ...call, rangAt: 'T1' } }
const answered: IncomingCallEvent = {
  type: 'IncomingCallStatusChanged',
  data: { callId: 'c1', status: 'answered', answeredAt: 'T2', endedAt: null },
}
const link: IncomingCallCommand = {
  type: 'LinkIncomingCall',
  userId: 'rep',
  contactId: 'k1',
  activityId: 'a1',
  duration: 42,
  outcome: 'Answered',
}

describe('the incoming call decider', () => {
  it('rings once, whatever the order and repetition of the notifications', () => {
    expect(when([], observe('Setup', 'T1'))()).toEqual([rang])
    expect(when([rang], observe('Proceeding', 'T1b'))()).toEqual([])
    // An answer whose Setup was never delivered still rings first.
    expect(when([], observe('Answered', 'T2'))()).toEqual([
      { ...rang, data: { ...rang.data, rangAt: 'T2' } },
      { ...answered, data: { ...answered.data, answeredAt: 'T2' } },
    ])
  })

  it('moves only forward: answered, then ended; an end without an answer is a missed call', () => {
    expect(when([rang], observe('Answered', 'T2'))()).toEqual([answered])
    expect(when([rang, answered], observe('Setup', 'T3'))()).toEqual([])
    expect(when([rang, answered], observe('Disconnected', 'T3'))()).toEqual([
      { type: 'IncomingCallStatusChanged', data: { callId: 'c1', status: 'ended', answeredAt: 'T2', endedAt: 'T3' } },
    ])
    expect(when([rang], observe('Disconnected', 'T3'))()).toEqual([
      { type: 'IncomingCallStatusChanged', data: { callId: 'c1', status: 'missed', answeredAt: null, endedAt: 'T3' } },
    ])
    expect(when([rang], observe('Hold', 'T3'))()).toEqual([])
  })

  it('links an answered call once, for the rep it rang, and not before it was answered', () => {
    expect(when([rang], link)).toThrow(callMessages.callNotStarted)
    expect(when([rang, answered], { ...link, userId: 'other' })).toThrow()
    expect(when([], link)).toThrow()
    const linked = when([rang, answered], link)()
    expect(linked).toEqual([
      {
        type: 'IncomingCallLinked',
        data: { callId: 'c1', contactId: 'k1', activityId: 'a1', duration: 42, outcome: 'Answered' },
      },
    ])
    expect(when([rang, answered, ...linked], link)).toThrow(callMessages.callAlreadyLogged)
  })
})

describe('reading a telephony-session notification', () => {
  const notification = (parties: object[]) => ({
    ownerId: '101',
    subscriptionId: 'sub',
    body: { telephonySessionId: 's1', parties },
  })

  it("takes the inbound party on the rep's extension, with the caller's number", () => {
    const observed = inboundCall(
      notification([
        { extensionId: '999', direction: 'Inbound', from: { phoneNumber: '+1999' }, status: { code: 'Setup' } },
        {
          extensionId: '101',
          direction: 'Inbound',
          from: { phoneNumber: '+13125550123', name: 'ACME' },
          status: { code: 'Setup' },
        },
      ]),
      'rep',
      'T1',
    )
    expect(observed).toMatchObject({
      code: 'Setup',
      call: { fromNumber: '+13125550123', fromName: 'ACME', userId: 'rep' },
    })
    expect(
      inboundCall(
        notification([
          { extensionId: '101', direction: 'Outbound', from: { phoneNumber: '+1' }, status: { code: 'Setup' } },
        ]),
        'rep',
        'T1',
      ),
    ).toBeNull()
  })
})
