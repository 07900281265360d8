import type { ActivityEdited, ActivityInactivated, ActivityLogged } from '../activities/events'
import type { CommentAdded, CommentRemoved, SharedNoteAdded, SharedNoteRemoved } from '../shared-notes/events'
import type { ContactFields, ContactProfile } from './contact-fields'
import type { Lessee } from './lessee'
import type { PersonalDataErased } from '../common/personal-data'
import type { LeadFacts } from './lead-facts'

/**
 * Events of the contact stream (`contact-<id>`). Past tense, facts only. Shapes are stable: other read
 * models (contact search, reports) are built from them, so fields are only ever added, never renamed.
 */
export type ContactCreated = {
  type: 'ContactCreated'
  data: ContactFields & {
    contactId: string
    divisionId: number
    statusId: number
    assigned: string | null
    importDate?: string | null
    /**
     * Set when a lead import created the contact: the upload, the row of its file, and the lead's facts (a
     * contact that already existed gets a LeadImported instead).
     */
    imported?: { uploadId: string; row: number; lead: LeadFacts }
  }
}

/** PATCH /contacts/{id}: `changes` holds only the fields that changed, with their new values. */
export type ContactUpdated = { type: 'ContactUpdated'; data: { contactId: string; changes: Partial<ContactProfile> } }

/** Soft delete: the contact leaves every list; its history stays. */
export type ContactDeleted = { type: 'ContactDeleted'; data: { contactId: string } }

/**
 * What every status change carries (who and when are in the metadata). `fromStatusId` is null when the
 * contact was not in the division before (a manager places it there). Status ids: docs/product.md section 1.
 */
export interface StatusTransition {
  contactId: string
  divisionId: number
  fromStatusId: number | null
  toStatusId: number
}

/**
 * Convert (Lead → Prospect, Prospect → Account, or Lead → unassigned Prospect). Lead → Prospect sets
 * effortLevel, grade and prospectSource; Prospect → Account sets accountSource and nationalityId (preferred
 * language) and may set a lessee; `unassigned` leaves the new prospect to the division's unassigned pool.
 */
export type ContactConverted = {
  type: 'ContactConverted'
  data: StatusTransition & {
    contactCategory: number
    effortLevel: number | null
    grade: number | null
    prospectSource: number | null
    accountSource: number | null
    nationalityId: number | null
    lessee: Lessee | null
    unassigned: boolean
    /** The division's assignee afterwards (null for an unassigned prospect). */
    assigned: string | null
    /** creationDate of docs/product.md's convert payload: when the conversion counts as made (UTC). */
    creationDate: string
  }
}

/**
 * change-contact-status. `withoutAdditionalActions` is the bulk variant that only sets the status; otherwise
 * moving to Manager's Bucket also unassigns the contact (`assigned` is the assignee afterwards).
 */
export type ContactStatusChanged = {
  type: 'ContactStatusChanged'
  data: StatusTransition & { withoutAdditionalActions: boolean; assigned: string | null; creationDate: string }
}

export type ContactMarkedDead = { type: 'ContactMarkedDead'; data: StatusTransition & { notes: string | null } }
export type ContactMarkedNotQualified = {
  type: 'ContactMarkedNotQualified'
  data: StatusTransition & { notes: string | null }
}

/** Give up: the rep hands the contact back; it goes to Manager's Bucket, unassigned. */
export type ContactGivenUp = {
  type: 'ContactGivenUp'
  data: StatusTransition & {
    giveUpReason: string
    otherReasonNote: string | null
    callAttempts: number
    minCallAttempts: number
    previousAssigned: string | null
  }
}

/** Contract lost: an Account becomes Inactive until the follow-up date (win-again lists). */
export type ContactContractLost = {
  type: 'ContactContractLost'
  data: StatusTransition & {
    dateToFollowUp: string | null
    dateLost: string
    lostReason: string
    notes: string | null
    creationDateStatusChanges: string
  }
}

/** Assign: `joinedDivision` when the contact was not in the division yet (master-data assign; as a Lead). */
export type ContactAssigned = {
  type: 'ContactAssigned'
  data: {
    contactId: string
    divisionId: number
    assigned: string
    previousAssigned: string | null
    cscCreationDate: string | null
    isMasterDataAssign: boolean
    joinedDivision: boolean
    statusId: number
  }
}
export type ContactUnassigned = {
  type: 'ContactUnassigned'
  data: { contactId: string; divisionId: number; previousAssigned: string }
}

/** Effort level per division; `auto` when it follows the number of trucks of an auto-rated company type. */
export type ContactEffortLevelSet = {
  type: 'ContactEffortLevelSet'
  data: { contactId: string; divisionId: number; effortLevel: number; auto: boolean }
}

/** The per-division record (grade, effort level, stage) edited; only the fields that changed are in `changes`. */
export interface DivisionRecordFields {
  grade: number | null
  effortLevel: number | null
  stage: number | null
}
export type ContactDivisionRecordEdited = {
  type: 'ContactDivisionRecordEdited'
  data: {
    contactId: string
    divisionId: number
    /** The contact's status in the division at the edit (the status audit lists the change under it). */
    statusId: number
    changes: Partial<DivisionRecordFields>
    previous: DivisionRecordFields
  }
}

export interface AdditionalContactData {
  contactPerson: string
  email: string | null
  businessPhone: string | null
  mobilePhone: string | null
}
export type AdditionalContactAdded = {
  type: 'AdditionalContactAdded'
  data: AdditionalContactData & { contactId: string; additionalContactId: string }
}
export type AdditionalContactUpdated = {
  type: 'AdditionalContactUpdated'
  data: AdditionalContactData & { contactId: string; additionalContactId: string }
}
export type AdditionalContactRemoved = {
  type: 'AdditionalContactRemoved'
  data: { contactId: string; additionalContactId: string }
}

/** Personal notes are private to their author (`ownerId`); optionally about an additional contact. */
export type PersonalNoteAdded = {
  type: 'PersonalNoteAdded'
  data: { contactId: string; noteId: string; ownerId: string; additionalContactId: string | null; note: string }
}
export type PersonalNoteUpdated = {
  type: 'PersonalNoteUpdated'
  data: { contactId: string; noteId: string; note: string }
}
export type PersonalNoteRemoved = { type: 'PersonalNoteRemoved'; data: { contactId: string; noteId: string } }

export type RedFlagRaised = {
  type: 'RedFlagRaised'
  data: { contactId: string; redFlagId: string; divisionId: number; note: string }
}
export type RedFlagResolved = {
  type: 'RedFlagResolved'
  data: { contactId: string; redFlagId: string; resolution: string | null }
}

/** Out of business (and back in business: `outOfBusiness` false). */
export type ContactOutOfBusinessMarked = {
  type: 'ContactOutOfBusinessMarked'
  data: { contactId: string; outOfBusiness: boolean; note: string | null }
}

export type BusinessCardUploaded = {
  type: 'BusinessCardUploaded'
  data: { contactId: string; documentKey: string; fileName: string; contentType: string; size: number }
}
export type BusinessCardRemoved = { type: 'BusinessCardRemoved'; data: { contactId: string; documentKey: string } }

/** The contact's lessee (set or changed); `lessee.lesseeContactId` when it was picked by MC search. */
export type LesseeSet = { type: 'LesseeSet'; data: { contactId: string; lessee: Lessee } }
export type LesseeRemoved = { type: 'LesseeRemoved'; data: { contactId: string } }

/** Which contact each kind of information came from in a combine (docs/product.md: the wizard's five choices). */
export interface CombineSources {
  companyInfo: string
  contactInfo: string
  additionalInfo: string
  address: string
  redFlag: string
}

/**
 * On the surviving contact: the merge and what came from where. `profile` is the survivor's profile
 * afterwards; `divisionStatuses` its memberships afterwards, each with the contact it was taken from
 * (`fromStatusId` is what the survivor had before). Additional contacts and open red flags taken from
 * absorbed contacts are listed so read models can re-home them.
 */
export type ContactsCombined = {
  type: 'ContactsCombined'
  data: {
    contactId: string
    absorbedContactIds: string[]
    sources: CombineSources
    profile: ContactProfile
    divisionStatuses: {
      divisionId: number
      sourceContactId: string
      fromStatusId: number | null
      toStatusId: number
      assigned: string | null
      grade: number | null
      effortLevel: number | null
    }[]
    additionalContacts: (AdditionalContactData & { additionalContactId: string; sourceContactId: string })[]
    redFlags: { redFlagId: string; sourceContactId: string; divisionId: number; note: string }[]
  }
}

/** On each absorbed contact: retired, and redirects to the survivor. Its history stays readable there. */
export type ContactMergedInto = {
  type: 'ContactMergedInto'
  data: { contactId: string; survivorId: string }
}

export type ContactEvent =
  | ContactCreated
  | ContactUpdated
  | ContactDeleted
  | ContactConverted
  | ContactStatusChanged
  | ContactMarkedDead
  | ContactMarkedNotQualified
  | ContactGivenUp
  | ContactContractLost
  | ContactAssigned
  | ContactUnassigned
  | ContactEffortLevelSet
  | ContactDivisionRecordEdited
  | AdditionalContactAdded
  | AdditionalContactUpdated
  | AdditionalContactRemoved
  | PersonalNoteAdded
  | PersonalNoteUpdated
  | PersonalNoteRemoved
  | RedFlagRaised
  | RedFlagResolved
  | ContactOutOfBusinessMarked
  | BusinessCardUploaded
  | BusinessCardRemoved
  | LesseeSet
  | LesseeRemoved
  | ContactsCombined
  | ContactMergedInto
  | ActivityLogged
  | ActivityEdited
  | ActivityInactivated
  | SharedNoteAdded
  | SharedNoteRemoved
  | CommentAdded
  | CommentRemoved
  | PersonalDataErased

export const contactEventTypes = [
  'ContactCreated',
  'ContactUpdated',
  'ContactDeleted',
  'ContactConverted',
  'ContactStatusChanged',
  'ContactMarkedDead',
  'ContactMarkedNotQualified',
  'ContactGivenUp',
  'ContactContractLost',
  'ContactAssigned',
  'ContactUnassigned',
  'ContactEffortLevelSet',
  'ContactDivisionRecordEdited',
  'AdditionalContactAdded',
  'AdditionalContactUpdated',
  'AdditionalContactRemoved',
  'PersonalNoteAdded',
  'PersonalNoteUpdated',
  'PersonalNoteRemoved',
  'RedFlagRaised',
  'RedFlagResolved',
  'ContactOutOfBusinessMarked',
  'BusinessCardUploaded',
  'BusinessCardRemoved',
  'LesseeSet',
  'LesseeRemoved',
  'ContactsCombined',
  'ContactMergedInto',
  'ActivityLogged',
  'ActivityEdited',
  'ActivityInactivated',
  'SharedNoteAdded',
  'SharedNoteRemoved',
  'CommentAdded',
  'CommentRemoved',
  'PersonalDataErased',
] as const satisfies readonly ContactEvent['type'][]

/** Every event that moves a contact from one status to another in a division (they share StatusTransition). */
export const statusTransitionEventTypes = [
  'ContactConverted',
  'ContactStatusChanged',
  'ContactMarkedDead',
  'ContactMarkedNotQualified',
  'ContactGivenUp',
  'ContactContractLost',
] as const
export type StatusTransitionEvent = Extract<ContactEvent, { type: (typeof statusTransitionEventTypes)[number] }>
