import type { Caller, Case } from './permission-cases'

/** `?options=` of a list or search with these Advanced Search filters. */
const withFilter = (path: string, filter: object) => `${path}?options=${encodeURIComponent(JSON.stringify({ filter }))}`

/** Queries that need a permission: exports, some Advanced Search filters, other divisions, audits. */
export function readCases(rep: () => Caller): Case[] {
  return [
    {
      permission: 'executive',
      name: 'export a contact list to Excel',
      request: async () => ({ method: 'GET', url: '/contact-lists/contacts/export' }),
    },
    {
      permission: 'executive',
      name: 'export Advanced Search results to Excel',
      request: async () => ({ method: 'GET', url: withFilter('/advanced-search/export', { state: 'TX' }) }),
    },
    {
      permission: 'executive',
      name: 'filter by Ex-Yu',
      request: async () => ({ method: 'GET', url: withFilter('/advanced-search', { isExYu: 1 }) }),
    },
    {
      permission: 'manager',
      name: 'filter by salesperson',
      request: async () => ({ method: 'GET', url: withFilter('/advanced-search', { salesperson: rep().userId }) }),
    },
    {
      permission: 'view-all-division-accounts',
      name: 'filter by division accounts',
      request: async () => ({ method: 'GET', url: withFilter('/advanced-search', { divisionAccounts: 2 }) }),
    },
    {
      permission: 'assign-any',
      name: "filter a list by someone else's contacts",
      // Managers and executives see their whole division, and so whoever it is assigned to.
      alsoGrantedBy: ['manager', 'executive'],
      request: async () => ({ method: 'GET', url: withFilter('/contact-lists/contacts', { assigned: rep().userId }) }),
    },
    {
      permission: 'executive',
      name: "read another division's list",
      request: async () => ({ method: 'GET', url: '/contact-lists/contacts', headers: { 'x-division-id': '2' } }),
    },
    {
      permission: 'executive',
      name: "read another division's system config",
      request: async () => ({ method: 'GET', url: '/system-config/2' }),
    },
    {
      permission: 'manager',
      name: 'audit status changes across contacts',
      alsoGrantedBy: ['executive'],
      request: async () => ({ method: 'GET', url: '/contact-divisions/status-changes' }),
    },
  ]
}
