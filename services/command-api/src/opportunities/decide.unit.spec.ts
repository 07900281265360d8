import { opportunityMessages, type Caller, type OpportunityEvent } from '@crm/contracts'
import type { HttpProblem } from '@crm/platform'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../command-handling/ids'
import type { FieldRuleError } from '../command-handling/field-rule-error'
import { opportunityDecider, type OpportunityCommand } from './decide'

const REP = '11111111-1111-4111-8111-111111111111'
const OTHER = '22222222-2222-4222-8222-222222222222'
const CONTACT = '33333333-3333-4333-8333-333333333333'
/** 15:00 UTC: 09:00 in Chicago, the same calendar day. */
const context = { now: new Date('2026-01-14T15:00:00Z'), ids: idsFor('test') }
const config = { hotDays: 2, warmDays: 7, coldDays: 14 }
const rep: Caller = { userId: REP, divisionId: 15, permissions: ['call'] }

const given = (...events: OpportunityEvent[]) =>
  events.reduce(opportunityDecider.evolve, opportunityDecider.initialState)
const when = (events: OpportunityEvent[], command: OpportunityCommand) =>
  opportunityDecider.decide(given(...events), command, context)
const failure = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a refusal')
}

const create = (grade: number | null, extra: object = {}): OpportunityCommand => ({
  type: 'CreateOpportunity',
  opportunityId: 'o-1',
  actor: rep,
  data: {
    contactId: CONTACT,
    opportunityName: ' Five reefers ',
    prospectStage: 1,
    probability: 20,
    opportunityType: 1,
    amount: 125000.456,
    ...extra,
  },
  grade,
  config,
  timeZone: 'America/Chicago',
  divisionOfSalesperson: 15,
})
const created = when([], create(108))[0]!

describe('opportunity decider', () => {
  it.each([
    [108, 'hot', '2026-01-16'],
    [109, 'warm', '2026-01-21'],
    [110, 'cold', '2026-01-28'],
    [null, 'no grade (cold)', '2026-01-28'],
  ])('given grade %s (%s), the expected close date defaults to today plus the division’s days', (grade, _, day) => {
    const [event] = when([], create(grade as number | null))
    expect((event!.data as { expectedCloseDate: string }).expectedCloseDate).toBe(day)
  })

  it('creates it in the caller’s division with the author as salesperson, the amount to the cent', () => {
    expect(created).toEqual({
      type: 'OpportunityCreated',
      data: {
        opportunityId: 'o-1',
        contactId: CONTACT,
        divisionId: 15,
        createdBy: REP,
        creationDate: context.now.toISOString(),
        opportunityName: 'Five reefers',
        expectedCloseDate: '2026-01-16',
        prospectStage: 1,
        probability: 20,
        opportunityType: 1,
        amount: 125000.46,
        userId: REP,
      },
    })
  })

  it('refuses a salesperson from another division, under the field', () => {
    const elsewhere = { ...create(108, { userId: OTHER }), divisionOfSalesperson: 2 } as OpportunityCommand
    expect((failure(() => when([], elsewhere)) as FieldRuleError).errors).toEqual({
      userId: opportunityMessages.salespersonNotInDivision,
    })
  })

  it('records a stage change with who and when, apart from the other changes', () => {
    const move: OpportunityCommand = {
      type: 'ChangeOpportunity',
      actor: rep,
      changes: { prospectStage: 4, probability: 60 },
      divisionOfSalesperson: null,
    }
    expect(when([created], move)).toEqual([
      {
        type: 'OpportunityChanged',
        data: { opportunityId: 'o-1', contactId: CONTACT, changedBy: REP, changes: { probability: 60 } },
      },
      {
        type: 'OpportunityStageChanged',
        data: {
          opportunityId: 'o-1',
          contactId: CONTACT,
          changedBy: REP,
          fromStage: 1,
          toStage: 4,
          changedAt: context.now.toISOString(),
        },
      },
    ])
    // The same values again change nothing.
    expect(when([created], { ...move, changes: { prospectStage: 1, probability: 20 } })).toEqual([])
  })

  it('is answered as missing to a rep who is neither its salesperson nor its author; a manager of the division sees it', () => {
    const stranger: OpportunityCommand = {
      type: 'ChangeOpportunity',
      actor: { userId: OTHER, divisionId: 15, permissions: ['call'] },
      changes: { prospectStage: 6 },
      divisionOfSalesperson: null,
    }
    expect((failure(() => when([created], stranger)) as HttpProblem).status).toBe(404)
    const manager = { ...stranger, actor: { userId: OTHER, divisionId: 15, permissions: ['manager'] } }
    expect(when([created], manager)[0]!.type).toBe('OpportunityStageChanged')
    const elsewhere = { ...stranger, actor: { userId: OTHER, divisionId: 2, permissions: ['manager'] } }
    expect((failure(() => when([created], elsewhere)) as HttpProblem).status).toBe(404)
  })
})
