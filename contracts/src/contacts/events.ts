import type { ContactFields } from './contact-fields'

/** Events of the contact stream (`contact-<id>`). Past tense, facts only. */
export type ContactCreated = {
  type: 'ContactCreated'
  data: ContactFields & {
    contactId: string
    divisionId: number
    statusId: number
    assigned: string | null
    importDate?: string | null
  }
}

export type ContactEvent = ContactCreated
export const contactEventTypes = ['ContactCreated'] as const
