import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  addAdditionalContactSchema,
  bulkStatusChangeSchema,
  closeContactSchema,
  contractLostSchema,
  convertContactSchema,
  convertUnassignedProspectSchema,
  giveUpSchema,
  lesseeSchema,
  logActivitySchema,
  outOfBusinessSchema,
  personalNoteSchema,
  raiseRedFlagSchema,
  resolveRedFlagSchema,
  setLesseeSchema,
  statusChangeSchema,
  AdditionalContactRow,
  CombineContactsInput,
  LesseeDto,
  PersonalNoteRow,
  RedFlagRow,
  RelatedEntityRow,
  StatusChangeRow,
} from '@crm/contracts'
import { api } from '../../lib/api'
import { postMultipart } from '../../lib/multipart'
import { lifecycleKeys } from '../../lib/query-keys'

const id = encodeURIComponent

const contactQuery = <T>(contactId: string, part: string, path: string, extra?: unknown) =>
  queryOptions({
    queryKey: lifecycleKeys.part(contactId, part, extra),
    queryFn: ({ signal }) => api.get<T>(path, { signal, quiet: true }),
    meta: { live: true },
  })

export const redFlagsQuery = (contactId: string) =>
  contactQuery<RedFlagRow[]>(contactId, 'red-flags', `/contacts/getAllRedFlags/${id(contactId)}`)
export const additionalContactsQuery = (contactId: string) =>
  contactQuery<AdditionalContactRow[]>(contactId, 'additional', `/contactsAdditional/contact/${id(contactId)}`)
export const personalNotesQuery = (contactId: string) =>
  contactQuery<PersonalNoteRow[]>(contactId, 'notes', `/contact-personal-notes?contactId=${id(contactId)}`)
export const statusChangesQuery = (contactId: string, limit: number) =>
  contactQuery<{ rows: StatusChangeRow[]; total: number }>(
    contactId,
    'status-changes',
    `/contact-divisions/status-changes?contactId=${id(contactId)}&limit=${limit}`,
    limit,
  )
export const relatedEntitiesQuery = (contactId: string) =>
  contactQuery<RelatedEntityRow[]>(contactId, 'related', `/contacts/related-entities?contactId=${id(contactId)}`)
type CallAttempts = { callAttempts: number; minCallAttempts: number }
const callAttemptsPath = (contactId: string, divisionId: number) =>
  `/activity/get-call-attempts?contactId=${id(contactId)}&divisionId=${divisionId}`

/** Asked when Give up is clicked: it needs enough call attempts first. */
export const fetchCallAttempts = (contactId: string, divisionId: number) =>
  api.get<CallAttempts>(callAttemptsPath(contactId, divisionId))

/** Asked when Convert is clicked on a Lead: it needs an activity in the division first. */
export const fetchHasActivity = (contactId: string, divisionId: number) =>
  api.get<{ hasActivity: boolean }>(`/contacts/isContactActivity/${id(contactId)}?divisionId=${divisionId}`)

/** The lessee a contact with this MC number would be (404: none). */
export const findLesseeByMc = (mc: string) => api.get<LesseeDto>(`/contacts/lessee/${id(mc)}`, { quiet: [404] })

/** POST /contacts/combine-contacts: not a one-contact command, the wizard refreshes and navigates itself. */
export const combineContacts = (body: CombineContactsInput) => api.post('/contacts/combine-contacts', body)

type In<S extends z.ZodType> = z.input<S>

/**
 * The contact's commands (docs/api.md), typed by the contracts' schemas: the only place the contact page's
 * cards and windows name a server path. Each answers the command's JSON; the cards send them through
 * useContactCommand, which refreshes what the contact page shows.
 */
export const contactCommands = {
  raiseRedFlag: (body: In<typeof raiseRedFlagSchema>) => api.post('/contacts/createContactsRedFlags', body),
  resolveRedFlag: (flagId: string, body: In<typeof resolveRedFlagSchema>) =>
    api.patch(`/contacts/updateRedFlag/${id(flagId)}`, body),
  logActivity: (body: In<typeof logActivitySchema> & { source?: 'no-answer' }) => api.post('/activity', body),
  addAdditionalContact: (body: In<typeof addAdditionalContactSchema>) => api.post('/contactsAdditional', body),
  removeAdditionalContact: (contactId: string, additionalId: string) =>
    api.delete(`/contactsAdditional/${id(additionalId)}?contactId=${id(contactId)}`),
  addPersonalNote: (body: In<typeof personalNoteSchema>) => api.post('/contact-personal-notes', body),
  removePersonalNote: (contactId: string, noteId: string) =>
    api.delete(`/contact-personal-notes/${id(noteId)}?contactId=${id(contactId)}`),
  setOutOfBusiness: (body: In<typeof outOfBusinessSchema>) => api.post('/contacts/createOutOfBusiness', body),
  uploadBusinessCard: (contactId: string, file: File) => {
    const form = new FormData()
    form.append('file', file, file.name)
    return postMultipart(`/contacts/upload-business-card/${id(contactId)}`, form)
  },
  removeBusinessCard: (contactId: string, documentKey: string) =>
    api.delete(`/contacts/delete-business-card?documentKey=${id(documentKey)}&contactId=${id(contactId)}`),
  convert: (body: In<typeof convertContactSchema>) => api.post('/contacts/convertContact', body),
  convertWithLessee: (body: In<typeof convertContactSchema> & { lessee: In<typeof lesseeSchema> }) =>
    api.post('/contacts/convertContact/lessee', body),
  convertToUnassignedProspect: (body: In<typeof convertUnassignedProspectSchema>) =>
    api.post('/contacts/convert-un-prospect', body),
  changeStatus: (body: In<typeof statusChangeSchema>) => api.post('/contacts/status-change', body),
  changeStatusInBulk: (body: In<typeof bulkStatusChangeSchema>) =>
    api.post('/contacts/change-contact-status-without-additional-actions', body),
  giveUp: (body: In<typeof giveUpSchema>) => api.post('/contact-give-up', body),
  markDead: (body: In<typeof closeContactSchema>) => api.post('/contact-dead', body),
  markNotQualified: (body: In<typeof closeContactSchema>) => api.post('/contact-not-qualified', body),
  markContractLost: (body: In<typeof contractLostSchema>) => api.post('/contract-lost', body),
  setLessee: (contactId: string, lessee: In<typeof lesseeSchema>) =>
    api.patch(`/contacts/lessee/${id(contactId)}`, lessee),
  addLessee: (body: In<typeof setLesseeSchema>) => api.post('/contacts/create/lessee', body),
  removeLessee: (contactId: string) => api.delete(`/contacts/remove-lessee-contact/${id(contactId)}`),
}
export type ContactCommands = typeof contactCommands

/** The commands a confirmation window sends (confirm-actions.ts), as data: which one and its body. */
type ConfirmableCommand = 'markDead' | 'markNotQualified' | 'logActivity' | 'setOutOfBusiness'
export type ConfirmedCommand = {
  [K in ConfirmableCommand]: { command: K; body: Parameters<ContactCommands[K]>[0] }
}[ConfirmableCommand]

export function sendConfirmed(request: ConfirmedCommand): Promise<unknown> {
  switch (request.command) {
    case 'markDead':
      return contactCommands.markDead(request.body)
    case 'markNotQualified':
      return contactCommands.markNotQualified(request.body)
    case 'logActivity':
      return contactCommands.logActivity(request.body)
    case 'setOutOfBusiness':
      return contactCommands.setOutOfBusiness(request.body)
  }
}
