import { ContactStatus as S, type ContactListName } from '@crm/contracts'
import { sql, type RawBuilder } from 'kysely'
import type { Viewer } from '../viewer'

/** How long a new lead counts as "recent" (New Leads shows this week's imports, colour-coded by age). */
export const RECENT_LEAD_DAYS = 7
/** An assigned contact nobody has worked for this long goes on To Reassign. */
export const NEGLECTED_DAYS = 30

export interface ListDefinition {
  /** Membership, over the row alias `s` (contact_search) and `u` (the assigned user). */
  where: (viewer: Viewer) => RawBuilder<unknown>
  /** Executives see the list across every division, not only the current one. */
  acrossDivisions?: boolean
}

const status = (...ids: number[]) => sql`s.status_id in (${sql.join(ids)})`
const mine = (viewer: Viewer) => sql`s.assigned = ${viewer.userId}::uuid`

/**
 * Each contact list of docs/product.md section 2, as a sales floor reads it. One place for every membership rule;
 * who may see which rows (rep: theirs and unassigned, manager: the division, executive: all) is applied on
 * top by the query, and indexes of contact_search lead with (division_id, status_id | assigned).
 */
export const listDefinitions: Record<ContactListName | ListVariant, ListDefinition> = {
  // New Leads: leads imported this week, the Imported column shows how fresh.
  'recent-leads': {
    where: () => sql`${status(S.Lead)} and s.import_date >= now() - make_interval(days => ${RECENT_LEAD_DAYS})`,
  },
  // Leads nobody has claimed yet: the pool reps pick from.
  'unassigned-lead': { where: () => sql`${status(S.Lead)} and s.assigned is null` },
  // The viewer's own leads.
  'my-lead': { where: (v) => sql`${status(S.Lead)} and ${mine(v)}` },
  // Leads someone in the division has claimed (a manager's view of who works what).
  'division-claimed-leads': { where: () => sql`${status(S.Lead)} and s.assigned is not null` },
  // Prospects without an owner (e.g. after a rep left), to be converted or claimed.
  'unassigned-prospects': { where: () => sql`${status(S.Prospect)} and s.assigned is null` },
  'my-prospect': { where: (v) => sql`${status(S.Prospect)} and ${mine(v)}` },
  // Customers of the division.
  accounts: { where: () => status(S.Account) },
  // Accounts that went quiet (status Inactive).
  'inactive-accounts': { where: () => status(S.Inactive) },
  // Former accounts lost to a competitor (contract lost) or gone inactive: to be won back.
  'win-again-accounts': {
    where: () =>
      sql`s.was_account and s.status_id <> ${S.Account} and (s.lost_at is not null or ${status(S.Inactive)})`,
  },
  // Prospects whose deal was lost or who went inactive before ever buying.
  'win-again-prospects': {
    where: () =>
      sql`s.was_prospect and not s.was_account and s.status_id <> ${S.Prospect} and (s.lost_at is not null or ${status(S.Inactive)})`,
  },
  'manager-bucket': { where: () => status(S.ManagersBucket) },
  // Owned but not worked: the owner left (disabled user) or nobody contacted it for NEGLECTED_DAYS.
  'to-reassign': {
    where:
      () => sql`s.assigned is not null and ${status(S.Lead, S.Prospect, S.Account)} and (coalesce(u.disabled, false)
      or coalesce(s.last_contact_date, s.assigned_at, s.created_at) < now() - make_interval(days => ${NEGLECTED_DAYS}))`,
  },
  // Accounts whose financing is paid off: a balance was tracked and is now zero (a renewal opportunity).
  'paid-off-accounts': {
    where: () => sql`${status(S.Account)} and s.current_balance is not null and s.current_balance <= 0`,
  },
  // Customers behind on payments: collectors work these.
  'collection-list': { where: () => sql`s.current_balance > 0 and s.days_late > 0` },
  // Everyone who owes money, late or not: the credit exposure of the division.
  'credit-exposure': { where: () => sql`s.current_balance > 0` },
  // All Contacts of the division.
  contacts: { where: () => sql`true` },
  'dead-contacts': { where: () => status(S.Dead) },
  'not-qualified': { where: () => status(S.NotQualified) },
  // Contacts a rep gave up on (give up needs enough call attempts first).
  'i-give-up': { where: () => sql`s.gave_up_at is not null` },
  'out-of-business': { where: () => sql`s.out_of_business` },
  // Every customer (account) the viewer may see; executives across all divisions.
  'all-customers': { where: () => status(S.Account), acrossDivisions: true },
  // docs/product.md section 7's list variants of GET /contacts.
  'win-again-accounts-prospects': {
    where: () => sql`(s.was_account or s.was_prospect) and (s.lost_at is not null or ${status(S.Inactive)})`,
  },
  'get-leads-prospects-accounts': { where: () => status(S.Lead, S.Prospect, S.Account) },
  'get-unassigned-leads': { where: () => sql`${status(S.Lead)} and s.assigned is null` },
  pending: { where: () => status(S.Pending) },
  'get-division-claimed-leads-accounts': { where: () => sql`${status(S.Lead, S.Account)} and s.assigned is not null` },
  // Contacts with a possible duplicate: another contact with the same DOT, MC, name, office phone or email, as
  // the Related Entities column counts them. One indexed probe per key, so each row costs a few index lookups.
  duplicatedContacts: {
    where: () =>
      sql`(${sql.join(
        duplicateKeys.map(
          (key) => sql`exists (select 1 from contacts_list d where not d.deleted
        and d.id <> s.contact_id and nullif(trim(${sql.raw(`s.${key.column}`)}), '') is not null
        and ${sql.raw(key.match)})`,
        ),
        sql` or `,
      )})`,
  },
}

/** The keys two contacts are possible duplicates by (GET /contacts/related-entities matches the same). */
const duplicateKeys = [
  { column: 'dot_number', match: 'd.dot_number = trim(s.dot_number)' },
  { column: 'mc_number', match: 'd.mc_number = trim(s.mc_number)' },
  { column: 'name', match: 'lower(d.name) = lower(trim(s.name))' },
  { column: 'business_phone', match: 'd.business_phone = trim(s.business_phone)' },
  { column: 'email', match: 'lower(d.email) = lower(trim(s.email))' },
]

/** Paths of GET /contacts/{variant} (docs/product.md section 7) served from the same read model. */
export const listVariants = [
  'win-again-accounts-prospects',
  'get-leads-prospects-accounts',
  'get-unassigned-leads',
  'pending',
  'get-division-claimed-leads-accounts',
  'duplicatedContacts',
] as const
export type ListVariant = (typeof listVariants)[number]
