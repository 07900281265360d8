export type { ContactCreated, ContactEvent } from '@crm/contracts'
export { contactEventTypes } from '@crm/contracts'

export const contactStreamId = (contactId: string): string => `contact-${contactId}`
