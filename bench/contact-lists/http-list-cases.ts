import type { BenchUser } from '../services'

/** Users of generate-contact-search.ts: user N is `…-000000000N`; users 1 and 2 work in division 15. */
const benchUserId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
export const MANAGER: BenchUser = { userId: benchUserId(1), divisionId: 15, permissions: ['call', 'manager'] }
/** A rep: the scope adds "theirs or unassigned" to the division, the narrowest and most common caller. */
export const REP: BenchUser = { userId: benchUserId(2), divisionId: 15, permissions: ['call'] }

/** One request shape users hit, varied by round so that no cache answers every round the same. */
export interface ListCase {
  name: string
  user: BenchUser
  /** The request of round `i`; `divisionId`: the caller's division, where the request names one. */
  path: (i: number, divisionId?: number) => string
}

const list = (path: string, options: (i: number) => object) => (i: number) =>
  `/api/v1${path}?options=${encodeURIComponent(JSON.stringify(options(i)))}`
const quickSearch = (text: (i: number) => string) => (i: number) =>
  `/api/v1/contacts/quick-search?q=${encodeURIComponent(text(i))}`

const states = ['TX', 'CA', 'FL', 'IL', 'OH', 'PA', 'GA', 'NY', 'MI', 'NC']
const zips = ['75001', '60601', '30301', '90001', '33101', '43004', '19019', '28201']
// Texts as typed into the top bar, over the names, numbers and phones generate-contact-search.ts writes.
const places = ['summit', 'eagle', 'prairie', 'pioneer', 'coastal', 'red rock']
const trades = ['tru', 'fre', 'log', 'tra', 'hau', 'car']
// The table's search box: two words of the generated names, two runs of digits of the DOT and MC numbers.
const searchBoxTexts = ['lakes', 'rock', '4321', '8765']
const direction = (i: number) => (i % 2 ? 'asc' : 'desc')

/** Issue 12's list of what users hit first, at a million contacts. */
export const listCases: ListCase[] = [
  { name: 'All Contacts, default first page (5 by name)', user: MANAGER, path: list('/contacts', () => ({})) },
  {
    name: 'All Contacts, page of 50 sorted by trucks',
    user: MANAGER,
    path: list('/contacts', (i) => ({
      pagination: { limit: 50, first: 0 },
      sort: { field: 'numberOfTrucks', direction: direction(i) },
    })),
  },
  {
    name: 'All Contacts, page 100 of 50',
    user: MANAGER,
    path: list('/contacts', (i) => ({
      pagination: { limit: 50, first: 99 * 50 },
      sort: { field: 'name', direction: direction(i) },
    })),
  },
  {
    name: 'top bar search, a name fragment ("eagle fre")',
    user: REP,
    path: quickSearch((i) => `${places[i % places.length]} ${trades[(i * 5) % trades.length]}`),
  },
  {
    name: 'top bar search, a DOT number prefix (5 digits)',
    user: REP,
    path: quickSearch((i) => String(1_000_000 + ((i * 7919) % 900_000)).slice(0, 5)),
  },
  {
    name: 'top bar search, business phone digits (5)',
    user: REP,
    path: quickSearch((i) => String(10_000 + ((i * 7919) % 90_000))),
  },
  {
    name: 'All Contacts, a state filter sorted by name, page of 50',
    user: MANAGER,
    path: list('/contacts', (i) => ({
      pagination: { limit: 50, first: 0 },
      sort: { field: 'name', direction: 'asc' },
      filter: { state: states[i % states.length] },
    })),
  },
  {
    name: 'New Leads, page of 50',
    user: MANAGER,
    path: list('/contact-lists/recent-leads', (i) => ({
      pagination: { limit: 50, first: 0 },
      sort: { field: 'name', direction: direction(i) },
    })),
  },
  {
    name: 'Unassigned Leads, page of 50',
    user: MANAGER,
    path: list('/contact-lists/unassigned-lead', (i) => ({
      pagination: { limit: 50, first: 0 },
      sort: { field: 'name', direction: direction(i) },
    })),
  },
  {
    name: 'To Reassign, page of 50',
    user: MANAGER,
    path: list('/contact-lists/to-reassign', (i) => ({
      pagination: { limit: 50, first: 0 },
      sort: { field: 'name', direction: direction(i) },
    })),
  },
  // Issue 21: the column filters match anywhere in the value ("contains", docs/product.md section 9).
  {
    name: 'All Contacts, name contains a word ("lakes"), default page',
    user: MANAGER,
    path: list('/contacts', (i) => ({ filter: { name: ['lakes', 'rock', 'star', 'line'][i % 4] } })),
  },
  {
    name: 'All Contacts, DOT number contains 4 digits, default page',
    user: MANAGER,
    path: list('/contacts', (i) => ({ filter: { dotNumber: String(1000 + ((i * 7919) % 9000)) } })),
  },
  {
    name: 'All Contacts, MC number contains 4 digits, default page',
    user: MANAGER,
    path: list('/contacts', (i) => ({ filter: { mcNumber: String(1000 + ((i * 6007) % 9000)) } })),
  },
  {
    name: "All Contacts, the table's search box (name, DOT or MC contains a word), a rep",
    user: REP,
    path: list('/contacts', (i) => ({ tableFilter: { global: searchBoxTexts[i % searchBoxTexts.length] } })),
  },
  // The same texts are common in a manager's rows: their pages walk the name order (docs/decisions/042).
  {
    name: "All Contacts, the table's search box, a manager",
    user: MANAGER,
    path: list('/contacts', (i) => ({ tableFilter: { global: searchBoxTexts[i % searchBoxTexts.length] } })),
  },
  {
    name: 'Advanced Search, five filters with distance from a zip, page of 50',
    user: MANAGER,
    path: (i, divisionId = MANAGER.divisionId) =>
      list('/advanced-search', () => ({
        pagination: { limit: 50, first: 0 },
        sort: { field: 'name', direction: 'asc' },
        filter: {
          divisionId,
          statusId: 1,
          zip: zips[i % zips.length],
          distance: '0-50',
          numberOfTrucksFrom: 2,
          organizationTypeId: 7,
        },
      }))(i),
  },
]
