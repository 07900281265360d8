import {
  ContactStatus,
  flagNotOffered,
  flagOfferedAt,
  flagOnlyForLogistics,
  logisticsFlags,
  type ContactEvent,
} from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import type { ContactCommand } from './commands'
import { contactId, created, given, now, rep } from '../testing/contact-given'

const today = now.toISOString().slice(0, 10)
const logisticsRep = { ...rep, divisionId: 3 }
/** PATCH /contacts/{id}: the generic contact edit, not the logistics customer's route. */
const edit = (changes: Record<string, unknown>, actor = logisticsRep): ContactCommand => ({
  type: 'UpdateContact',
  actor,
  changes,
})
const moved = (fromStatusId: number, toStatusId: number): ContactEvent => ({
  type: 'ContactStatusChanged',
  data: {
    contactId,
    divisionId: 3,
    fromStatusId,
    toStatusId,
    assigned: logisticsRep.userId,
    creationDate: now.toISOString(),
    withoutAdditionalActions: false,
  },
})
/** A logistics customer (division 3) at this status. */
const customerAt = (statusId: number): ContactEvent[] => [
  ...created({ divisionId: 3 }),
  ...(statusId === ContactStatus.Lead ? [] : [moved(1, statusId)]),
]
/** The same customer with every toggle already on (switched at Prospect), then moved to this status. */
const flaggedCustomerAt = (statusId: number): ContactEvent[] => {
  const prospect = customerAt(ContactStatus.Prospect)
  const on = given(prospect).then(edit(Object.fromEntries(logisticsFlags.map((f) => [f.key, true]))))
  return [...prospect, ...on, ...(statusId === ContactStatus.Prospect ? [] : [moved(2, statusId)])]
}

const statuses = [
  ['Lead', ContactStatus.Lead],
  ['Prospect', ContactStatus.Prospect],
  ['Account', ContactStatus.Account],
  ["Manager's Bucket", ContactStatus.ManagersBucket],
  ['Inactive', ContactStatus.Inactive],
  ['Dead', ContactStatus.Dead],
  ['Not Qualified', ContactStatus.NotQualified],
  ['Pending', ContactStatus.Pending],
] as const
const cases = statuses.flatMap(([name, statusId]) => logisticsFlags.map((flag) => [name, statusId, flag] as const))

describe('the toggle rule on the generic contact edit (PATCH /contacts/{id})', () => {
  it.each(cases)('at %s (%i), %o switched on', (_name, statusId, flag) => {
    const attempt = given(customerAt(statusId)).when(edit({ [flag.key]: true }))
    if (flagOfferedAt(flag, statusId)) {
      expect(attempt()).toEqual([
        { type: 'ContactUpdated', data: { contactId, changes: { [flag.key]: true, [flag.dateKey]: today } } },
      ])
    } else {
      expect(attempt).toThrow(flagNotOffered(flag))
    }
  })

  it.each(cases)('at %s (%i), %o switched off', (_name, statusId, flag) => {
    const attempt = given(flaggedCustomerAt(statusId)).when(edit({ [flag.key]: false }))
    if (flagOfferedAt(flag, statusId)) {
      expect(attempt()).toEqual([
        { type: 'ContactUpdated', data: { contactId, changes: { [flag.key]: false, [flag.dateKey]: null } } },
      ])
    } else {
      expect(attempt).toThrow(flagNotOffered(flag))
    }
  })

  it.each(cases)('at %s (%i), the date of %o moved alone', (_name, statusId, flag) => {
    const attempt = given(flaggedCustomerAt(statusId)).when(edit({ [flag.dateKey]: '2025-01-15' }))
    if (flagOfferedAt(flag, statusId))
      expect(attempt()[0]!.data).toEqual({ contactId, changes: { [flag.dateKey]: '2025-01-15' } })
    else expect(attempt).toThrow(flagNotOffered(flag))
  })

  it('refuses every toggle of a contact without a logistics standing, each under its field', () => {
    const contact = given(created())
    for (const flag of logisticsFlags) {
      expect(contact.when(edit({ [flag.key]: true }, rep))).toThrow(flagOnlyForLogistics(flag))
    }
    try {
      contact.then(edit({ isRfp: true, onlineFormDate: '2025-01-01', name: 'Renamed' }, rep))
      expect.unreachable()
    } catch (error) {
      expect((error as { errors: object }).errors).toEqual({
        isRfp: 'RFP is offered only for logistics customers',
        onlineFormDate: 'Online Form is offered only for logistics customers',
      })
    }
  })

  it('a toggle resent with its current value is no change anywhere, and the other fields still edit', () => {
    expect(given(created()).then(edit({ isRfp: false, rfpDate: null, dba: 'Fast' }, rep))).toEqual([
      { type: 'ContactUpdated', data: { contactId, changes: { dba: 'Fast' } } },
    ])
    expect(given(flaggedCustomerAt(ContactStatus.Dead)).then(edit({ isRfp: true, rfpDate: today }))).toEqual([])
  })
})

describe('a linked credit application marks the contact Credit App in any division', () => {
  it('records the flag and its date, once', () => {
    const contact = given(created())
    const marked = contact.then({ type: 'RecordCreditApplication', actor: rep, creditAppDate: today })
    expect(marked).toEqual([
      { type: 'ContactUpdated', data: { contactId, changes: { isCreditApp: true, creditAppDate: today } } },
    ])
    expect(
      given([...created(), ...marked]).then({ type: 'RecordCreditApplication', actor: rep, creditAppDate: today }),
    ).toEqual([])
  })
})
