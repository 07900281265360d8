/**
 * The contact lists of docs/product.md section 2, by route name. Each is also remembered as "the last contact list"
 * (only when the last path segment is not numeric). Membership rules live in the query API
 * (services/query-api/src/contact-lists/list-definitions.ts).
 */
export const contactListNames = [
  'recent-leads',
  'unassigned-lead',
  'my-lead',
  'division-claimed-leads',
  'unassigned-prospects',
  'my-prospect',
  'accounts',
  'inactive-accounts',
  'win-again-accounts',
  'win-again-prospects',
  'manager-bucket',
  'to-reassign',
  'paid-off-accounts',
  'collection-list',
  'credit-exposure',
  'contacts',
  'dead-contacts',
  'not-qualified',
  'i-give-up',
  'out-of-business',
  'all-customers',
] as const
export type ContactListName = (typeof contactListNames)[number]

export const contactListTitles: Record<ContactListName, string> = {
  'recent-leads': 'New Leads',
  'unassigned-lead': 'Unassigned Leads',
  'my-lead': 'My Leads',
  'division-claimed-leads': 'Division Claimed Leads',
  'unassigned-prospects': 'Unassigned Prospects',
  'my-prospect': 'My Prospects',
  accounts: 'Accounts',
  'inactive-accounts': 'Inactive Accounts',
  'win-again-accounts': 'Win Again Accounts',
  'win-again-prospects': 'Win Again Prospects',
  'manager-bucket': "Manager's Bucket",
  'to-reassign': 'To Reassign',
  'paid-off-accounts': 'Paid Off Accounts',
  'collection-list': 'Collection List',
  'credit-exposure': 'Credit Exposure',
  contacts: 'All Contacts',
  'dead-contacts': 'Dead Contacts',
  'not-qualified': 'Not Qualified',
  'i-give-up': 'I Give Up',
  'out-of-business': 'Out Of Business',
  'all-customers': 'All Customers',
}

export const isContactListName = (value: string): value is ContactListName =>
  (contactListNames as readonly string[]).includes(value)

/** docs/product.md section 2: a list path is remembered only when its last segment is not numeric. */
export function rememberableListPath(pathname: string): boolean {
  const last = pathname.replace(/\/+$/, '').split('/').pop() ?? ''
  return last !== '' && !/^\d+$/.test(last)
}
