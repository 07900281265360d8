import { describe, expect, it } from 'vitest'
import { subscriptionDue, webhookTokenMatches, webhookToken } from '../ringcentral/incoming-subscription'
import type { PhoneSessionState } from '../ringcentral/decide'
import { entryOf, syncFrom } from './call-log-sync'
import { stillFollowed } from './ringout-follower'
import { randomBytes } from 'node:crypto'

const now = Date.parse('2026-01-05T15:00:00Z')
const live: PhoneSessionState = {
  userId: 'rep',
  sealedTokens: 'v1.x',
  times: null,
  useExtensionToMakeCalls: false,
  lost: false,
  subscription: null,
}
const expiringIn = (ms: number) => ({ id: 'sub', expirationTime: new Date(now + ms).toISOString() })

describe('the webhook subscription', () => {
  it('is created for a live session without one, renewed within a day of expiry, left alone otherwise', () => {
    expect(subscriptionDue(live, now)).toBe('create')
    expect(subscriptionDue({ ...live, subscription: expiringIn(-1) }, now)).toBe('create')
    expect(subscriptionDue({ ...live, subscription: expiringIn(3600_000) }, now)).toBe('renew')
    expect(subscriptionDue({ ...live, subscription: expiringIn(3 * 24 * 3600_000) }, now)).toBeNull()
    expect(subscriptionDue({ ...live, lost: true }, now)).toBeNull()
    expect(subscriptionDue({ ...live, sealedTokens: null }, now)).toBeNull()
  })

  it("verifies a notification's token for the user it names only", () => {
    const key = randomBytes(32)
    expect(webhookTokenMatches(key, 'rep', webhookToken(key, 'rep'))).toBe(true)
    expect(webhookTokenMatches(key, 'other', webhookToken(key, 'rep'))).toBe(false)
    expect(webhookTokenMatches(randomBytes(32), 'rep', webhookToken(key, 'rep'))).toBe(false)
    expect(webhookTokenMatches(key, 'rep', undefined)).toBe(false)
  })
})

describe('the call log sync', () => {
  it('reads a week back the first time, then from a little before the newest entry kept', () => {
    expect(syncFrom(null, now)).toBe('2025-12-29T15:00:00.000Z')
    expect(syncFrom('2026-01-05T14:00:00.000Z', now)).toBe('2026-01-05T10:00:00.000Z')
  })

  it("keeps RingCentral's record without links: numbers, names, outcome and the recording's id", () => {
    expect(
      entryOf({
        id: 'r1',
        startTime: '2026-01-05T14:00:00Z',
        duration: 12.4,
        direction: 'Inbound',
        result: 'Accepted',
        from: { phoneNumber: '+13125550123', name: 'ACME' },
        to: { phoneNumber: '+13125550100' },
        recording: { id: 'rec' },
      }),
    ).toEqual({
      id: 'r1',
      telephonySessionId: null,
      startTime: '2026-01-05T14:00:00.000Z',
      duration: 12,
      direction: 'Inbound',
      action: null,
      result: 'Accepted',
      fromNumber: '+13125550123',
      fromName: 'ACME',
      toNumber: '+13125550100',
      toName: null,
      recordingId: 'rec',
    })
  })
})

describe('the RingOut follower', () => {
  const placed = { callId: 'c', ringOutId: '1' } as never
  const status = (callStatus: string) => ({ callStatus, callerStatus: 'Success', calleeStatus: 'InProgress' })
  const call = { placed, status: status('InProgress'), answeredAt: null, endedAt: null, saved: false, closed: false }
  it('follows a live call until it ends, its window closes, or it is too old', () => {
    expect(stillFollowed(call, now - 1000, now, 60_000)).toBe(true)
    expect(stillFollowed({ ...call, status: status('Success') }, now - 1000, now, 60_000)).toBe(false)
    expect(stillFollowed({ ...call, closed: true }, now - 1000, now, 60_000)).toBe(false)
    expect(stillFollowed(call, now - 61_000, now, 60_000)).toBe(false)
  })
})
