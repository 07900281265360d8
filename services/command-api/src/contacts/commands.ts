import type { CreateContact } from '@crm/contracts'

/** The author of a command, as the decider needs it for defaults. */
export interface Actor {
  userId: string
  divisionId: number
}

export type CreateContactCommand = {
  type: 'CreateContact'
  /** Chosen by the caller (derived from the command id), so the stream is known before deciding. */
  contactId: string
  data: CreateContact
  actor: Actor
}

export type ContactCommand = CreateContactCommand
