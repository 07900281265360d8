import { callMessages, type CallEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { callDecider, type CallCommand } from './decide'
import { callRefusal, dialable, type CallFacts } from './call-checks'

const context = { now: new Date('2026-01-05T15:00:00Z'), ids: { next: () => 'id' } }
const given = (...events: CallEvent[]) => events.reduce(callDecider.evolve, callDecider.initialState)
const when = (events: CallEvent[], command: CallCommand) => () => callDecider.decide(given(...events), command, context)

const placed: CallEvent = {
  type: 'CallPlaced',
  data: {
    callId: 'c1',
    contactId: 'k1',
    divisionId: 15,
    userId: 'rep',
    activityId: 'a1',
    ringOutId: '100',
    from: '3125550100',
    to: '3125550142',
    status: { callStatus: 'InProgress', callerStatus: 'InProgress', calleeStatus: 'InProgress' },
  },
}
const callerUp: CallEvent = {
  type: 'CallStatusChanged',
  data: {
    callId: 'c1',
    status: { callStatus: 'InProgress', callerStatus: 'Success', calleeStatus: 'InProgress' },
    answeredAt: null,
    endedAt: null,
  },
}
const save: CallCommand = { type: 'SaveCallActivity', userId: 'rep', duration: 95, outcome: 'Answered' }

describe('the call decider', () => {
  it('refuses the activity before the call started, and saves it once the rep picked up', () => {
    expect(when([placed], save)).toThrow(callMessages.callNotStarted)
    expect(when([placed, callerUp], save)()).toEqual([
      { type: 'CallActivitySaved', data: { callId: 'c1', activityId: 'a1', duration: 95, outcome: 'Answered' } },
    ])
  })

  it("answers another user's call as a missing one", () => {
    expect(when([placed, callerUp], { ...save, userId: 'other' })).toThrow()
    expect(when([placed], { type: 'CloseCall', userId: 'other' })).toThrow()
  })

  it('records when the contact answered and when the call ended, once, and nothing for an unchanged status', () => {
    const answered = { callStatus: 'InProgress', callerStatus: 'Success', calleeStatus: 'Success' }
    const [change] = when([placed, callerUp], { type: 'ObserveRingOut', status: answered, at: 'T1' })()
    expect(change).toMatchObject({ data: { answeredAt: 'T1', endedAt: null } })
    const ended = { ...answered, callStatus: 'Success' }
    expect(when([placed, callerUp, change!], { type: 'ObserveRingOut', status: ended, at: 'T2' })()).toMatchObject([
      { data: { answeredAt: 'T1', endedAt: 'T2' } },
    ])
    expect(when([placed, callerUp], { type: 'ObserveRingOut', status: callerUp.data.status, at: 'T3' })()).toEqual([])
  })

  it('closing withdraws the activity only when it was not saved', () => {
    expect(when([placed], { type: 'CloseCall', userId: 'rep' })()).toMatchObject([
      { data: { activityWithdrawn: true } },
    ])
    const saved: CallEvent = {
      type: 'CallActivitySaved',
      data: { callId: 'c1', activityId: 'a1', duration: 1, outcome: 'Attempted' },
    }
    expect(when([placed, callerUp, saved], { type: 'CloseCall', userId: 'rep' })()).toMatchObject([
      { data: { activityWithdrawn: false } },
    ])
  })
})

describe('the call checks, in the product order', () => {
  const ok: CallFacts = {
    profile: { activePhone: '3125550100', officeExt: '101' },
    sessionRefusal: null,
    callerId: 'rep',
    openTaskHolders: ['rep'],
    mayCall: true,
  }
  it("passes a call with everything in place (the caller's own open task does not block)", () => {
    expect(callRefusal(ok)).toBeNull()
  })
  it('answers the first failing check', () => {
    const all = {
      profile: { activePhone: '', officeExt: null },
      sessionRefusal: callMessages.sessionNotFound,
      openTaskHolders: ['other'],
      mayCall: false,
    }
    expect(callRefusal({ ...ok, ...all })).toBe(callMessages.profilePhoneRequired)
    expect(callRefusal({ ...ok, ...all, profile: ok.profile })).toBe(callMessages.sessionNotFound)
    expect(callRefusal({ ...ok, ...all, profile: ok.profile, sessionRefusal: null })).toBe(callMessages.taskHeldByOther)
    expect(callRefusal({ ...ok, mayCall: false })).toBe(callMessages.notAllowedToCall)
  })
  it('dials digits, keeping a leading +', () => {
    expect(dialable('+1 (312) 555-0142')).toBe('+13125550142')
    expect(dialable('(312) 555-0142 ext')).toBe('3125550142')
  })
})
