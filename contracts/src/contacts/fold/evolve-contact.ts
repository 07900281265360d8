import type { ContactEvent } from '../events'
import { evolveActivity } from './evolve-activity'
import { emptyMembership, type ContactState, type DivisionMembership } from './contact-state'

type Patch = Partial<DivisionMembership>

function inDivision(state: ContactState, divisionId: number, patch: Patch, joinAs?: number): ContactState {
  const current = state.divisions[divisionId] ?? (joinAs === undefined ? undefined : emptyMembership(joinAs))
  if (!current) return state
  return { ...state, divisions: { ...state.divisions, [divisionId]: { ...current, ...patch } } }
}

const without = <T>(record: Record<string, T>, key: string) => {
  const { [key]: _, ...rest } = record
  return rest
}

export function evolveContact(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'ContactCreated': {
      const { contactId, divisionId, statusId, assigned, importDate: _, ...profile } = event.data
      return {
        ...state,
        created: true,
        contactId,
        profile,
        divisions: { [divisionId]: emptyMembership(statusId, assigned) },
      }
    }
    case 'ContactUpdated':
      return { ...state, profile: { ...state.profile!, ...event.data.changes } }
    case 'ContactDeleted':
      return { ...state, deleted: true }
    case 'ContactConverted': {
      const d = event.data
      const profile = d.nationalityId === null ? state.profile : { ...state.profile!, nationalityId: d.nationalityId }
      return inDivision(
        { ...state, profile: profile && { ...profile, contactCategory: d.contactCategory } },
        d.divisionId,
        {
          statusId: d.toStatusId,
          assigned: d.assigned,
          ...(d.grade !== null && { grade: d.grade }),
          ...(d.effortLevel !== null && { effortLevel: d.effortLevel }),
        },
        d.toStatusId,
      )
    }
    case 'ContactStatusChanged':
      return inDivision(
        state,
        event.data.divisionId,
        { statusId: event.data.toStatusId, assigned: event.data.assigned },
        event.data.toStatusId,
      )
    case 'ContactMarkedDead':
    case 'ContactMarkedNotQualified':
    case 'ContactContractLost':
      return inDivision(state, event.data.divisionId, { statusId: event.data.toStatusId })
    case 'ContactGivenUp':
      return inDivision(state, event.data.divisionId, { statusId: event.data.toStatusId, assigned: null })
    case 'ContactAssigned':
      return inDivision(state, event.data.divisionId, { assigned: event.data.assigned }, event.data.statusId)
    case 'ContactUnassigned':
      return inDivision(state, event.data.divisionId, { assigned: null })
    case 'ContactEffortLevelSet':
      return inDivision(state, event.data.divisionId, { effortLevel: event.data.effortLevel })
    case 'ContactDivisionRecordEdited':
      return inDivision(state, event.data.divisionId, event.data.changes)
    case 'AdditionalContactAdded':
    case 'AdditionalContactUpdated': {
      const { contactId: _c, additionalContactId, ...data } = event.data
      return { ...state, additionalContacts: { ...state.additionalContacts, [additionalContactId]: data } }
    }
    case 'AdditionalContactRemoved':
      return { ...state, additionalContacts: without(state.additionalContacts, event.data.additionalContactId) }
    case 'PersonalNoteAdded':
      return { ...state, personalNotes: { ...state.personalNotes, [event.data.noteId]: event.data.ownerId } }
    case 'PersonalNoteUpdated':
      return state
    case 'PersonalNoteRemoved':
      return { ...state, personalNotes: without(state.personalNotes, event.data.noteId) }
    case 'RedFlagRaised': {
      const { redFlagId, divisionId, note } = event.data
      return { ...state, redFlags: { ...state.redFlags, [redFlagId]: { open: true, divisionId, note } } }
    }
    case 'RedFlagResolved': {
      const flag = state.redFlags[event.data.redFlagId]
      if (!flag) return state
      return { ...state, redFlags: { ...state.redFlags, [event.data.redFlagId]: { ...flag, open: false } } }
    }
    case 'ContactOutOfBusinessMarked':
      return { ...state, outOfBusiness: event.data.outOfBusiness }
    case 'BusinessCardUploaded':
      return { ...state, businessCards: [...state.businessCards, event.data.documentKey] }
    case 'BusinessCardRemoved':
      return { ...state, businessCards: state.businessCards.filter((k) => k !== event.data.documentKey) }
    case 'LesseeSet':
      return { ...state, lessee: event.data.lessee }
    case 'LesseeRemoved':
      return { ...state, lessee: null }
    case 'ContactsCombined':
      return evolveCombined(state, event.data)
    case 'ContactMergedInto':
      return { ...state, mergedInto: event.data.survivorId }
    case 'ActivityLogged':
    case 'ActivityEdited':
    case 'ActivityInactivated':
    case 'SharedNoteAdded':
    case 'SharedNoteRemoved':
    case 'CommentAdded':
    case 'CommentRemoved':
      return evolveActivity(state, event)
    default:
      // Events this version does not know yet change nothing it decides on.
      return state
  }
}

function evolveCombined(
  state: ContactState,
  data: Extract<ContactEvent, { type: 'ContactsCombined' }>['data'],
): ContactState {
  const divisions: ContactState['divisions'] = {}
  for (const d of data.divisionStatuses) {
    const kept = state.divisions[d.divisionId]
    divisions[d.divisionId] = {
      ...(kept ?? emptyMembership(d.toStatusId)),
      statusId: d.toStatusId,
      assigned: d.assigned,
      grade: d.grade,
      effortLevel: d.effortLevel,
    }
  }
  // The combine's lists are the survivor's lists afterwards (the wizard picks whose to keep).
  const additionalContacts: ContactState['additionalContacts'] = {}
  for (const a of data.additionalContacts) {
    const { additionalContactId, sourceContactId: _, ...rest } = a
    additionalContacts[additionalContactId] = rest
  }
  const redFlags: ContactState['redFlags'] = {}
  for (const f of data.redFlags) redFlags[f.redFlagId] = { open: true, divisionId: f.divisionId, note: f.note }
  return { ...state, profile: data.profile, divisions, additionalContacts, redFlags }
}
