import { createContactSchema, type ContactEvent, type CreateContact } from '@crm/contracts'
import { idsFor } from '../command-handling/ids'
import type { Actor, ContactCommand } from '../contacts/commands'
import { contactDecider } from '../contacts/decide'

export const contactId = '0b6f8a52-9a0e-4c1e-8a51-6f1d2c3b4a59'
export const rep: Actor = { userId: 'a1c6c4a8-0f7b-4a2e-9d7e-1b2c3d4e5f60', divisionId: 15, permissions: ['call'] }
export const otherUser = 'b2c6c4a8-0f7b-4a2e-9d7e-1b2c3d4e5f61'
export const now = new Date('2025-03-01T10:00:00Z')
const context = { now, ids: idsFor('test') }

/** given these events, when this command, then these events (or this error). */
export function given(events: ContactEvent[]) {
  const state = events.reduce(contactDecider.evolve, contactDecider.initialState)
  return {
    state,
    when: (command: ContactCommand) => () => contactDecider.decide(state, command, context),
    then: (command: ContactCommand) => contactDecider.decide(state, command, context),
  }
}

/** The events a CreateContact decides (a Lead of the rep in division 15 unless overridden). */
export function created(input: Partial<CreateContact> & Record<string, unknown> = {}, id = contactId): ContactEvent[] {
  return contactDecider.decide(
    contactDecider.initialState,
    {
      type: 'CreateContact',
      contactId: id,
      data: createContactSchema.parse({ name: 'Acme Trucking', organizationTypeId: 7, ...input }),
      actor: rep,
    },
    context,
  )
}

export function activity(divisionId = 15, activityType = 10009, activityId = 'act-1'): ContactEvent {
  return {
    type: 'ActivityLogged',
    data: {
      contactId,
      activityId,
      divisionId,
      activityType,
      subject: 'Called',
      notes: null,
      callData: activityType === 10009 ? { duration: 0, outcome: 'Attempted' } : null,
      occurredAt: now.toISOString(),
      userId: rep.userId,
      nextStep: null,
      followUpDate: null,
      attachments: [],
      source: 'form',
    },
  }
}

export function converted(fromStatusId: number, toStatusId: number, divisionId = 15): ContactEvent {
  return {
    type: 'ContactConverted',
    data: {
      contactId,
      divisionId,
      fromStatusId,
      toStatusId,
      contactCategory: 1,
      effortLevel: toStatusId === 2 ? 122 : null,
      grade: toStatusId === 2 ? 108 : null,
      prospectSource: toStatusId === 2 ? 1 : null,
      accountSource: toStatusId === 3 ? 1 : null,
      nationalityId: toStatusId === 3 ? 1 : null,
      lessee: null,
      unassigned: false,
      assigned: rep.userId,
      creationDate: now.toISOString(),
    },
  }
}

/** The permissions behind each authority over other users' records (the routes derive one from the other). */
export const permissionsOf = { own: ['call'], division: ['manager'], all: ['executive'] } as const

/** An executive: works across divisions, so sees every contact. */
export const executive: Actor = {
  userId: 'c3c6c4a8-0f7b-4a2e-9d7e-1b2c3d4e5f62',
  divisionId: 1,
  permissions: ['executive'],
}
