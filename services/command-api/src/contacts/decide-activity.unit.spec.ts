import { ActivityType, activityMessages, messages, type ContactEvent } from '@crm/contracts'
import type { HttpProblem } from '@crm/platform'
import { describe, expect, it } from 'vitest'
import { FieldRuleError } from '../command-handling/field-rule-error'
import {
  activity,
  contactId,
  created,
  given,
  now,
  executive,
  otherUser,
  permissionsOf,
  rep,
} from '../testing/contact-given'
import type {
  Authority,
  EditActivityCommand,
  GiveUpCommand,
  InactivateActivityCommand,
  LogActivityCommand,
} from './commands'

// The fixed clock of contact-given: 2025-03-01T10:00:00Z.
const log = (patch: Partial<LogActivityCommand['data']> = {}, mayDirectMail = false): LogActivityCommand => ({
  type: 'LogActivity',
  actor: rep,
  activityId: 'act-new',
  source: 'form',
  mayDirectMail,
  data: { contactId, divisionId: 15, activityType: ActivityType.Meeting, subject: 'Site visit', ...patch },
})
const edit = (
  changes: EditActivityCommand['changes'],
  patch: Partial<Omit<EditActivityCommand, 'changes'>> = {},
): EditActivityCommand => ({
  type: 'EditActivity',
  actor: rep,
  activityId: 'act-1',
  changes,
  authority: 'own',
  mayDirectMail: false,
  ...patch,
})
const inactivate = (
  activityId = 'act-1',
  patch: Partial<InactivateActivityCommand> = {},
): InactivateActivityCommand => ({
  type: 'InactivateActivity',
  actor: rep,
  activityId,
  authority: 'own',
  ...patch,
})
const giveUp: GiveUpCommand = {
  type: 'GiveUpContact',
  actor: rep,
  divisionId: 15,
  giveUpReason: 'Not interested',
  otherReasonNote: null,
  minCallAttempts: 3,
}
const calls = (n: number) => Array.from({ length: n }, (_, i) => activity(15, ActivityType.OutgoingCall, `call-${i}`))
const meetingOn = (occurredAt: string): ContactEvent => {
  const event = activity(15, ActivityType.Meeting)
  return { ...event, data: { ...event.data, occurredAt } } as ContactEvent
}

/** The thrown error of a decision (a FieldRuleError, DomainError or HttpProblem). */
function refusal(decide: () => unknown): Error {
  try {
    decide()
  } catch (error) {
    return error as Error
  }
  throw new Error('expected the command to be refused')
}
const status = (decide: () => unknown) => (refusal(decide) as HttpProblem).status

describe('activity decider: meeting dates (docs/product.md 5: today or the two previous days)', () => {
  it.each([
    ['today', '2025-03-01T09:00:00Z'],
    ['later today', '2025-03-01T23:30:00Z'],
    ['two days ago, first minute', '2025-02-27T00:00:00Z'],
  ])('accepts a meeting dated %s', (_, occurredAt) => {
    expect(given(created()).then(log({ occurredAt }))[0]).toMatchObject({
      type: 'ActivityLogged',
      data: { activityType: ActivityType.Meeting, occurredAt: new Date(occurredAt).toISOString() },
    })
  })

  it.each([
    ['three days ago', '2025-02-26T23:59:00Z'],
    ['tomorrow', '2025-03-02T00:00:00Z'],
  ])('refuses a meeting dated %s, under the date field', (_, occurredAt) => {
    const error = refusal(given(created()).when(log({ occurredAt })))
    expect(error).toBeInstanceOf(FieldRuleError)
    expect(error).toMatchObject({ field: 'occurredAt', message: activityMessages.meetingDateOutOfRange })
  })

  it('refuses No Answer in the executive division, where statuses are not worked (docs/product.md 6)', () => {
    const inExecutive = given(created({ divisionId: 1 }))
    const noAnswer: LogActivityCommand = {
      ...log({ divisionId: 1, activityType: ActivityType.OutgoingCall, subject: 'No Answer' }),
      actor: executive,
      source: 'no-answer',
    }
    expect(inExecutive.when(noAnswer)).toThrow(messages.executiveDivisionStatus)
    // A call logged from the activity form is fine there.
    expect(inExecutive.then({ ...noAnswer, source: 'form' })).toHaveLength(1)
  })

  it("counts days on the user's calendar: 03:00 UTC on Feb 27 is still Feb 26 in New York", () => {
    const occurredAt = '2025-02-27T03:00:00Z'
    expect(given(created()).then(log({ occurredAt }))).toHaveLength(1)
    expect(given(created()).when(log({ occurredAt, utcOffset: -300 }))).toThrow(activityMessages.meetingDateOutOfRange)
  })

  it('leaves other types alone and dates an undated meeting now', () => {
    const old = '2024-01-01T10:00:00Z'
    expect(given(created()).then(log({ activityType: ActivityType.Email, occurredAt: old }))).toHaveLength(1)
    expect(given(created()).then(log())[0]!.data).toMatchObject({ occurredAt: now.toISOString() })
  })

  it('checks an edit that moves the date or turns an old activity into a meeting, not one that fixes notes', () => {
    const old = given([...created(), meetingOn('2025-02-20T10:00:00Z')])
    expect(old.then(edit({ notes: 'Brought the contract' }))).toHaveLength(1)
    expect(old.when(edit({ occurredAt: '2025-02-21T10:00:00Z' }))).toThrow(activityMessages.meetingDateOutOfRange)
    expect(old.then(edit({ occurredAt: '2025-02-28T10:00:00Z' }))[0]!.data).toMatchObject({
      changes: { occurredAt: '2025-02-28T10:00:00.000Z' },
    })
    const email = given([...created(), activity(15, ActivityType.Email)])
    expect(email.then(edit({ activityType: ActivityType.Meeting }))).toHaveLength(1)
    const oldEmail = { ...activity(15, ActivityType.Email) } as Extract<ContactEvent, { type: 'ActivityLogged' }>
    const stale = given([...created(), { ...oldEmail, data: { ...oldEmail.data, occurredAt: '2025-01-02T10:00:00Z' } }])
    expect(stale.when(edit({ activityType: ActivityType.Meeting }))).toThrow(activityMessages.meetingDateOutOfRange)
  })
})

describe('activity decider: direct mail needs the direct-mail permission (docs/product.md 6)', () => {
  it('refuses to log a direct mail without it (403) and logs it with it', () => {
    const directMail = { activityType: ActivityType.DirectMail, subject: 'Flyer' }
    expect(status(given(created()).when(log(directMail)))).toBe(403)
    expect(given(created()).then(log(directMail, true))[0]!.data).toMatchObject({ activityType: 10014 })
  })

  it('refuses to edit an activity into a direct mail, or to edit a direct mail, without it', () => {
    expect(status(given([...created(), activity(15, 10012)]).when(edit({ activityType: 10014 })))).toBe(403)
    const mail = given([...created(), activity(15, ActivityType.DirectMail)])
    expect(status(mail.when(edit({ subject: 'Second flyer' })))).toBe(403)
    expect(mail.then(edit({ subject: 'Second flyer' }, { mayDirectMail: true }))).toHaveLength(1)
  })
})

describe('activity decider: edit and set inactive', () => {
  const withCall = () => given([...created(), activity()])

  it('records only what changed, cleared notes as null, and nothing for an edit that changes nothing', () => {
    const events = withCall().then(
      edit({
        subject: '  Follow-up call ',
        notes: '   ',
        activityType: ActivityType.OutgoingCall,
        occurredAt: now.toISOString(),
        callData: { duration: 95, outcome: 'Answered' },
      }),
    )
    expect(events).toEqual([
      {
        type: 'ActivityEdited',
        data: {
          contactId,
          activityId: 'act-1',
          divisionId: 15,
          changes: { subject: 'Follow-up call', notes: null, callData: { duration: 95, outcome: 'Answered' } },
        },
      },
    ])
    expect(withCall().then(edit({ activityType: ActivityType.OutgoingCall, occurredAt: now.toISOString() }))).toEqual(
      [],
    )
  })

  // Another rep, or a manager of another division, cannot see the rep's contact at all: 404, as if missing.
  it.each<[string, Authority, number, true | 404]>([
    ['another rep', 'own', 15, 404],
    ['a manager of the division', 'division', 15, true],
    ['a manager of another division', 'division', 7, 404],
    ['an executive', 'all', 1, true],
  ])('lets %s edit or inactivate the author’s activity: %s', (_, authority, divisionId, allowed) => {
    const actor = { userId: otherUser, divisionId, permissions: permissionsOf[authority] }
    const state = withCall()
    if (allowed === true) {
      expect(state.then(edit({ subject: 'Edited' }, { actor, authority }))).toHaveLength(1)
      expect(state.then(inactivate('act-1', { actor, authority }))).toHaveLength(1)
    } else {
      expect(status(state.when(edit({ subject: 'Edited' }, { actor, authority })))).toBe(allowed)
      expect(status(state.when(inactivate('act-1', { actor, authority })))).toBe(allowed)
    }
  })

  it('keeps the author’s own authority inside the visibility policy: a manager who sees it but has own authority may not', () => {
    const actor = { userId: otherUser, divisionId: 15, permissions: permissionsOf.division }
    expect(status(withCall().when(edit({ subject: 'Edited' }, { actor, authority: 'own' })))).toBe(403)
  })

  it('answers 404 for an unknown activity; an inactive one cannot be edited, and inactivating again is a no-op', () => {
    expect(status(withCall().when(edit({ subject: 'x' }, { activityId: 'nope' })))).toBe(404)
    expect(status(withCall().when(inactivate('nope')))).toBe(404)
    const [inactivated] = withCall().then(inactivate())
    expect(inactivated).toEqual({
      type: 'ActivityInactivated',
      data: { contactId, activityId: 'act-1', divisionId: 15 },
    })
    const after = given([...created(), activity(), inactivated!])
    expect(after.when(edit({ subject: 'x' }))).toThrow(activityMessages.activityInactive)
    expect(after.then(inactivate())).toEqual([])
  })
})

describe('activity decider: inactive activities leave the counts the lifecycle rules use', () => {
  const inactivated = (id: string): ContactEvent => ({
    type: 'ActivityInactivated',
    data: { contactId, activityId: id, divisionId: 15 },
  })
  const edited = (id: string, activityType: number): ContactEvent => ({
    type: 'ActivityEdited',
    data: { contactId, activityId: id, divisionId: 15, changes: { activityType } },
  })

  it('give up counts only active outgoing calls', () => {
    expect(given([...created(), ...calls(3)]).then(giveUp)[0]!.type).toBe('ContactGivenUp')
    expect(given([...created(), ...calls(3), inactivated('call-1')]).when(giveUp)).toThrow(
      messages.notEnoughCallAttempts(2, 3),
    )
  })

  it('a call edited into an email stops counting as an attempt; an email edited into a call starts', () => {
    expect(given([...created(), ...calls(3), edited('call-0', ActivityType.Email)]).when(giveUp)).toThrow(
      messages.notEnoughCallAttempts(2, 3),
    )
    const email = activity(15, ActivityType.Email, 'mail-1')
    const state = given([...created(), ...calls(2), email, edited('mail-1', ActivityType.OutgoingCall)])
    expect(state.then(giveUp)[0]!.type).toBe('ContactGivenUp')
  })

  it('a Lead whose only activity was set inactive has no activity to convert with', () => {
    const convert = {
      type: 'ConvertContact',
      actor: rep,
      divisionId: 15,
      toStatusId: 2,
      effortLevel: 122,
      grade: 108,
      prospectSource: 1,
      creationDate: now.toISOString(),
    } as const
    expect(given([...created(), activity()]).then(convert)[0]!.type).toBe('ContactConverted')
    expect(given([...created(), activity(), inactivated('act-1')]).when(convert)).toThrow(messages.noActivityForContact)
  })
})

describe('contact decider: a task’s files linked to an activity', () => {
  const file = (key: string) => ({ id: key, key, type: 'application/pdf', name: `${key}.pdf` })
  const link = (keys: string[], actor = rep) => ({
    type: 'LinkAttachments' as const,
    actor,
    activityId: 'act-1',
    attachments: keys.map(file),
    authority: 'own' as Authority,
  })
  const logged = [...created(), activity()]

  it('adds the files to the activity as an edit that names them all', () => {
    expect(given(logged).then(link(['a', 'b']))).toEqual([
      {
        type: 'ActivityEdited',
        data: { contactId, activityId: 'act-1', divisionId: 15, changes: { attachments: [file('a'), file('b')] } },
      },
    ])
  })

  it('adds none twice: a retried link appends nothing', () => {
    const once = [...logged, ...given(logged).then(link(['a']))]
    expect(given(once).then(link(['a']))).toEqual([])
    expect((given(once).then(link(['a', 'c']))[0] as { data: { changes: unknown } }).data.changes).toEqual({
      attachments: [file('a'), file('c')],
    })
  })

  it('holds at most five files', () => {
    const full = [...logged, ...given(logged).then(link(['1', '2', '3', '4']))]
    expect(given(full).when(link(['5', '6']))).toThrow(FieldRuleError)
  })

  it('only whoever may edit the activity links to it', () => {
    const stranger = { ...rep, userId: otherUser }
    expect(given(logged).when(link(['a'], stranger))).toThrow()
  })
})
