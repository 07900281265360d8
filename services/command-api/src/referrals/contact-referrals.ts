import { referralMessages, type ContactReferred } from '@crm/contracts'
import { DomainError } from '@crm/platform'
import type { Decider } from '../command-handling/decider'

/** On the contact's stream: the divisions the contact was referred to (one referral per division). */
export interface ContactReferralsState {
  referredTo: Record<number, string>
}

export type ReferContact = { type: 'ReferContact'; data: ContactReferred['data'] }

/** Decides "already referred" on the contact, where two referrals of it sent at once meet. */
export const contactReferralsDecider: Decider<ContactReferralsState, ReferContact, ContactReferred> = {
  initialState: { referredTo: {} },
  evolve: (state, event) =>
    event.type === 'ContactReferred'
      ? { referredTo: { ...state.referredTo, [event.data.divisionId]: event.data.referralId } }
      : state,
  decide(state, { data }) {
    const earlier = state.referredTo[data.divisionId]
    if (earlier === data.referralId) return []
    if (earlier) throw new DomainError(referralMessages.alreadyReferred)
    return [{ type: 'ContactReferred', data }]
  },
}
