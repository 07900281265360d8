import { ContactStatus, flagNotOffered, logisticsFlags, type ContactEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { contactId, created, given, now, rep } from '../testing/contact-given'
import type { ContactCommand } from './commands'

const logisticsRep = { ...rep, divisionId: 3 }
const today = now.toISOString().slice(0, 10)
const update = (changes: Record<string, unknown>): ContactCommand => ({
  type: 'UpdateLogisticsCustomer',
  actor: logisticsRep,
  changes,
})
/** A logistics customer (division 3) at this status. */
const customerAt = (statusId: number): ContactEvent[] => [
  ...created({ divisionId: 3 }),
  ...(statusId === ContactStatus.Lead
    ? []
    : [
        {
          type: 'ContactStatusChanged',
          data: {
            contactId,
            divisionId: 3,
            fromStatusId: 1,
            toStatusId: statusId,
            assigned: logisticsRep.userId,
            creationDate: now.toISOString(),
          },
        } as ContactEvent,
      ]),
]
const [rfp, mfp, creditApp] = logisticsFlags

describe('logistics customer decider: which toggle is offered at which status', () => {
  const offered: [string, number, boolean[]][] = [
    // status                   RFP    MFP    Credit App  Online Form
    ['Lead', 1, [false, false, false, false]],
    ['Prospect', 2, [true, true, true, true]],
    ['Account', 3, [false, true, true, true]],
    ["Manager's Bucket", 4, [false, false, false, false]],
    ['Inactive', 5, [false, false, false, false]],
    ['Dead', 6, [false, false, false, false]],
    ['Pending', 8, [false, true, true, true]],
  ]
  it.each(offered)('at %s (%i): RFP, MFP, Credit App, Online Form offered = %j', (_name, statusId, expected) => {
    const state = given(customerAt(statusId))
    logisticsFlags.forEach((flag, i) => {
      const attempt = state.when(update({ [flag.key]: true }))
      if (expected[i]) expect(attempt).not.toThrow()
      else expect(attempt).toThrow(flagNotOffered(flag))
    })
  })

  it('names the statuses in the refusal, under the toggle', () => {
    expect(flagNotOffered(rfp!)).toBe('RFP is offered only for Prospect customers')
    expect(flagNotOffered(mfp!)).toBe('MFP is offered only for Prospect, Account, Pending customers')
    try {
      given(customerAt(1)).then(update({ isRfp: true, isCreditApp: true }))
    } catch (error) {
      expect((error as { errors: object }).errors).toEqual({
        isRfp: flagNotOffered(rfp!),
        isCreditApp: flagNotOffered(creditApp!),
      })
    }
  })
})

describe('logistics customer decider: switching records the date as an event', () => {
  it('RFP switched on at Prospect is dated today', () => {
    expect(given(customerAt(2)).then(update({ isRfp: true }))).toEqual([
      { type: 'ContactUpdated', data: { contactId, changes: { isRfp: true, rfpDate: today } } },
    ])
  })

  it('keeps a date that is sent, and clears it when switched off', () => {
    const on = given(customerAt(3)).then(update({ isOnlineForm: true, onlineFormDate: '2025-02-01' }))
    expect(on[0]!.data).toMatchObject({ changes: { isOnlineForm: true, onlineFormDate: '2025-02-01' } })
    const off = given([...customerAt(3), ...on]).then(update({ isOnlineForm: false }))
    expect(off[0]!.data).toMatchObject({ changes: { isOnlineForm: false, onlineFormDate: null } })
  })

  it('a toggle sent with its current value is no change, whatever the status', () => {
    const on = given(customerAt(2)).then(update({ isRfp: true }))
    const account = {
      type: 'ContactStatusChanged',
      data: { contactId, divisionId: 3, fromStatusId: 2, toStatusId: 3, assigned: rep.userId, creationDate: today },
    } as ContactEvent
    // RFP stays on after the customer becomes an account; resending it changes nothing and is not refused.
    expect(given([...customerAt(2), ...on, account]).then(update({ isRfp: true }))).toEqual([])
    expect(given([...customerAt(2), ...on, account]).when(update({ isRfp: false }))).toThrow(flagNotOffered(rfp!))
  })

  it('edits the other facts as a contact edit', () => {
    expect(given(customerAt(1)).then(update({ dba: 'Fast Freight' }))).toEqual([
      { type: 'ContactUpdated', data: { contactId, changes: { dba: 'Fast Freight' } } },
    ])
    expect(given(customerAt(2)).then(update({ isMfp: true, dba: 'X' }))[0]!.data).toMatchObject({
      changes: { isMfp: true, mfpDate: today, dba: 'X' },
    })
  })

  it('a contact outside the logistics division is no customer: 404, for edits and deletes', () => {
    expect(given(created()).when({ ...update({ dba: 'X' }), actor: rep })).toThrow('Not found')
    expect(given(created()).when({ type: 'DeleteLogisticsCustomer', actor: rep })).toThrow('Not found')
    expect(given(customerAt(1)).then({ type: 'DeleteLogisticsCustomer', actor: logisticsRep })).toEqual([
      { type: 'ContactDeleted', data: { contactId } },
    ])
  })

  it('another rep’s customer is missing for the rep (the visibility policy)', () => {
    const other = { ...logisticsRep, userId: 'c3c6c4a8-0f7b-4a2e-9d7e-1b2c3d4e5f62' }
    expect(given(customerAt(2)).when({ ...update({ isRfp: true }), actor: other })).toThrow('Not found')
  })
})
