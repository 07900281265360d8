import type { ContactEvent } from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import { randomUUID } from 'node:crypto'
import { ACTING_USER, contactCreated, stored } from './test-events'

/** A contact's life as the command API appends it: create, activity, convert twice, flags, notes, lessee... */
export function contactLifeEvents(sequenceStart = 1) {
  const created = contactCreated({ name: 'Lifecycle Freight', divisionId: 15, statusId: 1, assigned: ACTING_USER })
  const contactId = created.data.contactId
  const t = (minute: number) => `2025-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`
  const transition = { contactId, divisionId: 15 }
  const later: ContactEvent[] = [
    {
      type: 'ActivityLogged',
      data: {
        contactId,
        activityId: randomUUID(),
        divisionId: 15,
        activityType: 10009,
        subject: 'First call',
        notes: null,
        callData: { duration: 60, outcome: 'Answered' },
        occurredAt: t(1),
        userId: ACTING_USER,
        nextStep: null,
        followUpDate: null,
        attachments: [],
        source: 'form',
      },
    },
    {
      type: 'ContactConverted',
      data: {
        ...transition,
        fromStatusId: 1,
        toStatusId: 2,
        contactCategory: 1,
        effortLevel: 122,
        grade: 108,
        prospectSource: 1,
        accountSource: null,
        nationalityId: null,
        lessee: null,
        unassigned: false,
        assigned: ACTING_USER,
        creationDate: t(2),
      },
    },
    { type: 'RedFlagRaised', data: { contactId, redFlagId: 'flag-1', divisionId: 15, note: 'Late payments' } },
    { type: 'RedFlagRaised', data: { contactId, redFlagId: 'flag-2', divisionId: 15, note: 'Disputed invoice' } },
    { type: 'RedFlagResolved', data: { contactId, redFlagId: 'flag-1', resolution: 'Paid' } },
    {
      type: 'AdditionalContactAdded',
      data: {
        contactId,
        additionalContactId: 'ac-1',
        contactPerson: 'Jo',
        email: null,
        businessPhone: null,
        mobilePhone: null,
      },
    },
    {
      type: 'PersonalNoteAdded',
      data: { contactId, noteId: 'n-1', ownerId: ACTING_USER, additionalContactId: null, note: 'Hi' },
    },
    { type: 'PersonalNoteUpdated', data: { contactId, noteId: 'n-1', note: 'Hello' } },
    { type: 'ContactUpdated', data: { contactId, changes: { ownerName: 'New Owner', address: { city: 'Austin' } } } },
    {
      type: 'ContactConverted',
      data: {
        ...transition,
        fromStatusId: 2,
        toStatusId: 3,
        contactCategory: 1,
        effortLevel: null,
        grade: null,
        prospectSource: null,
        accountSource: 2,
        nationalityId: 3,
        lessee: null,
        unassigned: false,
        assigned: ACTING_USER,
        creationDate: t(3),
      },
    },
    {
      type: 'LesseeSet',
      data: {
        contactId,
        lessee: {
          mcNumber: 'MC9',
          lesseeName: 'Lessor',
          address: { street: null, city: null, state: null, zip: null },
          lesseePhone: null,
          lesseeOwnerName: null,
          lesseeMC: null,
          lesseeContactId: null,
        },
      },
    },
    {
      type: 'ContactStatusChanged',
      data: {
        ...transition,
        divisionId: 2,
        fromStatusId: null,
        toStatusId: 2,
        withoutAdditionalActions: false,
        assigned: null,
        creationDate: t(4),
      },
    },
    {
      type: 'ContactAssigned',
      data: {
        contactId,
        divisionId: 2,
        assigned: ACTING_USER,
        previousAssigned: null,
        cscCreationDate: null,
        isMasterDataAssign: false,
        joinedDivision: false,
        statusId: 2,
      },
    },
    { type: 'ContactOutOfBusinessMarked', data: { contactId, outOfBusiness: true, note: null } },
  ]
  const streamId = `contact-${contactId}`
  const events: StoredEvent[] = [stored(created, streamId, 1, sequenceStart)]
  later.forEach((e, i) => {
    const minute = i + 1
    const metadata = { ...created.metadata, commandId: randomUUID(), occurredAt: t(minute) }
    events.push(
      stored({ eventId: randomUUID(), type: e.type, data: e.data, metadata }, streamId, i + 2, sequenceStart + i + 1),
    )
  })
  return { contactId, events }
}

/** A combine of a second contact into the first one: the survivor's and the absorbed contact's events. */
export function combineEvents(survivorId: string, survivorVersion: number, sequenceStart: number) {
  const absorbed = contactCreated({ name: 'Lifecycle Freight Dup', divisionId: 2, statusId: 2 })
  const absorbedId = absorbed.data.contactId
  const meta = (occurredAt: string) => ({ ...absorbed.metadata, commandId: randomUUID(), occurredAt })
  const combined: ContactEvent = {
    type: 'ContactsCombined',
    data: {
      contactId: survivorId,
      absorbedContactIds: [absorbedId],
      sources: {
        companyInfo: survivorId,
        contactInfo: absorbedId,
        additionalInfo: absorbedId,
        address: survivorId,
        redFlag: survivorId,
      },
      profile: { ...absorbed.data, name: 'Lifecycle Freight', organizationTypeId: 7, contactCategory: 1 },
      divisionStatuses: [
        {
          divisionId: 2,
          sourceContactId: absorbedId,
          fromStatusId: 2,
          toStatusId: 2,
          assigned: null,
          grade: null,
          effortLevel: null,
        },
        {
          divisionId: 15,
          sourceContactId: survivorId,
          fromStatusId: 3,
          toStatusId: 3,
          assigned: ACTING_USER,
          grade: 108,
          effortLevel: 122,
        },
      ],
      additionalContacts: [],
      redFlags: [{ redFlagId: 'flag-2', sourceContactId: survivorId, divisionId: 15, note: 'Disputed invoice' }],
    },
  }
  const merged: ContactEvent = { type: 'ContactMergedInto', data: { contactId: absorbedId, survivorId } }
  return {
    absorbedId,
    events: [
      stored(absorbed, `contact-${absorbedId}`, 1, sequenceStart),
      stored(
        { eventId: randomUUID(), ...combined, metadata: meta('2025-03-01T11:00:00.000Z') },
        `contact-${survivorId}`,
        survivorVersion,
        sequenceStart + 1,
      ),
      stored(
        { eventId: randomUUID(), ...merged, metadata: meta('2025-03-01T11:00:01.000Z') },
        `contact-${absorbedId}`,
        2,
        sequenceStart + 2,
      ),
    ],
  }
}
