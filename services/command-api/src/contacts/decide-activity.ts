import {
  ActivityType,
  MAX_ATTACHMENTS,
  activityMessages,
  attachmentMessages,
  isMeetingDateAllowed,
  type ContactEvent,
} from '@crm/contracts'
import { DomainError, forbidden, notFound } from '@crm/platform'
import type { DecideContext } from '../command-handling/decider'
import { FieldRuleError } from '../command-handling/field-rule-error'
import type {
  Actor,
  Authority,
  EditActivityCommand,
  InactivateActivityCommand,
  LinkAttachmentsCommand,
  LogActivityCommand,
} from './commands'
import { assertLive, assertNotExecutive, blankToNull } from './rules'
import type { ContactState } from '@crm/contracts'

type ActivityChanges = Extract<ContactEvent, { type: 'ActivityEdited' }>['data']['changes']

/** Author of the record, or a manager of its division ('division'), or an executive ('all'). */
export function mayChange(
  record: { authorId: string; divisionId: number },
  actor: Actor,
  authority: Authority,
): boolean {
  if (record.authorId === actor.userId || authority === 'all') return true
  return authority === 'division' && record.divisionId === actor.divisionId
}

/** docs/product.md 6: without the direct-mail permission that type is hidden, and the server refuses it (403). */
function assertTypeAllowed(activityType: number, mayDirectMail: boolean): void {
  if (activityType === ActivityType.DirectMail && !mayDirectMail) throw forbidden()
}

/** docs/product.md 5: a meeting may only be dated today or one of the two previous days (the user's days). */
function assertMeetingDate(occurredAt: string, context: DecideContext, utcOffset: number | undefined): void {
  if (!isMeetingDateAllowed(new Date(occurredAt), context.now, utcOffset ?? 0)) {
    throw new FieldRuleError('occurredAt', activityMessages.meetingDateOutOfRange)
  }
}

const toCallData = (callData: EditActivityCommand['changes']['callData']) =>
  callData ? { duration: callData.duration, outcome: callData.outcome } : null

/**
 * An activity (call, email, meeting, ...) on the contact's stream. No Answer is an outgoing call that was
 * attempted and not answered: it counts towards the call attempts give-up needs.
 */
export function logActivity(state: ContactState, command: LogActivityCommand, context: DecideContext): ContactEvent[] {
  assertLive(state)
  const { data } = command
  assertTypeAllowed(data.activityType, command.mayDirectMail === true)
  // The status bar's No Answer is status work, which the executive division does not do (docs/product.md 6).
  if (command.source === 'no-answer') assertNotExecutive(data.divisionId)
  const occurredAt = data.occurredAt ? new Date(data.occurredAt).toISOString() : context.now.toISOString()
  if (data.activityType === ActivityType.Meeting) assertMeetingDate(occurredAt, context, data.utcOffset)
  return [
    {
      type: 'ActivityLogged',
      data: {
        contactId: state.contactId!,
        activityId: command.activityId,
        divisionId: data.divisionId,
        activityType: data.activityType,
        subject: data.subject.trim(),
        notes: blankToNull(data.notes),
        callData: toCallData(data.callData),
        occurredAt,
        userId: command.actor.userId,
        nextStep: null,
        followUpDate: null,
        attachments: [],
        source: command.source,
      },
    },
  ]
}

function activityToChange(state: ContactState, activityId: string, actor: Actor, authority: Authority) {
  assertLive(state)
  const facts = state.activityLog[activityId]
  if (!facts) throw notFound(activityMessages.activityNotFound)
  if (!mayChange(facts, actor, authority)) throw forbidden()
  return facts
}

/**
 * PATCH /activity/{id}: the author or a manager of the activity's division changes its subject, notes,
 * type, call data or date. The edited result obeys the same rules as a new activity (direct mail, meeting
 * dates); the meeting-date rule is checked when the date or the type changes, so fixing a typo in an old
 * meeting's notes stays possible. Only fields that change are recorded; no change appends nothing.
 */
export function editActivity(
  state: ContactState,
  command: EditActivityCommand,
  context: DecideContext,
): ContactEvent[] {
  const facts = activityToChange(state, command.activityId, command.actor, command.authority)
  if (!facts.active) throw new DomainError(activityMessages.activityInactive)
  const { activityType, subject, notes, callData, occurredAt, utcOffset } = command.changes
  const changes: ActivityChanges = {}
  if (activityType !== undefined && activityType !== facts.activityType) changes.activityType = activityType
  if (subject !== undefined) changes.subject = subject.trim()
  if (notes !== undefined) changes.notes = blankToNull(notes)
  if (callData !== undefined) changes.callData = toCallData(callData)
  if (occurredAt !== undefined) {
    const iso = new Date(occurredAt).toISOString()
    if (iso !== facts.occurredAt) changes.occurredAt = iso
  }
  const resultingType = changes.activityType ?? facts.activityType
  assertTypeAllowed(resultingType, command.mayDirectMail)
  if (resultingType === ActivityType.Meeting && (changes.occurredAt || changes.activityType)) {
    assertMeetingDate(changes.occurredAt ?? facts.occurredAt, context, utcOffset)
  }
  if (Object.keys(changes).length === 0) return []
  return [
    {
      type: 'ActivityEdited',
      data: { contactId: state.contactId!, activityId: command.activityId, divisionId: facts.divisionId, changes },
    },
  ]
}

/** PATCH /activity/set-inactive/{id}: withdrawn from the timeline and the counts; again changes nothing. */
export function inactivateActivity(state: ContactState, command: InactivateActivityCommand): ContactEvent[] {
  const facts = activityToChange(state, command.activityId, command.actor, command.authority)
  if (!facts.active) return []
  return [
    {
      type: 'ActivityInactivated',
      data: { contactId: state.contactId!, activityId: command.activityId, divisionId: facts.divisionId },
    },
  ]
}

/**
 * POST /activity/link-attachments: a task's files joined to an activity, by whoever may edit the activity. Files
 * already on it are not added again (a retried link appends nothing); it holds at most 5 (docs/product.md 5).
 */
export function linkAttachments(state: ContactState, command: LinkAttachmentsCommand): ContactEvent[] {
  const facts = activityToChange(state, command.activityId, command.actor, command.authority)
  if (!facts.active) throw new DomainError(activityMessages.activityInactive)
  const current = facts.attachments ?? []
  const added = command.attachments.filter((a) => !current.some((c) => c.key === a.key))
  if (added.length === 0) return []
  if (current.length + added.length > MAX_ATTACHMENTS) throw new FieldRuleError('keys', attachmentMessages.tooMany)
  return [
    {
      type: 'ActivityEdited',
      data: {
        contactId: state.contactId!,
        activityId: command.activityId,
        divisionId: facts.divisionId,
        changes: { attachments: [...current, ...added] },
      },
    },
  ]
}
