import { callMessages } from '@crm/contracts'

/** What a call is checked on, gathered by the route; the order of the checks is the product's (docs/product.md 5, 6, 8). */
export interface CallFacts {
  profile: { activePhone: string | null; officeExt: string | null }
  /** The session's refusal (not found, expired), or null when it is live. */
  sessionRefusal: string | null
  callerId: string
  /** Users holding an open task on the contact. */
  openTaskHolders: readonly string[]
  mayCall: boolean
}

const blank = (value: string | null) => !value || value.trim() === ''

/**
 * The first reason a call may not be placed, or null. The number itself ('Please Enter Phone Number First') is
 * checked by the request's schema before. An open task another user holds on the contact blocks the call: the
 * contact is being worked by them.
 */
export function callRefusal(facts: CallFacts): string | null {
  if (blank(facts.profile.activePhone) || blank(facts.profile.officeExt)) return callMessages.profilePhoneRequired
  if (facts.sessionRefusal) return facts.sessionRefusal
  if (facts.openTaskHolders.some((userId) => userId !== facts.callerId)) return callMessages.taskHeldByOther
  if (!facts.mayCall) return callMessages.notAllowedToCall
  return null
}

/** RingOut dials numbers: the digits, with a leading + kept (E.164). */
export const dialable = (phoneNumber: string) =>
  (phoneNumber.trim().startsWith('+') ? '+' : '') + phoneNumber.replace(/\D/g, '')
