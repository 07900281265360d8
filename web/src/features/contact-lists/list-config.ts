import { contactListTitles, type ContactListName } from '@crm/contracts'

export interface ListScreen {
  title: string
  /** Which buttons and conditional columns the list has (docs/product.md section 2). */
  imported?: boolean
  status?: boolean
  collection?: boolean
  unassign?: boolean
  delete?: boolean
  importLeads?: boolean
  /** The contacts screen (/contacts): New contact and the status filter of the current division. */
  newContact?: boolean
  statusFilter?: boolean
  /** Every row may be selected (To Reassign); elsewhere only unassigned rows or rows of the user's team. */
  selectAny?: boolean
}

const screens: Partial<Record<ContactListName, Omit<ListScreen, 'title'>>> = {
  'recent-leads': { imported: true, importLeads: true },
  'to-reassign': { status: true, unassign: true, selectAny: true },
  'collection-list': { collection: true },
  'credit-exposure': { collection: true },
  'paid-off-accounts': { collection: true },
  contacts: { status: true, delete: true, newContact: true, statusFilter: true },
  'all-customers': { status: true, delete: true },
}

export function listScreen(list: ContactListName | null): ListScreen {
  if (list === null) return { title: 'Advanced Search results', status: true }
  return { title: contactListTitles[list], ...screens[list] }
}
