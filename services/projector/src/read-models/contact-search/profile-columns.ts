import type { ContactProfile } from '@crm/contracts'
import type { ColumnTypes } from '../../runtime/recordset'
import { contactFactColumns, logisticsFlagColumns, logisticsFlagFields } from './contact-facts'
import { coordinatesOf, estimatedRevenue, isExYu } from './derived-facts'

/** Profile fields (docs/product.md names) → contact_search columns they set, with derived columns alongside. */
export const profileColumns: ColumnTypes = [
  ...contactFactColumns,
  ['current_balance', 'numeric'],
  ['days_late', 'int'],
  ['last_collection_activity', 'timestamptz'],
  ...logisticsFlagColumns,
]

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : (v ?? null))

/** The columns an edit sets (`keys`) and their values; fields it does not mention are not touched. */
export function profileChanges(changes: Partial<ContactProfile>): { keys: string[]; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {}
  const set = (column: string, value: unknown) => (values[column] = blank(value))
  const direct: [keyof ContactProfile, string][] = [
    ['name', 'name'],
    ['dba', 'dba'],
    ['ownerName', 'owner_name'],
    ['email', 'email'],
    ['businessPhone', 'business_phone'],
    ['mobilePhone', 'mobile_phone'],
    ['mcNumber', 'mc_number'],
    ['dotNumber', 'dot_number'],
    ['contactCategory', 'contact_category'],
    ['organizationTypeId', 'organization_type_id'],
    ['companyTypeId', 'company_type_id'],
    ['dateEstablished', 'date_established'],
    ['currentBalance', 'current_balance'],
    ['daysLate', 'days_late'],
    ['lastCollectionActivity', 'last_collection_activity'],
  ]
  for (const [field, column] of direct) if (field in changes) set(column, changes[field])
  // A toggle is on or off, never unknown (a combine copies a contact that never had it as null).
  for (const { key, dateKey, column, dateColumn } of logisticsFlagFields) {
    if (key in changes) set(column, changes[key] ?? false)
    if (dateKey in changes) set(dateColumn, changes[dateKey])
  }
  if ('nationalityId' in changes) {
    set('nationality_id', changes.nationalityId)
    set('is_ex_yu', isExYu(changes.nationalityId))
  }
  if ('numberOfTrucks' in changes) {
    set('number_of_trucks', changes.numberOfTrucks)
    set('estimated_revenue', estimatedRevenue(changes.numberOfTrucks))
  }
  const address = changes.address
  if (address) {
    if ('street1' in address) set('street1', address.street1)
    if ('city' in address) set('city', address.city)
    if ('state' in address) set('state', blank(address.state)?.toString().toUpperCase() ?? null)
    if ('zip' in address) {
      set('zip', address.zip)
      Object.assign(values, coordinatesOf(address.zip))
    }
  }
  return { keys: Object.keys(values), values }
}
