import type { Caller, Case, CaseTools } from './permission-cases'

/** Commands on contacts that need a permission (docs/product.md section 6). */
export function contactCases({ contactIn, alsoIn }: CaseTools, rep: () => Caller): Case[] {
  return [
    {
      permission: 'assign-any',
      name: 'create a contact assigned to someone else',
      request: async () => ({
        method: 'POST',
        url: '/contacts',
        payload: { name: 'Assigned Co', organizationTypeId: 5, assigned: rep().userId },
      }),
    },
    {
      permission: 'executive',
      name: 'create a contact in another division',
      request: async () => ({
        method: 'POST',
        url: '/contacts',
        payload: { name: 'Elsewhere Co', organizationTypeId: 5, divisionId: 2 },
      }),
    },
    {
      permission: 'executive',
      name: 'combine two contacts',
      request: async () => {
        const [a, b] = [await contactIn(), await contactIn()]
        const sources = { companyInfo: a, contactInfo: b, additionalInfo: a, address: a, redFlag: b }
        return {
          method: 'POST',
          url: '/contacts/combine-contacts',
          payload: { contactIds: [a, b], sources, statuses: [{ divisionId: 15, contactId: a }] },
        }
      },
    },
    {
      permission: 'delete-contact',
      name: 'delete a contact',
      request: async () => ({ method: 'DELETE', url: `/contacts/${await contactIn()}` }),
    },
    {
      permission: 'delete-contact',
      name: 'delete several contacts',
      request: async () => ({
        method: 'DELETE',
        url: '/contacts/multiple',
        payload: { ids: [await contactIn(), await contactIn()] },
      }),
    },
    {
      permission: 'change-contact-status',
      name: "change a contact's status",
      request: async () => ({
        method: 'POST',
        url: '/contacts/status-change',
        payload: { contactId: await contactIn(), divisionId: 15, statusId: 2 },
      }),
    },
    {
      permission: 'change-contact-status',
      name: 'set the status of several contacts',
      request: async () => ({
        method: 'POST',
        url: '/contacts/change-contact-status-without-additional-actions',
        payload: { contactIds: [await contactIn(), await contactIn()], divisionId: 15, statusId: 2 },
      }),
    },
    {
      permission: 'contract-lost-division',
      name: 'mark a contract lost in another division',
      // The contact is in the caller's division too (else they could not see it at all), an Account in division 2.
      request: async () => {
        const contactId = await contactIn()
        await alsoIn(contactId, 2, 3)
        return {
          method: 'POST',
          url: '/contract-lost',
          payload: { contactId, divisionId: 2, dateLost: '2026-01-15', lostReason: 'Price' },
        }
      },
    },
    {
      permission: 'assign-any',
      name: 'assign contacts to someone else',
      // Executives work across divisions, and so assign to anyone.
      alsoGrantedBy: ['executive'],
      request: async () => ({
        method: 'POST',
        url: '/contacts/assignUser',
        payload: { model: { assigned: rep().userId }, ids: [await contactIn()], divisionId: 15 },
      }),
    },
    {
      permission: 'executive',
      name: 'assign contacts of another division (to oneself)',
      request: async (caller) => ({
        method: 'POST',
        url: '/contacts/assignUser',
        payload: { model: { assigned: caller.userId }, ids: [await contactIn(2)], divisionId: 2 },
      }),
    },
    {
      permission: 'manager',
      name: 'unassign contacts',
      alsoGrantedBy: ['assign-any'],
      request: async () => ({
        method: 'POST',
        url: '/contacts/unassignContacts',
        payload: { contactIds: [await contactIn()], divisionId: 15 },
      }),
    },
    {
      permission: 'executive',
      name: 'unassign contacts of another division',
      requires: ['manager'],
      request: async () => ({
        method: 'POST',
        url: '/contacts/unassignContacts',
        payload: { contactIds: [await contactIn(2)], divisionId: 2 },
      }),
    },
  ]
}
