import {
  canSeeOpportunity,
  daysForGrade,
  opportunityMessages,
  type Caller,
  type CreateOpportunity,
  type GradeDays,
  type OpportunityChanged,
  type OpportunityEvent,
  type OpportunityFields,
  type UpdateOpportunity,
} from '@crm/contracts'
import { DomainError, localDayAt, notFound } from '@crm/platform'
import type { DecideContext, Decider } from '../command-handling/decider'
import { FieldRuleError } from '../command-handling/field-rule-error'

export interface OpportunityState {
  opportunityId: string | null
  contactId: string | null
  divisionId: number
  createdBy: string
  fields: OpportunityFields | null
}

export type OpportunityCommand =
  | {
      type: 'CreateOpportunity'
      opportunityId: string
      actor: Caller
      data: CreateOpportunity
      /** The contact's grade in the caller's division (null: none yet, read as cold). */
      grade: number | null
      config: GradeDays
      timeZone: string
      /** The division the salesperson works in (null: no such active user). */
      divisionOfSalesperson: number | null
    }
  | { type: 'ChangeOpportunity'; actor: Caller; changes: UpdateOpportunity; divisionOfSalesperson: number | null }

const initialState: OpportunityState = {
  opportunityId: null,
  contactId: null,
  divisionId: 0,
  createdBy: '',
  fields: null,
}

function evolve(state: OpportunityState, event: OpportunityEvent): OpportunityState {
  switch (event.type) {
    case 'OpportunityCreated': {
      const { opportunityId, contactId, divisionId, createdBy, creationDate: _c, ...fields } = event.data
      return { opportunityId, contactId, divisionId, createdBy, fields }
    }
    case 'OpportunityChanged':
      return state.fields ? { ...state, fields: { ...state.fields, ...event.data.changes } } : state
    case 'OpportunityStageChanged':
      return state.fields ? { ...state, fields: { ...state.fields, prospectStage: event.data.toStage } } : state
    default:
      return state
  }
}

/** Today plus the division's days for the grade (108 hot, 109 warm, other cold), as a calendar day. */
export function defaultCloseDate(now: Date, timeZone: string, grade: number | null, config: GradeDays): string {
  const day = localDayAt(now, timeZone, daysForGrade(grade ?? 0, config), 12)
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(day)
}

const money = (amount: number) => Math.round(amount * 100) / 100

function assertSalesperson(division: number | null, divisionId: number): void {
  if (division !== divisionId) throw new FieldRuleError('userId', opportunityMessages.salespersonNotInDivision)
}

function create(
  state: OpportunityState,
  c: Extract<OpportunityCommand, { type: 'CreateOpportunity' }>,
  ctx: DecideContext,
) {
  if (state.opportunityId) throw new DomainError('This opportunity already exists')
  const d = c.data
  assertSalesperson(c.divisionOfSalesperson, c.actor.divisionId)
  return [
    {
      type: 'OpportunityCreated' as const,
      data: {
        opportunityId: c.opportunityId,
        contactId: d.contactId,
        divisionId: c.actor.divisionId,
        createdBy: c.actor.userId,
        creationDate: ctx.now.toISOString(),
        opportunityName: d.opportunityName.trim(),
        expectedCloseDate: d.expectedCloseDate ?? defaultCloseDate(ctx.now, c.timeZone, c.grade, c.config),
        prospectStage: d.prospectStage,
        probability: d.probability,
        opportunityType: d.opportunityType,
        amount: money(d.amount),
        userId: d.userId ?? c.actor.userId,
      },
    },
  ]
}

function change(
  state: OpportunityState,
  c: Extract<OpportunityCommand, { type: 'ChangeOpportunity' }>,
  ctx: DecideContext,
) {
  const current = state.fields
  if (!state.opportunityId || !current) throw notFound(opportunityMessages.notFound)
  const standing = { divisionId: state.divisionId, userId: current.userId, createdBy: state.createdBy }
  if (!canSeeOpportunity(c.actor, standing)) throw notFound(opportunityMessages.notFound)
  const x = c.changes
  if (x.userId !== undefined && x.userId !== current.userId)
    assertSalesperson(c.divisionOfSalesperson, state.divisionId)
  const next: OpportunityFields = {
    opportunityName: x.opportunityName?.trim() ?? current.opportunityName,
    expectedCloseDate: x.expectedCloseDate ?? current.expectedCloseDate,
    prospectStage: x.prospectStage ?? current.prospectStage,
    probability: x.probability ?? current.probability,
    opportunityType: x.opportunityType ?? current.opportunityType,
    amount: x.amount === undefined ? current.amount : money(x.amount),
    userId: x.userId ?? current.userId,
  }
  const events: OpportunityEvent[] = []
  const changes: OpportunityChanged['data']['changes'] = {}
  for (const key of Object.keys(next) as (keyof OpportunityFields)[]) {
    if (key !== 'prospectStage' && next[key] !== current[key]) Object.assign(changes, { [key]: next[key] })
  }
  const base = { opportunityId: state.opportunityId, contactId: state.contactId!, changedBy: c.actor.userId }
  if (Object.keys(changes).length > 0) events.push({ type: 'OpportunityChanged', data: { ...base, changes } })
  if (next.prospectStage !== current.prospectStage) {
    events.push({
      type: 'OpportunityStageChanged',
      data: {
        ...base,
        fromStage: current.prospectStage,
        toStage: next.prospectStage,
        changedAt: ctx.now.toISOString(),
      },
    })
  }
  return events
}

/** The opportunity aggregate (stream opportunity-<id>): pure; the handler brings grade, config and user facts. */
export const opportunityDecider: Decider<OpportunityState, OpportunityCommand, OpportunityEvent> = {
  initialState,
  evolve,
  startsStream: (command) => command.type === 'CreateOpportunity',
  decide: (state, command, context) =>
    command.type === 'CreateOpportunity' ? create(state, command, context) : change(state, command, context),
}
