import type { ReferralEvent, ReferralFields } from '@crm/contracts'

/** What the referral's decisions need to know about its past. */
export interface ReferralState {
  referralId: string | null
  contactId: string | null
  divisionId: number
  divisionFrom: number
  sentBy: string
  taskId: string | null
  fields: ReferralFields | null
  status: number
  paid: boolean
}

export const initialReferralState: ReferralState = {
  referralId: null,
  contactId: null,
  divisionId: 0,
  divisionFrom: 0,
  sentBy: '',
  taskId: null,
  fields: null,
  status: 0,
  paid: false,
}

export function evolveReferral(state: ReferralState, event: ReferralEvent): ReferralState {
  switch (event.type) {
    case 'ReferralSent': {
      const { referralId, contactId, divisionId, divisionFrom, sentBy, taskId, status, ...fields } = event.data
      return { ...state, referralId, contactId, divisionId, divisionFrom, sentBy, taskId, status, fields }
    }
    case 'ReferralChanged':
      return state.fields ? { ...state, fields: { ...state.fields, ...event.data.changes } } : state
    case 'ReferralAttentionToChanged':
      return state.fields ? { ...state, fields: { ...state.fields, attentionTo: event.data.to } } : state
    case 'ReferralTaskCompleted':
      return { ...state, status: event.data.status }
    case 'ReferralMarkedRead':
      return { ...state, paid: true }
    default:
      return state
  }
}
