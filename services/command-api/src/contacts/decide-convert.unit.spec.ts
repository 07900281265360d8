import { messages } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { FieldRuleError } from '../command-handling/field-rule-error'
import {
  activity,
  contactId,
  converted,
  created,
  given,
  now,
  otherUser,
  executive,
  rep,
} from '../testing/contact-given'
import type { ConvertContactCommand } from './commands'

const convert = (patch: Partial<ConvertContactCommand> = {}): ConvertContactCommand => ({
  type: 'ConvertContact',
  actor: rep,
  divisionId: 15,
  toStatusId: 2,
  effortLevel: 122,
  grade: 108,
  prospectSource: 1,
  creationDate: now.toISOString(),
  ...patch,
})
const toAccount = (patch: Partial<ConvertContactCommand> = {}) =>
  convert({
    toStatusId: 3,
    effortLevel: null,
    grade: null,
    prospectSource: null,
    accountSource: 2,
    nationalityId: 3,
    ...patch,
  })

describe('contact decider: ConvertContact (docs/product.md 4)', () => {
  it('converts a Lead with an activity to a Prospect with effort level, grade and prospect source', () => {
    expect(given([...created(), activity()]).then(convert())).toEqual([
      {
        type: 'ContactConverted',
        data: {
          contactId,
          divisionId: 15,
          fromStatusId: 1,
          toStatusId: 2,
          contactCategory: 1,
          effortLevel: 122,
          grade: 108,
          prospectSource: 1,
          accountSource: null,
          nationalityId: null,
          lessee: null,
          unassigned: false,
          assigned: rep.userId,
          creationDate: now.toISOString(),
        },
      },
    ])
  })

  it('refuses to convert a Lead without an activity in the division', () => {
    expect(given(created()).when(convert())).toThrow(messages.noActivityForContact)
    // An activity in another division does not count for this one.
    expect(given([...created(), activity(2)]).when(convert())).toThrow("You don't have activity for this contact")
  })

  it.each([
    ['effortLevel', { effortLevel: null }, messages.effortLevelRequired],
    ['grade', { grade: null }, messages.gradeRequired],
    ['prospectSource', { prospectSource: null }, messages.prospectSourceRequired],
  ] as const)('Lead → Prospect needs %s, named under the field', (field, patch, message) => {
    const then = given([...created(), activity()]).when(convert(patch))
    expect(then).toThrow(message)
    expect(then).toThrow(FieldRuleError)
    try {
      then()
    } catch (error) {
      expect((error as FieldRuleError).errors).toEqual({ [field]: message })
    }
  })

  it('names every missing field of a Lead → Prospect at once', () => {
    const then = given([...created(), activity()]).when(
      convert({ effortLevel: null, grade: null, prospectSource: null }),
    )
    try {
      then()
      expect.unreachable()
    } catch (error) {
      expect((error as FieldRuleError).errors).toEqual({
        effortLevel: messages.effortLevelRequired,
        grade: messages.gradeRequired,
        prospectSource: messages.prospectSourceRequired,
      })
    }
  })

  it('Prospect → Account needs account source and preferred language', () => {
    const prospect = [...created(), activity(), converted(1, 2)]
    expect(given(prospect).when(toAccount({ accountSource: null }))).toThrow(messages.accountSourceRequired)
    expect(given(prospect).when(toAccount({ nationalityId: null }))).toThrow(messages.preferredLanguageRequired)
    expect(given(prospect).then(toAccount())[0]).toMatchObject({
      type: 'ContactConverted',
      data: { fromStatusId: 2, toStatusId: 3, accountSource: 2, nationalityId: 3 },
    })
  })

  it('Prospect → Account with a lessee found by MC also sets the lessee', () => {
    const lessee = { mcNumber: 'MC777', lesseeName: 'Big Lessor', lesseeContactId: null }
    const events = given([...created(), activity(), converted(1, 2)]).then(toAccount({ lessee }))
    expect(events.map((e) => e.type)).toEqual(['ContactConverted', 'LesseeSet'])
    expect(events[1]!.data).toMatchObject({
      lessee: { mcNumber: 'MC777', lesseeName: 'Big Lessor', address: { city: null } },
    })
  })

  it('unassigned prospect conversion needs prospect source and grade, and leaves the prospect unassigned', () => {
    const lead = [...created(), activity()]
    const unassigned = { unassigned: true, effortLevel: null }
    expect(given(lead).when(convert({ ...unassigned, grade: null }))).toThrow(messages.gradeRequired)
    expect(given(lead).when(convert({ ...unassigned, prospectSource: null }))).toThrow(messages.prospectSourceRequired)
    expect(given(lead).then(convert(unassigned))[0]!.data).toMatchObject({
      toStatusId: 2,
      unassigned: true,
      assigned: null,
      effortLevel: null,
    })
  })

  it('converting an unassigned Lead claims it for the converter', () => {
    const events = given([...created({ assigned: null }), activity()]).then(
      convert({ actor: { ...rep, userId: otherUser } }),
    )
    expect(events[0]!.data).toMatchObject({ assigned: otherUser })
  })

  it('is disabled for the executive division, for Accounts and for Pending (the logistics status)', () => {
    expect(
      given([...created({ divisionId: 1 }), activity(1)]).when(convert({ divisionId: 1, actor: executive })),
    ).toThrow(messages.convertNotInExecutive)
    const account = [...created(), activity(), converted(1, 2), converted(2, 3)]
    expect(given(account).when(toAccount())).toThrow(messages.convertNotForAccounts)
    expect(
      given([...created({ divisionId: 3, statusId: 1 }), { type: 'ContactStatusChanged', data: pending }]).when(
        convert({ divisionId: 3, actor: { ...rep, divisionId: 3 } }),
      ),
    ).toThrow(messages.convertNotForPending)
  })

  it('converts one step at a time and only in a division the contact is in', () => {
    expect(given([...created(), activity()]).when(toAccount())).toThrow(messages.statusNotOffered)
    expect(given([...created(), activity()]).when(convert({ divisionId: 2 }))).toThrow(messages.notInDivision)
  })

  it('takes the effort level of an auto-rated company type from its trucks and refuses another one', () => {
    const fleet = [...created({ companyTypeId: 1, numberOfTrucks: 80 }), activity()]
    expect(given(fleet).when(convert({ effortLevel: 124 }))).toThrow('(0-35 C, 36-75 B, 76+ A)')
    expect(given(fleet).then(convert({ effortLevel: null }))[0]!.data).toMatchObject({ effortLevel: 122 })
    const ownerOperator = [...created({ companyTypeId: 2, numberOfTrucks: 3 }), activity()]
    expect(given(ownerOperator).then(convert({ effortLevel: 123 }))[0]!.data).toMatchObject({ effortLevel: 123 })
    // An owner operator is told its own thresholds (SPEC 9: 0-2 C, 3-4 B, 5+ A).
    expect(given(ownerOperator).when(convert({ effortLevel: 122 }))).toThrow('changed.(0-2 C, 3-4 B, 5+ A)')
  })
})

const pending = {
  contactId,
  divisionId: 3,
  fromStatusId: 1,
  toStatusId: 8,
  withoutAdditionalActions: false,
  assigned: rep.userId,
  creationDate: now.toISOString(),
}
