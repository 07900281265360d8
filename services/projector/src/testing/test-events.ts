import type { ContactCreated, UserRegistered } from '@crm/contracts'
import { makePosition, type NewEvent, type StoredEvent } from '@crm/platform'
import { randomUUID } from 'node:crypto'

export const ACTING_USER = '11111111-1111-4111-8111-111111111111'

function metadata(occurredAt: string, divisionId = 15) {
  const commandId = randomUUID()
  return { commandId, userId: ACTING_USER, divisionId, correlationId: commandId, causationId: null, occurredAt }
}

/** A ContactCreated as the command API appends it, with every field set unless overridden. */
export function contactCreated(
  overrides: Partial<ContactCreated['data']> = {},
  occurredAt = '2024-05-06T07:08:09.000Z',
): NewEvent<'ContactCreated', ContactCreated['data']> {
  const data: ContactCreated['data'] = {
    contactId: randomUUID(),
    name: 'Acme Trucking',
    dba: 'Acme',
    ownerName: 'Jane Roe',
    email: 'dispatch@acme.example',
    businessPhone: '(555) 111-2222',
    mobilePhone: '(555) 333-4444',
    homePhone: null,
    address: { street1: '1 Main St', city: 'Dallas', state: 'TX', zip: '75001', country: 'US' },
    mcNumber: 'MC123456',
    dotNumber: '7654321',
    contactCategory: 1,
    organizationTypeId: 7,
    nationalityId: 2,
    companyTypeId: 3,
    numberOfTrucks: 12,
    dateEstablished: '2010-04-01',
    divisionId: 15,
    statusId: 1,
    assigned: null,
    importDate: null,
    ...overrides,
  }
  return { eventId: randomUUID(), type: 'ContactCreated', data, metadata: metadata(occurredAt, data.divisionId) }
}

export function userRegistered(
  overrides: Partial<UserRegistered['data']> = {},
): NewEvent<'UserRegistered', UserRegistered['data']> {
  const data: UserRegistered['data'] = {
    userId: randomUUID(),
    email: 'Rep@Example.com',
    name: 'Sam Rep',
    divisionId: 15,
    permissions: [],
    passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA',
    ...overrides,
  }
  return { eventId: randomUUID(), type: 'UserRegistered', data, metadata: metadata('2024-01-02T03:04:05.000Z') }
}

/** A NewEvent as readAll would return it, for applying batches straight to a projection. */
export function stored<T extends string, D>(
  event: NewEvent<T, D>,
  streamId: string,
  streamVersion: number,
  sequence: number,
): StoredEvent<T, D> {
  return {
    ...event,
    streamId,
    streamVersion,
    position: makePosition(1, sequence),
    schemaVersion: event.schemaVersion ?? 1,
    createdAt: event.metadata.occurredAt,
  }
}
