/**
 * Query keys several features read or invalidate: a contact, what is shown about it, and the contact lists. A
 * contact command refreshes all of them (use-contact-command.ts), so they are named once, here.
 */
export const contactsKeys = {
  all: ['contacts'] as const,
  detail: (id: string) => [...contactsKeys.all, 'detail', id] as const,
  history: (id: string) => [...contactsKeys.all, 'history', id] as const,
  legalData: (id: string) => [...contactsKeys.all, 'legal-data', id] as const,
}

/** Everything shown on a contact's page besides its details: red flags, notes, timeline, status changes. */
export const lifecycleKeys = {
  all: (contactId: string) => [...contactsKeys.all, 'lifecycle', contactId] as const,
  part: (contactId: string, part: string, extra?: unknown) => [...lifecycleKeys.all(contactId), part, extra] as const,
}

export const listKeys = {
  all: ['contact-lists'] as const,
}
