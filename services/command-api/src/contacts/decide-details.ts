import { messages, toLessee, type ContactEvent } from '@crm/contracts'
import { DomainError, forbidden, notFound } from '@crm/platform'
import type { ContactCommand } from './commands'
import { assertLive, blankToNull } from './rules'
import type { ContactState } from '@crm/contracts'

type Of<T extends ContactCommand['type']> = Extract<ContactCommand, { type: T }>

const additional = (data: Of<'AddAdditionalContact'>['data']) => ({
  contactPerson: data.contactPerson.trim(),
  email: blankToNull(data.email),
  businessPhone: blankToNull(data.businessPhone),
  mobilePhone: blankToNull(data.mobilePhone),
})

/** The contact's secondary records: additional contacts, personal notes, red flags, lessee, cards, OOB. */
export function decideDetails(state: ContactState, command: ContactCommand): ContactEvent[] {
  assertLive(state)
  const contactId = state.contactId!
  switch (command.type) {
    case 'AddAdditionalContact':
      return [
        {
          type: 'AdditionalContactAdded',
          data: { contactId, additionalContactId: command.additionalContactId, ...additional(command.data) },
        },
      ]
    case 'UpdateAdditionalContact':
      if (!state.additionalContacts[command.additionalContactId]) throw notFound('Additional contact not found')
      return [
        {
          type: 'AdditionalContactUpdated',
          data: { contactId, additionalContactId: command.additionalContactId, ...additional(command.data) },
        },
      ]
    case 'RemoveAdditionalContact':
      if (!state.additionalContacts[command.additionalContactId]) throw notFound('Additional contact not found')
      return [
        { type: 'AdditionalContactRemoved', data: { contactId, additionalContactId: command.additionalContactId } },
      ]
    case 'AddPersonalNote':
      if (command.additionalContactId && !state.additionalContacts[command.additionalContactId]) {
        throw notFound('Additional contact not found')
      }
      return [
        {
          type: 'PersonalNoteAdded',
          data: {
            contactId,
            noteId: command.noteId,
            ownerId: command.actor.userId,
            additionalContactId: command.additionalContactId,
            note: command.note.trim(),
          },
        },
      ]
    case 'UpdatePersonalNote':
    case 'RemovePersonalNote': {
      const owner = state.personalNotes[command.noteId]
      if (!owner) throw notFound('Note not found')
      // Personal notes are private: only their author edits or removes them.
      if (owner !== command.actor.userId) throw forbidden()
      if (command.type === 'RemovePersonalNote') {
        return [{ type: 'PersonalNoteRemoved', data: { contactId, noteId: command.noteId } }]
      }
      return [{ type: 'PersonalNoteUpdated', data: { contactId, noteId: command.noteId, note: command.note.trim() } }]
    }
    case 'RaiseRedFlag':
      return [
        {
          type: 'RedFlagRaised',
          data: { contactId, redFlagId: command.redFlagId, divisionId: command.divisionId, note: command.note.trim() },
        },
      ]
    case 'ResolveRedFlag': {
      const flag = state.redFlags[command.redFlagId]
      if (!flag) throw notFound('Red flag not found')
      if (!flag.open) throw new DomainError(messages.redFlagAlreadyResolved)
      return [
        {
          type: 'RedFlagResolved',
          data: { contactId, redFlagId: command.redFlagId, resolution: blankToNull(command.resolution) },
        },
      ]
    }
    case 'MarkOutOfBusiness':
      if (state.outOfBusiness === command.outOfBusiness) return []
      return [
        {
          type: 'ContactOutOfBusinessMarked',
          data: { contactId, outOfBusiness: command.outOfBusiness, note: blankToNull(command.note) },
        },
      ]
    case 'UploadBusinessCard': {
      const { documentKey, fileName, contentType, size } = command
      return [{ type: 'BusinessCardUploaded', data: { contactId, documentKey, fileName, contentType, size } }]
    }
    case 'RemoveBusinessCard':
      if (!state.businessCards.includes(command.documentKey)) throw notFound('Business card not found')
      return [{ type: 'BusinessCardRemoved', data: { contactId, documentKey: command.documentKey } }]
    case 'SetLessee':
      return [{ type: 'LesseeSet', data: { contactId, lessee: toLessee(command.lessee) } }]
    case 'RemoveLessee':
      if (!state.lessee) throw new DomainError(messages.lesseeNone)
      return [{ type: 'LesseeRemoved', data: { contactId } }]
    default:
      throw new Error(`decideDetails cannot decide ${command.type}`)
  }
}
