import { creditApplicationMessages as m, type Caller, type CreditApplicationEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../command-handling/ids'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { creditApplicationDecider, type CreditApplicationCommand } from './decide'

const context = { now: new Date('2026-06-12T15:00:00Z'), ids: idsFor('test') }
const given = (...events: CreditApplicationEvent[]) =>
  events.reduce(creditApplicationDecider.evolve, creditApplicationDecider.initialState)
const when = (events: CreditApplicationEvent[], command: CreditApplicationCommand) =>
  creditApplicationDecider.decide(given(...events), command, context)

const analyst: Caller = { userId: 'u-analyst', divisionId: 4, permissions: ['call', 'credit-analyst'] }
const revealer: Caller = { ...analyst, permissions: ['call', 'credit-analyst', 'reveal-credit-data'] }
const salesRep: Caller = { userId: 'u-rep', divisionId: 4, permissions: ['call', 'reveal-credit-data'] }
const otherDivision: Caller = { userId: 'u-other', divisionId: 2, permissions: ['manager'] }
const executive: Caller = { userId: 'u-exec', divisionId: 15, permissions: ['executive'] }
const sealed = { cipher: 'v1.a.b.c', last4: '6789' }

const received = (fields: object = {}): CreditApplicationEvent => ({
  type: 'CreditApplicationReceived',
  data: {
    applicationId: 'a-1',
    source: 'website',
    divisions: [1, 4],
    channel: 'form',
    fields,
    sensitive: {},
    lists: { loans: [], owners: [], residences: [], references: [] },
  },
})
const complete: CreditApplicationEvent[] = [
  received({
    applicationType: 'loan',
    applicantFirstName: 'Ana',
    applicantLastName: 'Diaz',
    applicantPhone: '555-0100',
    businessName: 'Diaz Haulers',
    businessDotNumber: '1234567',
    eqAmountFinanced: 85000,
  }),
  {
    type: 'CreditApplicationEdited',
    data: {
      applicationId: 'a-1',
      changes: {},
      sensitive: { applicantSsn: sealed, applicantDateOfBirth: sealed },
      editedBy: 'u-analyst',
    },
  },
]
const moved = (from: number, to: number): CreditApplicationEvent => ({
  type: 'CreditApplicationStatusChanged',
  data: { applicationId: 'a-1', fromStatusId: from as 1, toStatusId: to as 2, note: null, changedBy: 'u-analyst' },
})
const finished: CreditApplicationEvent = {
  type: 'CreditApplicationCompleted',
  data: { applicationId: 'a-1', completedBy: 'u-analyst' },
}
const status = (statusId: number, actor: Caller = analyst): CreditApplicationCommand => ({
  type: 'ChangeCreditApplicationStatus',
  source: 'website',
  actor,
  statusId: statusId as 1,
  note: null,
})
const fieldError = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    if (error instanceof FieldRuleError) return error.errors
    throw error
  }
  throw new Error('no field error')
}

describe('credit application decider', () => {
  it('files an application into the divisions of its source', () => {
    const [event] = when([], {
      type: 'ReceiveCreditApplication',
      applicationId: 'a-2',
      source: 'cps',
      channel: 'intake',
      fields: { businessName: 'Road Co', applicantFirstName: '' },
      sealed: { applicantSsn: sealed },
      lists: { loans: [], owners: [], residences: [], references: [] },
    })
    expect(event).toMatchObject({
      type: 'CreditApplicationReceived',
      data: { source: 'cps', divisions: [2], fields: { businessName: 'Road Co' }, sensitive: { applicantSsn: sealed } },
    })
    expect((event!.data as { fields: object }).fields).not.toHaveProperty('applicantFirstName')
  })

  it('answers an application of another division, or asked for through another source, as a missing one', () => {
    expect(() => when([received()], status(2, otherDivision))).toThrow(expect.objectContaining({ status: 404 }))
    expect(() => when([received()], { ...status(2), source: 'cef' })).toThrow(expect.objectContaining({ status: 404 }))
    expect(() => when([], status(2))).toThrow(expect.objectContaining({ status: 404 }))
    expect(when([received()], status(2, executive))).toHaveLength(1)
  })

  it("answers a sales rep of the application's division, who is no credit analyst, as for a missing one", () => {
    expect(() => when([received()], status(2, salesRep))).toThrow(expect.objectContaining({ status: 404 }))
  })

  describe('assigning the analyst', () => {
    const assign = (analystId: string | null, user?: { divisionId: number; permissions: string[] }) =>
      ({ type: 'AssignCreditAnalyst', source: 'website', actor: analyst, analystId, analyst: user }) as const
    const creditAnalystOf = (divisionId: number) => ({ divisionId, permissions: ['credit-analyst'] })

    it('given a new application, when a credit analyst of its divisions is assigned, then it records who and by whom', () => {
      expect(when([received()], assign('u-2', creditAnalystOf(1)))).toEqual([
        {
          type: 'CreditApplicationAnalystAssigned',
          data: { applicationId: 'a-1', analystId: 'u-2', assignedBy: 'u-analyst' },
        },
      ])
    })

    it('refuses a user who is no credit analyst, one of another division, a disabled one and an unknown one', () => {
      for (const user of [
        { divisionId: 4, permissions: ['call'] },
        creditAnalystOf(2),
        { ...creditAnalystOf(4), disabled: true },
        undefined,
      ]) {
        expect(fieldError(() => when([received()], assign('u-2', user)))).toEqual({ analystId: m.notAnAnalyst })
      }
    })

    it('keeps an assigned analyst when someone else moves the application, and unassigns with null', () => {
      const assigned: CreditApplicationEvent = {
        type: 'CreditApplicationAnalystAssigned',
        data: { applicationId: 'a-1', analystId: 'u-2', assignedBy: 'u-analyst' },
      }
      expect(when([received(), assigned, moved(1, 2)], assign('u-2', creditAnalystOf(4)))).toEqual([])
      expect(when([received(), assigned], assign(null))).toMatchObject([{ data: { analystId: null } }])
      // Nobody assigned: whoever moved it first is its analyst.
      expect(when([received(), moved(1, 2)], assign('u-analyst', creditAnalystOf(4)))).toEqual([])
    })
  })

  it('moves New to In review with who and the note', () => {
    expect(when([received()], { ...status(2), note: 'Taking it' } as CreditApplicationCommand)).toEqual([
      {
        type: 'CreditApplicationStatusChanged',
        data: { applicationId: 'a-1', fromStatusId: 1, toStatusId: 2, note: 'Taking it', changedBy: 'u-analyst' },
      },
    ])
  })

  it.each([
    [1, 2],
    [1, 4],
    [1, 6],
    [2, 4],
    [2, 6],
    [4, 2],
    [4, 6],
    [6, 2],
  ])('moves %i to %i without a complete application', (from, to) => {
    const history = [received(), ...(from === 1 ? [] : [moved(1, from === 6 ? 6 : from === 4 ? 4 : 2)])]
    expect(when(history, status(to))).toMatchObject([{ data: { fromStatusId: from, toStatusId: to } }])
  })

  it.each([
    [1, 3],
    [1, 5],
    [1, 7],
    [4, 3],
    [6, 7],
  ])('refuses %i to %i, naming both statuses', (from, to) => {
    const history = [received(), ...(from === 1 ? [] : [moved(1, from)])]
    expect(fieldError(() => when(history, status(to))).statusId).toMatch(/^An application cannot go from /)
  })

  it('decides to lend (Accepted, Approved not funded, Funded) only on a complete application', () => {
    const inReview = [received(), moved(1, 2)]
    expect(fieldError(() => when(inReview, status(5)))).toEqual({ statusId: m.needsComplete })
    expect(when([...complete, moved(1, 2), finished], status(5))).toMatchObject([{ data: { toStatusId: 5 } }])
    expect(when([...complete, moved(1, 2), finished, moved(2, 3)], status(7))).toMatchObject([
      { data: { toStatusId: 7 } },
    ])
  })

  it('keeps a funded application as it is', () => {
    const funded = [...complete, finished, moved(1, 2), moved(2, 5), moved(5, 7)]
    expect(fieldError(() => when(funded, status(6))).statusId).toBe('An application cannot go from Funded to Closed')
    expect(() =>
      when(funded, {
        type: 'EditCreditApplication',
        source: 'website',
        actor: analyst,
        changes: { eqMake: 'Volvo' },
        sealed: {},
      }),
    ).toThrow(m.alreadyFunded)
  })

  it('appends nothing for a move to the current status', () => {
    expect(when([received()], status(1))).toEqual([])
  })

  it('refuses to complete with the missing fields named under each', () => {
    const errors = fieldError(() =>
      when([received({ businessName: 'Diaz Haulers' })], {
        type: 'CompleteCreditApplication',
        source: 'website',
        actor: analyst,
      }),
    )
    expect(errors).toMatchObject({
      applicantSsn: 'Please add applicant ssn',
      eqAmountFinanced: 'Please add amount financed',
    })
    expect(errors).not.toHaveProperty('businessName')
  })

  it('completes once everything needed is there', () => {
    const command: CreditApplicationCommand = { type: 'CompleteCreditApplication', source: 'website', actor: analyst }
    expect(when(complete, command)).toEqual([
      { type: 'CreditApplicationCompleted', data: { applicationId: 'a-1', completedBy: 'u-analyst' } },
    ])
    expect(when([...complete, finished], command)).toEqual([])
  })

  it('edits only what changed', () => {
    const edit = (changes: object): CreditApplicationCommand => ({
      type: 'EditCreditApplication',
      source: 'website',
      actor: analyst,
      changes,
      sealed: {},
    })
    expect(when([received({ eqMake: 'Volvo' })], edit({ eqMake: 'Volvo' }))).toEqual([])
    expect(when([received({ eqMake: 'Volvo' })], edit({ eqMake: 'Mack', eqModel: 'Anthem' }))).toMatchObject([
      { type: 'CreditApplicationEdited', data: { changes: { eqMake: 'Mack', eqModel: 'Anthem' } } },
    ])
  })

  it('links to one contact only', () => {
    const link = (contactId: string): CreditApplicationCommand => ({
      type: 'LinkCreditApplicationToContact',
      source: 'website',
      actor: analyst,
      contactId,
      creditAppDate: '2026-06-12',
      createdContact: false,
    })
    const [linked] = when([received()], link('c-1'))
    expect(linked).toMatchObject({ type: 'CreditApplicationMergedWithContact', data: { contactId: 'c-1' } })
    expect(when([received(), linked!], link('c-1'))).toEqual([])
    expect(() => when([received(), linked!], link('c-2'))).toThrow(m.alreadyLinked)
  })

  it('reveals sensitive data only with the credit permission, recording who', () => {
    const reveal = (actor: Caller): CreditApplicationCommand => ({
      type: 'RevealCreditApplicationData',
      source: 'website',
      actor,
      field: 'applicantSsn',
    })
    expect(() => when(complete, reveal(analyst))).toThrow(expect.objectContaining({ status: 403 }))
    expect(when(complete, reveal(revealer))).toEqual([
      {
        type: 'CreditApplicationDataRevealed',
        data: { applicationId: 'a-1', field: 'applicantSsn', revealedBy: 'u-analyst' },
      },
    ])
    expect(() => when(complete, reveal({ ...revealer, divisionId: 2 }))).toThrow(
      expect.objectContaining({ status: 404 }),
    )
  })
})
