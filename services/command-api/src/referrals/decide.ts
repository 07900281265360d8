import {
  canSeeReferral,
  managesReferral,
  missingPaymentMessage,
  referralDueInDays,
  referralMessages,
  REFERRAL_DUE_HOUR,
  ReferralStatus,
  type Caller,
  type CreateReferral,
  type GradeDays,
  type MarkReferralRead,
  type ReferralChanged,
  type ReferralEvent,
  type ReferralFields,
  type ReferralPaymentField,
  type UpdateReferral,
} from '@crm/contracts'
import { DomainError, forbidden, localDayAt, notFound } from '@crm/platform'
import type { DecideContext, Decider } from '../command-handling/decider'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { evolveReferral, initialReferralState, type ReferralState } from './state'

/** The receiving division's days and the sender's clock: what a grade's due date is computed from. */
export interface DueDateInputs {
  config: GradeDays
  timeZone: string
}

/** The facts about the named user the handler looked up: the division they work in (null: no such active user). */
export interface AttentionToFacts {
  attentionTo: string
  divisionOfAttentionTo: number | null
}

export type ReferralCommand =
  | ({
      type: 'SendReferral'
      referralId: string
      taskId: string
      actor: Caller
      data: CreateReferral
    } & DueDateInputs & { divisionOfAttentionTo: number | null })
  | ({ type: 'ChangeReferral'; actor: Caller; changes: UpdateReferral } & DueDateInputs)
  | ({ type: 'ChangeAttentionTo'; actor: Caller } & AttentionToFacts)
  | { type: 'CompleteReferralTask'; taskId: string; completedBy: string }
  | { type: 'MarkReferralRead'; actor: Caller; payment: MarkReferralRead }

/** 17:00 local on the day the grade gives (docs/product.md 4). */
export function gradeDueDate(grade: number, now: Date, { config, timeZone }: DueDateInputs): string {
  return localDayAt(now, timeZone, referralDueInDays(grade, config), REFERRAL_DUE_HOUR).toISOString()
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim()

function assertAttentionTo(divisionOfAttentionTo: number | null, divisionId: number): void {
  if (divisionOfAttentionTo !== divisionId) {
    throw new FieldRuleError('attention_to', referralMessages.attentionToNotInDivision)
  }
}

function send(state: ReferralState, c: Extract<ReferralCommand, { type: 'SendReferral' }>, ctx: DecideContext) {
  if (state.referralId) throw new DomainError('This referral already exists')
  const d = c.data
  if (d.divisionId === c.actor.divisionId) throw new FieldRuleError('divisionId', referralMessages.sameDivision)
  assertAttentionTo(c.divisionOfAttentionTo, d.divisionId)
  const dueDate = d.dueDate ? new Date(d.dueDate).toISOString() : gradeDueDate(d.grade, ctx.now, c)
  return [
    {
      type: 'ReferralSent' as const,
      data: {
        referralId: c.referralId,
        contactId: d.contactId,
        divisionId: d.divisionId,
        divisionFrom: c.actor.divisionId,
        sentBy: c.actor.userId,
        taskId: c.taskId,
        status: ReferralStatus.Open,
        subject: d.subject.trim(),
        effortLevel: d.effort_level,
        grade: d.grade,
        attentionTo: d.attention_to,
        dueDate,
        delayDate: null,
        note: blankToNull(d.note),
      },
    },
  ]
}

/** The referral as the caller may see it, or a 404 exactly like a missing one. */
export function visible(state: ReferralState, actor: Caller): ReferralState & { fields: ReferralFields } {
  const fields = state.fields
  if (!state.referralId || !fields) throw notFound(referralMessages.notFound)
  const standing = { ...state, attentionTo: fields.attentionTo }
  if (!canSeeReferral(actor, standing)) throw notFound(referralMessages.notFound)
  return { ...state, fields }
}

function change(state: ReferralState, c: Extract<ReferralCommand, { type: 'ChangeReferral' }>, ctx: DecideContext) {
  const current = visible(state, c.actor).fields
  const x = c.changes
  const next = { ...current }
  if (x.subject !== undefined) next.subject = x.subject.trim()
  if (x.effort_level !== undefined) next.effortLevel = x.effort_level
  if (x.note !== undefined) next.note = blankToNull(x.note)
  if (x.delayDate !== undefined) next.delayDate = x.delayDate === null ? null : new Date(x.delayDate).toISOString()
  if (x.grade !== undefined) next.grade = x.grade
  if (x.dueDate !== undefined) next.dueDate = new Date(x.dueDate).toISOString()
  // A new grade moves the due date, unless a due date was chosen in the same edit.
  else if (x.grade !== undefined && x.grade !== current.grade) next.dueDate = gradeDueDate(x.grade, ctx.now, c)
  const changes: ReferralChanged['data']['changes'] = {}
  for (const key of ['subject', 'effortLevel', 'grade', 'dueDate', 'delayDate', 'note'] as const) {
    if (next[key] !== current[key]) Object.assign(changes, { [key]: next[key] })
  }
  if (Object.keys(changes).length === 0) return []
  const data = { referralId: state.referralId!, contactId: state.contactId!, changes, changedBy: c.actor.userId }
  return [{ type: 'ReferralChanged' as const, data }]
}

function reassign(state: ReferralState, c: Extract<ReferralCommand, { type: 'ChangeAttentionTo' }>) {
  const referral = visible(state, c.actor)
  if (!managesReferral(c.actor, referral)) throw forbidden(referralMessages.onlyManagers)
  assertAttentionTo(c.divisionOfAttentionTo, referral.divisionId)
  if (c.attentionTo === referral.fields.attentionTo) return []
  return [
    {
      type: 'ReferralAttentionToChanged' as const,
      data: {
        referralId: referral.referralId!,
        contactId: referral.contactId!,
        divisionId: referral.divisionId,
        from: referral.fields.attentionTo,
        to: c.attentionTo,
        changedBy: c.actor.userId,
      },
    },
  ]
}

/** The linked task was completed: status 2. Any other task naming this referral changes nothing. */
function taskCompleted(
  state: ReferralState,
  c: Extract<ReferralCommand, { type: 'CompleteReferralTask' }>,
  ctx: DecideContext,
) {
  if (!state.referralId || state.taskId !== c.taskId || state.status === ReferralStatus.Completed) return []
  return [
    {
      type: 'ReferralTaskCompleted' as const,
      data: {
        referralId: state.referralId,
        contactId: state.contactId!,
        taskId: c.taskId,
        status: ReferralStatus.Completed,
        completedBy: c.completedBy,
        completedAt: ctx.now.toISOString(),
      },
    },
  ]
}

function markRead(state: ReferralState, c: Extract<ReferralCommand, { type: 'MarkReferralRead' }>) {
  const referral = visible(state, c.actor)
  if (!managesReferral(c.actor, referral)) throw forbidden(referralMessages.onlyManagers)
  if (referral.paid) throw new DomainError(referralMessages.alreadyRead)
  const p = c.payment
  const payee = blankToNull(p.payee)
  const missing: ReferralPaymentField[] = []
  if (!p.paymentDate) missing.push('paymentDate')
  if (p.paymentAmount === undefined || p.paymentAmount === null) missing.push('paymentAmount')
  if (!payee) missing.push('payee')
  if (missing.length > 0) {
    const message = missingPaymentMessage(missing)
    throw new FieldRuleError(Object.fromEntries(missing.map((field) => [field, message])))
  }
  return [
    {
      type: 'ReferralMarkedRead' as const,
      data: {
        referralId: referral.referralId!,
        contactId: referral.contactId!,
        paymentDate: new Date(p.paymentDate!).toISOString(),
        paymentAmount: Math.round(p.paymentAmount! * 100) / 100,
        payee: payee!,
        payor: referral.divisionId,
        paymentStatus: 'Paid' as const,
        paymentEnteredBy: c.actor.userId,
      },
    },
  ]
}

/** The referral aggregate (stream referral-<id>): pure; the handler brings the config, clock zone and user facts. */
export const referralDecider: Decider<ReferralState, ReferralCommand, ReferralEvent> = {
  initialState: initialReferralState,
  evolve: evolveReferral,
  startsStream: (command) => command.type === 'SendReferral',
  decide(state, command, context) {
    switch (command.type) {
      case 'SendReferral':
        return send(state, command, context)
      case 'ChangeReferral':
        return change(state, command, context)
      case 'ChangeAttentionTo':
        return reassign(state, command)
      case 'CompleteReferralTask':
        return taskCompleted(state, command, context)
      case 'MarkReferralRead':
        return markRead(state, command)
    }
  },
}
