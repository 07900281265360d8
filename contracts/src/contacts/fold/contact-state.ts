import type { ContactProfile } from '../contact-fields'
import type { AdditionalContactData } from '../events'
import type { Lessee } from '../lessee'

/** A contact's standing in one division, with the activity counts the division's rules need. */
export interface DivisionMembership {
  statusId: number
  assigned: string | null
  grade: number | null
  effortLevel: number | null
  /** Where the deal stands in the division (the per-division record's stage). */
  stage: number | null
  /** Activities logged for the contact in this division (a Lead needs one before converting). */
  activities: number
  /** Outgoing calls logged in this division (give up needs min_call_attempts of them). */
  callAttempts: number
}

/** What edits of an activity are decided on (the rest of it lives in its events). */
export interface ActivityFacts {
  divisionId: number
  activityType: number
  authorId: string
  occurredAt: string
  active: boolean
  /** Whether the division's counters include it (the contact may not have been in the division then). */
  counted: boolean
  /** Its files (a link must not add one twice, and it holds at most 5). */
  attachments?: { id: string; key: string; type: string; name: string }[]
}

/** Who may remove a shared note or comment: its author, or a manager of the division it was written in. */
export interface NoteFacts {
  authorId: string
  divisionId: number
}

/** What the contact's decisions need to know about its past. */
export interface ContactState {
  created: boolean
  contactId: string | null
  deleted: boolean
  mergedInto: string | null
  profile: ContactProfile | null
  divisions: Record<number, DivisionMembership>
  additionalContacts: Record<string, AdditionalContactData>
  /** Personal notes by id → their author. */
  personalNotes: Record<string, string>
  redFlags: Record<string, { open: boolean; divisionId: number; note: string }>
  lessee: Lessee | null
  outOfBusiness: boolean
  businessCards: string[]
  /** Activities by id (edits and set-inactive). */
  activityLog: Record<string, ActivityFacts>
  sharedNotes: Record<string, NoteFacts>
  comments: Record<string, NoteFacts>
}

export const initialContactState: ContactState = {
  created: false,
  contactId: null,
  deleted: false,
  mergedInto: null,
  profile: null,
  divisions: {},
  additionalContacts: {},
  personalNotes: {},
  redFlags: {},
  lessee: null,
  outOfBusiness: false,
  businessCards: [],
  activityLog: {},
  sharedNotes: {},
  comments: {},
}

export const emptyMembership = (statusId: number, assigned: string | null = null): DivisionMembership => ({
  statusId,
  assigned,
  grade: null,
  effortLevel: null,
  stage: null,
  activities: 0,
  callAttempts: 0,
})
