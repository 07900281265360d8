import type { ContactCreated, ContactEvent } from '@crm/contracts'
import type { NewEvent } from '@crm/platform'
import { randomUUID } from 'node:crypto'

const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString()

/** Contact events as the command API appends them, for list tests (occurred `ago` days back). */
export function contactEvent<E extends ContactEvent>(type: E['type'], data: E['data'], ago = 0): NewEvent {
  const commandId = randomUUID()
  return {
    eventId: randomUUID(),
    type,
    data,
    metadata: {
      commandId,
      userId: null,
      divisionId: 15,
      correlationId: commandId,
      causationId: null,
      occurredAt: days(ago),
    },
  }
}

export function created(overrides: Partial<ContactCreated['data']> = {}, ago = 0): NewEvent {
  return contactEvent<ContactCreated>(
    'ContactCreated',
    {
      contactId: randomUUID(),
      name: 'Acme Trucking',
      organizationTypeId: 7,
      contactCategory: 1,
      dotNumber: String(1_000_000 + Math.floor(Math.random() * 8_000_000)),
      address: { state: 'TX', zip: '75001', city: 'Addison' },
      numberOfTrucks: 10,
      divisionId: 15,
      statusId: 1,
      assigned: null,
      importDate: null,
      ...overrides,
    },
    ago,
  )
}

export const transition = (contactId: string, from: number, to: number, divisionId = 15) => ({
  contactId,
  divisionId,
  fromStatusId: from,
  toStatusId: to,
})
export { days }

/** Appends a ContactCreated of `name` (with `data` over the defaults) to its stream; answers the contact's id. */
export async function appendCreated(
  harness: { append(streamId: string, events: NewEvent[]): Promise<void> },
  name: string,
  data: Partial<ContactCreated['data']> = {},
): Promise<string> {
  const event = created({ name, ...data })
  const contactId = (event.data as { contactId: string }).contactId
  await harness.append(`contact-${contactId}`, [event])
  return contactId
}
