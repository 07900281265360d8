/**
 * Events of the referral stream (`referral-<id>`), docs/product.md 3 "Referral". Every event names its contact
 * (the contact's history and the referral timeline read them by contact). Dates are UTC ISO strings; amounts
 * are numbers of dollars with two decimals. Fields are only ever added, never renamed.
 */
export interface ReferralFields {
  subject: string
  effortLevel: number
  grade: number
  attentionTo: string
  dueDate: string
  delayDate: string | null
  note: string | null
}

export type ReferralSent = {
  type: 'ReferralSent'
  data: ReferralFields & {
    referralId: string
    contactId: string
    /** The receiving division. */
    divisionId: number
    divisionFrom: number
    sentBy: string
    /** The receiving user's task, linked back by its referralId. */
    taskId: string
    status: 1
  }
}

/** PATCH /referral/{id}: only the fields that changed (a grade change moves dueDate too). */
export type ReferralChanged = {
  type: 'ReferralChanged'
  data: {
    referralId: string
    contactId: string
    changes: Partial<Omit<ReferralFields, 'attentionTo'>>
    changedBy: string
  }
}

export type ReferralAttentionToChanged = {
  type: 'ReferralAttentionToChanged'
  data: { referralId: string; contactId: string; divisionId: number; from: string; to: string; changedBy: string }
}

/** The linked task was completed: status 2. */
export type ReferralTaskCompleted = {
  type: 'ReferralTaskCompleted'
  data: { referralId: string; contactId: string; taskId: string; status: 2; completedBy: string; completedAt: string }
}

/** Marked as read with the payment: paymentStatus Paid. `payor` is the receiving division, which pays. */
export type ReferralMarkedRead = {
  type: 'ReferralMarkedRead'
  data: {
    referralId: string
    contactId: string
    paymentDate: string
    paymentAmount: number
    payee: string
    payor: number
    paymentStatus: 'Paid'
    paymentEnteredBy: string
  }
}

export type ReferralEvent =
  ReferralSent | ReferralChanged | ReferralAttentionToChanged | ReferralTaskCompleted | ReferralMarkedRead

export const referralEventTypes = [
  'ReferralSent',
  'ReferralChanged',
  'ReferralAttentionToChanged',
  'ReferralTaskCompleted',
  'ReferralMarkedRead',
] as const satisfies readonly ReferralEvent['type'][]

export const referralStreamId = (referralId: string): string => `referral-${referralId}`

/**
 * On the contact's stream (`contact-<id>`): the contact was referred to a division. One per division, so "already
 * referred" is decided on the contact, where two referrals sent at once meet.
 */
export type ContactReferred = {
  type: 'ContactReferred'
  data: { contactId: string; referralId: string; divisionId: number; divisionFrom: number; referredBy: string }
}
