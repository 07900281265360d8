import type { HttpProblem } from '@crm/platform'
import { referralMessages, type Caller, type ReferralEvent, type ReferralSent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../command-handling/ids'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { referralDecider, type ReferralCommand } from './decide'
import { contactReferralsDecider } from './contact-referrals'

const SENDER = '11111111-1111-4111-8111-111111111111'
const RECEIVER = '22222222-2222-4222-8222-222222222222'
const OTHER = '33333333-3333-4333-8333-333333333333'
const CONTACT = '44444444-4444-4444-8444-444444444444'
/** 15:00 UTC on a Wednesday: 09:00 in Chicago (UTC-6 in winter). */
const context = { now: new Date('2026-01-14T15:00:00Z'), ids: idsFor('test') }
const config = { hotDays: 2, warmDays: 7, coldDays: 0 }
const timeZone = 'America/Chicago'

const rep = (userId: string, divisionId: number): Caller => ({ userId, divisionId, permissions: ['call'] })
const manager = (divisionId: number): Caller => ({ userId: OTHER, divisionId, permissions: ['manager'] })

const given = (...events: ReferralEvent[]) => events.reduce(referralDecider.evolve, referralDecider.initialState)
const when = (events: ReferralEvent[], command: ReferralCommand) =>
  referralDecider.decide(given(...events), command, context)
const failure = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a refusal')
}

const send = (
  overrides: Partial<Extract<ReferralCommand, { type: 'SendReferral' }>['data']> = {},
): ReferralCommand => ({
  type: 'SendReferral',
  referralId: 'r-1',
  taskId: 't-1',
  actor: rep(SENDER, 15),
  data: {
    contactId: CONTACT,
    divisionId: 2,
    subject: ' Needs financing ',
    effort_level: 122,
    grade: 108,
    attention_to: RECEIVER,
    note: '',
    ...overrides,
  },
  config,
  timeZone,
  divisionOfAttentionTo: 2,
})

const sent: ReferralSent = {
  type: 'ReferralSent',
  data: {
    referralId: 'r-1',
    contactId: CONTACT,
    divisionId: 2,
    divisionFrom: 15,
    sentBy: SENDER,
    taskId: 't-1',
    status: 1,
    subject: 'Needs financing',
    effortLevel: 122,
    grade: 108,
    attentionTo: RECEIVER,
    dueDate: '2026-01-15T23:00:00.000Z',
    delayDate: null,
    note: null,
  },
}

describe('referral decider: sending', () => {
  it('given nothing, when a rep sends a hot referral without a due date, then it is due 17:00 local hot days minus one later', () => {
    // hot 2 days: minus one = tomorrow 17:00 Chicago = 23:00 UTC.
    expect(when([], send())).toEqual([sent])
  })

  it('takes the due date the form chose over the grade', () => {
    const [event] = when([], send({ dueDate: '2026-02-01T10:00:00Z' })) as ReferralSent[]
    expect(event!.data.dueDate).toBe('2026-02-01T10:00:00.000Z')
  })

  it('refuses a referral to the sender’s own division, and a user who does not work in the receiving division', () => {
    expect(failure(() => when([], send({ divisionId: 15 })))).toEqual(
      new FieldRuleError('divisionId', referralMessages.sameDivision),
    )
    const elsewhere = { ...send(), divisionOfAttentionTo: 3 } as ReferralCommand
    expect((failure(() => when([], elsewhere)) as FieldRuleError).errors).toEqual({
      attention_to: referralMessages.attentionToNotInDivision,
    })
  })

  it('refuses a second referral of the contact to the same division (already referred), not to another one', () => {
    const referred = {
      type: 'ContactReferred' as const,
      data: { contactId: CONTACT, referralId: 'r-1', divisionId: 2, divisionFrom: 15, referredBy: SENDER },
    }
    const state = contactReferralsDecider.evolve(contactReferralsDecider.initialState, referred)
    const again = { type: 'ReferContact' as const, data: { ...referred.data, referralId: 'r-2' } }
    expect(() => contactReferralsDecider.decide(state, again, context)).toThrow(referralMessages.alreadyReferred)
    const elsewhere = { type: 'ReferContact' as const, data: { ...referred.data, referralId: 'r-2', divisionId: 3 } }
    expect(contactReferralsDecider.decide(state, elsewhere, context)).toHaveLength(1)
    // The same referral retried is no change, not a refusal.
    expect(contactReferralsDecider.decide(state, { type: 'ReferContact', data: referred.data }, context)).toEqual([])
  })
})

describe('referral decider: grade moves the due date (fixed clock, America/Chicago)', () => {
  const regrade = (grade: number, days = config): ReferralCommand => ({
    type: 'ChangeReferral',
    actor: rep(SENDER, 15),
    changes: { grade },
    config: days,
    timeZone,
  })
  const dueOf = (events: ReferralEvent[]) =>
    (events[0] as Extract<ReferralEvent, { type: 'ReferralChanged' }>).data.changes.dueDate

  it('hot (108): 17:00 plus hot days minus one', () => {
    const warmFirst = { ...sent, data: { ...sent.data, grade: 109, dueDate: '2026-01-20T23:00:00.000Z' } }
    expect(dueOf(when([warmFirst], regrade(108)))).toBe('2026-01-15T23:00:00.000Z')
  })
  it('warm (109): 17:00 plus warm days minus one', () => {
    expect(dueOf(when([sent], regrade(109)))).toBe('2026-01-20T23:00:00.000Z')
  })
  it('cold (any other grade) with 0 days: today 17:00, nothing taken off', () => {
    expect(dueOf(when([sent], regrade(110)))).toBe('2026-01-14T23:00:00.000Z')
  })
  it('cold with 14 days: 13 days on', () => {
    expect(dueOf(when([sent], regrade(110, { ...config, coldDays: 14 })))).toBe('2026-01-27T23:00:00.000Z')
  })
  it('a due date sent with the grade wins; the same grade again changes nothing', () => {
    const both: ReferralCommand = {
      ...(regrade(110) as object),
      changes: { grade: 110, dueDate: '2026-03-01T12:00:00Z' },
    } as ReferralCommand
    expect(dueOf(when([sent], both))).toBe('2026-03-01T12:00:00.000Z')
    expect(when([sent], regrade(108))).toEqual([])
  })
  it('delayDate postpones; null clears it', () => {
    const delay: ReferralCommand = {
      ...(regrade(108) as object),
      changes: { delayDate: '2026-01-30T23:00:00Z' },
    } as ReferralCommand
    const [event] = when([sent], delay)
    expect(event).toEqual({
      type: 'ReferralChanged',
      data: {
        referralId: 'r-1',
        contactId: CONTACT,
        changes: { delayDate: '2026-01-30T23:00:00.000Z' },
        changedBy: SENDER,
      },
    })
  })
  it('a rep who neither sent it nor receives it is answered as if it did not exist', () => {
    const stranger: ReferralCommand = { ...(regrade(109) as object), actor: rep(OTHER, 15) } as ReferralCommand
    expect((failure(() => when([sent], stranger)) as HttpProblem).status).toBe(404)
    expect((failure(() => when([], regrade(109))) as HttpProblem).status).toBe(404)
  })
})

describe('referral decider: attention-to and the task', () => {
  const reassign = (actor: Caller, divisionOfAttentionTo: number | null = 2): ReferralCommand => ({
    type: 'ChangeAttentionTo',
    actor,
    attentionTo: OTHER,
    divisionOfAttentionTo,
  })
  it('a manager of the receiving division reassigns it to a user of that division', () => {
    expect(when([sent], reassign(manager(2)))).toEqual([
      {
        type: 'ReferralAttentionToChanged',
        data: { referralId: 'r-1', contactId: CONTACT, divisionId: 2, from: RECEIVER, to: OTHER, changedBy: OTHER },
      },
    ])
    expect((failure(() => when([sent], reassign(manager(2), 15))) as FieldRuleError).errors).toHaveProperty(
      'attention_to',
    )
  })
  it('the sender may see it but not reassign it (403)', () => {
    expect((failure(() => when([sent], reassign(rep(SENDER, 15)))) as HttpProblem).status).toBe(403)
  })
  it('completing the linked task sets status 2, once; another task changes nothing', () => {
    const done: ReferralCommand = { type: 'CompleteReferralTask', taskId: 't-1', completedBy: RECEIVER }
    const [event] = when([sent], done)
    expect(event).toEqual({
      type: 'ReferralTaskCompleted',
      data: {
        referralId: 'r-1',
        contactId: CONTACT,
        taskId: 't-1',
        status: 2,
        completedBy: RECEIVER,
        completedAt: context.now.toISOString(),
      },
    })
    expect(when([sent, event!], done)).toEqual([])
    expect(when([sent], { ...done, taskId: 't-other' })).toEqual([])
    expect(when([], done)).toEqual([])
  })
})

describe('referral decider: mark as read with the payment', () => {
  const pay = (payment: object, actor = manager(2)): ReferralCommand => ({ type: 'MarkReferralRead', actor, payment })
  const full = { paymentDate: '2026-01-20T00:00:00Z', paymentAmount: 250.5, payee: 'Sam Sender' }
  const refusal = (payment: object) => failure(() => when([sent], pay(payment))) as FieldRuleError

  it.each([
    [{}, 'Payment Date, Payment Amount and Payee', ['paymentDate', 'paymentAmount', 'payee']],
    [{ payee: 'Sam' }, 'Payment Date and Payment Amount', ['paymentDate', 'paymentAmount']],
    [{ paymentAmount: 10 }, 'Payment Date and Payee', ['paymentDate', 'payee']],
    [{ paymentDate: full.paymentDate }, 'Payment Amount and Payee', ['paymentAmount', 'payee']],
    [{ paymentAmount: 10, payee: 'Sam' }, 'Payment Date', ['paymentDate']],
    [{ paymentDate: full.paymentDate, payee: 'Sam' }, 'Payment Amount', ['paymentAmount']],
    [
      { paymentDate: full.paymentDate, paymentAmount: 0, payee: '  ' },
      'Payment Date'.replace('Payment Date', 'Payee'),
      ['payee'],
    ],
  ])('given %j, it refuses naming %s', (payment, names, fields) => {
    const error = refusal(payment)
    const message = `You must enter data for ${names} to be able to mark as read`
    expect(error.message).toBe(message)
    expect(Object.keys(error.errors)).toEqual(fields)
  })

  it('with every field: paymentStatus Paid, the receiving division as payor, who entered it', () => {
    expect(when([sent], pay(full))).toEqual([
      {
        type: 'ReferralMarkedRead',
        data: {
          referralId: 'r-1',
          contactId: CONTACT,
          paymentDate: '2026-01-20T00:00:00.000Z',
          paymentAmount: 250.5,
          payee: 'Sam Sender',
          payor: 2,
          paymentStatus: 'Paid',
          paymentEnteredBy: OTHER,
        },
      },
    ])
  })

  it('only once; only by a manager of the receiving division (the sender’s manager sees it: 403)', () => {
    const [paid] = when([sent], pay(full))
    expect(() => when([sent, paid!], pay(full))).toThrow(referralMessages.alreadyRead)
    expect((failure(() => when([sent], pay(full, manager(15)))) as HttpProblem).status).toBe(403)
    expect((failure(() => when([sent], pay(full, manager(3)))) as HttpProblem).status).toBe(404)
  })
})
