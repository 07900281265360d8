import { messages } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { contactId, converted, created, given, rep } from '../testing/contact-given'
import type { EditDivisionRecordCommand } from './commands'

const edit = (
  changes: EditDivisionRecordCommand['changes'],
  patch: Partial<EditDivisionRecordCommand> = {},
): EditDivisionRecordCommand => ({ type: 'EditDivisionRecord', actor: rep, divisionId: 15, changes, ...patch })

/** The HTTP status a refusal answers with. */
function statusOf(decide: () => unknown): number | undefined {
  try {
    decide()
  } catch (error) {
    return (error as { status?: number }).status
  }
  return undefined
}

// A Prospect of the rep in division 15, converted Hot with effort A.
const prospect = () => [...created(), converted(1, 2)]

describe('contact decider: the per-division record (grade, effort level, stage)', () => {
  it('records only the fields that change, with what they were and the status they were changed under', () => {
    expect(given(prospect()).then(edit({ grade: 109, effortLevel: 122, stage: 3 }))).toEqual([
      {
        type: 'ContactDivisionRecordEdited',
        data: {
          contactId,
          divisionId: 15,
          statusId: 2,
          changes: { grade: 109, stage: 3 },
          previous: { grade: 108, effortLevel: 122, stage: null },
        },
      },
    ])
  })

  it('appends nothing when every value sent is the current one', () => {
    expect(given(prospect()).then(edit({ grade: 108 }))).toEqual([])
  })

  it('clears the stage with null, and the next edit starts from the state the events left', () => {
    const staged = given(prospect()).then(edit({ stage: 4 }))
    expect(given([...prospect(), ...staged]).then(edit({ stage: null }))[0]!.data).toMatchObject({
      changes: { stage: null },
      previous: { stage: 4 },
    })
  })

  it("refuses to choose the effort level of an auto-rated company type, with SPEC's message", () => {
    const rated = [...created({ companyTypeId: 1, numberOfTrucks: 10 }), converted(1, 2)]
    // Ten trucks of a trucking company rate C (124).
    expect(given(rated).when(edit({ effortLevel: 123 }))).toThrow(
      'You are not allowed to change the effort level. Please change number of trucks if you want effort level to be changed.(0-35 C, 36-75 B, 76+ A)',
    )
    const ownerOperator = [...created({ companyTypeId: 2, numberOfTrucks: 10 }), converted(1, 2)]
    expect(given(ownerOperator).when(edit({ effortLevel: 123 }))).toThrow('changed.(0-2 C, 3-4 B, 5+ A)')
    expect(given(rated).then(edit({ effortLevel: 124 }))[0]!.data).toMatchObject({ changes: { effortLevel: 124 } })
    // Its grade and stage stay editable.
    expect(given(rated).then(edit({ grade: 109 }))).toHaveLength(1)
  })

  it('answers a division the contact is not in as missing, and refuses the executive division', () => {
    const elsewhere = { ...rep, divisionId: 3, permissions: ['executive'] }
    expect(statusOf(given(prospect()).when(edit({ grade: 109 }, { divisionId: 3, actor: elsewhere })))).toBe(404)
    expect(given(prospect()).when(edit({ grade: 109 }, { divisionId: 1 }))).toThrow(messages.executiveDivisionStatus)
  })

  it("leaves another division's record to that division; executives change any", () => {
    const inTwo = [...prospect(), converted(1, 2, 3)]
    expect(statusOf(given(inTwo).when(edit({ grade: 109 }, { divisionId: 3 })))).toBe(403)
    const executive = { ...rep, divisionId: 1, permissions: ['executive'] }
    expect(given(inTwo).then(edit({ grade: 109 }, { divisionId: 3, actor: executive }))).toHaveLength(1)
  })
})
