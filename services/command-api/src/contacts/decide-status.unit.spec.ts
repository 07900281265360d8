import { messages } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { activity, contactId, converted, created, given, now, rep } from '../testing/contact-given'
import type { ChangeStatusCommand, ContractLostCommand, GiveUpCommand } from './commands'

const change = (statusId: number, divisionId = 15, withoutAdditionalActions = false): ChangeStatusCommand => ({
  type: 'ChangeContactStatus',
  actor: rep,
  divisionId,
  statusId,
  withoutAdditionalActions,
  creationDate: now.toISOString(),
})
const giveUp = (patch: Partial<GiveUpCommand> = {}): GiveUpCommand => ({
  type: 'GiveUpContact',
  actor: rep,
  divisionId: 15,
  giveUpReason: 'Not interested',
  otherReasonNote: null,
  minCallAttempts: 3,
  ...patch,
})
const lost = (patch: Partial<ContractLostCommand> = {}): ContractLostCommand => ({
  type: 'MarkContractLost',
  actor: rep,
  divisionId: 15,
  dateToFollowUp: '2025-09-01',
  dateLost: '2025-02-28',
  lostReason: 'Price',
  notes: null,
  creationDateStatusChanges: now.toISOString(),
  ...patch,
})
const calls = (n: number) => Array.from({ length: n }, (_, i) => activity(15, 10009, `call-${i}`))

describe('contact decider: change-contact-status', () => {
  it.each([2, 3, 4, 5])('moves a Lead to status %i, recording from → to', (statusId) => {
    expect(given(created()).then(change(statusId))[0]).toMatchObject({
      type: 'ContactStatusChanged',
      data: { contactId, divisionId: 15, fromStatusId: 1, toStatusId: statusId },
    })
  })

  it("moving to Manager's Bucket unassigns, unless without additional actions", () => {
    expect(given(created()).then(change(4))[0]!.data).toMatchObject({ assigned: null })
    expect(given(created()).then(change(4, 15, true))[0]!.data).toMatchObject({ assigned: rep.userId })
  })

  it('offers Pending only in the logistics division (3)', () => {
    expect(given(created()).when(change(8))).toThrow(messages.pendingOnlyLogistics)
    expect(
      given(created({ divisionId: 3 })).then({ ...change(8, 3), actor: { ...rep, divisionId: 3 } })[0]!.data,
    ).toMatchObject({
      toStatusId: 8,
    })
  })

  it('does not offer Dead or Not Qualified (they have their own buttons), nor the executive division', () => {
    expect(given(created()).when(change(6))).toThrow(messages.statusNotOffered)
    expect(given(created()).when(change(7))).toThrow(messages.statusNotOffered)
    expect(given(created()).when(change(2, 1))).toThrow(messages.executiveDivisionStatus)
  })

  it('refuses the status the contact already has', () => {
    expect(given(created()).when(change(1))).toThrow('The contact is already Lead')
  })

  it('places the contact in a division it is not in yet (from none)', () => {
    expect(given(created()).then(change(2, 3))[0]!.data).toMatchObject({
      divisionId: 3,
      fromStatusId: null,
      toStatusId: 2,
    })
  })

  it('refuses a deleted or combined contact', () => {
    expect(given([...created(), { type: 'ContactDeleted', data: { contactId } }]).when(change(2))).toThrow('Not found')
    const merged = { type: 'ContactMergedInto' as const, data: { contactId, survivorId: 'x' } }
    expect(given([...created(), merged]).when(change(2))).toThrow(messages.contactMerged)
  })
})

describe('contact decider: Dead and Not Qualified', () => {
  it('marks a contact dead or not qualified from its status', () => {
    const dead = given(created()).then({ type: 'MarkContactDead', actor: rep, divisionId: 15, notes: ' gone ' })
    expect(dead).toEqual([
      { type: 'ContactMarkedDead', data: { contactId, divisionId: 15, fromStatusId: 1, toStatusId: 6, notes: 'gone' } },
    ])
    const nq = given(created()).then({ type: 'MarkContactNotQualified', actor: rep, divisionId: 15, notes: null })
    expect(nq[0]).toMatchObject({ type: 'ContactMarkedNotQualified', data: { toStatusId: 7 } })
  })

  it('refuses twice, in the executive division and outside the contact’s divisions', () => {
    const dead = [
      ...created(),
      ...given(created()).then({ type: 'MarkContactDead', actor: rep, divisionId: 15, notes: null }),
    ]
    expect(given(dead).when({ type: 'MarkContactDead', actor: rep, divisionId: 15, notes: null })).toThrow(
      'The contact is already Dead',
    )
    expect(given(created()).when({ type: 'MarkContactDead', actor: rep, divisionId: 1, notes: null })).toThrow(
      messages.executiveDivisionStatus,
    )
    expect(given(created()).when({ type: 'MarkContactNotQualified', actor: rep, divisionId: 2, notes: null })).toThrow(
      messages.notInDivision,
    )
  })
})

describe('contact decider: Give up', () => {
  it('needs a reason, and notes for Other', () => {
    const ready = [...created(), ...calls(3)]
    expect(given(ready).when(giveUp({ giveUpReason: null }))).toThrow('Please select reason why you gave up!')
    expect(given(ready).when(giveUp({ giveUpReason: 'Other', otherReasonNote: ' ' }))).toThrow(
      'Please provide notes for why you gave up!',
    )
  })

  it('needs min_call_attempts outgoing calls in the division', () => {
    const events = [...created(), ...calls(1), activity(15, 10012, 'email-1'), activity(2, 10009, 'elsewhere')]
    expect(given(events).when(giveUp())).toThrow(
      'You have made 1 attempts and 3 attempts are required before giving up',
    )
    expect(given(events).when(giveUp({ minCallAttempts: 5 }))).toThrow(
      'You have made 1 attempts and 5 attempts are required before giving up',
    )
  })

  it("sends the contact to Manager's Bucket, unassigned, with the reason and the attempts", () => {
    const [event] = given([...created(), ...calls(3)]).then(giveUp({ giveUpReason: 'Other', otherReasonNote: 'Moved' }))
    expect(event).toEqual({
      type: 'ContactGivenUp',
      data: {
        contactId,
        divisionId: 15,
        fromStatusId: 1,
        toStatusId: 4,
        giveUpReason: 'Other',
        otherReasonNote: 'Moved',
        callAttempts: 3,
        minCallAttempts: 3,
        previousAssigned: rep.userId,
      },
    })
    const after = given([...created(), ...calls(3), event!]).state
    expect(after.divisions[15]).toMatchObject({ statusId: 4, assigned: null })
  })

  it('is not for contacts already in the bucket, dead or not qualified', () => {
    const bucket = [...created({ statusId: 1 }), ...calls(3)]
    const [gone] = given(bucket).then(giveUp())
    expect(given([...bucket, gone!]).when(giveUp())).toThrow(messages.statusNotOffered)
  })
})

describe('contact decider: Contract lost', () => {
  const account = [...created(), activity(), converted(1, 2), converted(2, 3)]
  it('turns an Account Inactive with dateToFollowUp, dateLost, lostReason and notes', () => {
    expect(given(account).then(lost({ notes: 'cheaper elsewhere' }))).toEqual([
      {
        type: 'ContactContractLost',
        data: {
          contactId,
          divisionId: 15,
          fromStatusId: 3,
          toStatusId: 5,
          dateToFollowUp: '2025-09-01',
          dateLost: '2025-02-28',
          lostReason: 'Price',
          notes: 'cheaper elsewhere',
          creationDateStatusChanges: now.toISOString(),
        },
      },
    ])
  })

  it('is only for Accounts', () => {
    expect(given(created()).when(lost())).toThrow(messages.contractLostOnlyAccounts)
  })
})
