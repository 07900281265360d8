import type { ContactFields, LogisticsFlagDateKey, LogisticsFlagKey } from '@crm/contracts'
import { textOrNull, type ColumnTypes } from '../../runtime/recordset'
import { coordinatesOf, estimatedRevenue, isExYu } from './derived-facts'

/** Columns holding facts of the contact itself (the same on every division row). */
export const contactFactColumns: ColumnTypes = [
  ['name', 'text'],
  ['dba', 'text'],
  ['owner_name', 'text'],
  ['email', 'text'],
  ['business_phone', 'text'],
  ['mobile_phone', 'text'],
  ['mc_number', 'text'],
  ['dot_number', 'text'],
  ['contact_category', 'int'],
  ['organization_type_id', 'int'],
  ['company_type_id', 'int'],
  ['nationality_id', 'int'],
  ['is_ex_yu', 'boolean'],
  ['number_of_trucks', 'int'],
  ['estimated_revenue', 'numeric'],
  ['date_established', 'date'],
  ['street1', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['zip', 'text'],
  ['latitude', 'float8'],
  ['longitude', 'float8'],
]

/** The four logistics toggles and their dates (docs/product.md 3), which the rfp / mfp / ... lists filter on. */
export const logisticsFlagFields: {
  key: LogisticsFlagKey
  dateKey: LogisticsFlagDateKey
  column: string
  dateColumn: string
}[] = [
  { key: 'isRfp', dateKey: 'rfpDate', column: 'is_rfp', dateColumn: 'rfp_date' },
  { key: 'isMfp', dateKey: 'mfpDate', column: 'is_mfp', dateColumn: 'mfp_date' },
  { key: 'isCreditApp', dateKey: 'creditAppDate', column: 'is_credit_app', dateColumn: 'credit_app_date' },
  { key: 'isOnlineForm', dateKey: 'onlineFormDate', column: 'is_online_form', dateColumn: 'online_form_date' },
]
export const logisticsFlagColumns: ColumnTypes = logisticsFlagFields.flatMap(({ column, dateColumn }) => [
  [column, 'boolean'],
  [dateColumn, 'date'],
])

/** The fact columns of a full set of contact fields (created contacts). */
export function contactFacts(data: ContactFields): Record<string, unknown> {
  return {
    name: data.name,
    dba: textOrNull(data.dba),
    owner_name: textOrNull(data.ownerName),
    email: textOrNull(data.email),
    business_phone: textOrNull(data.businessPhone),
    mobile_phone: textOrNull(data.mobilePhone),
    mc_number: textOrNull(data.mcNumber),
    dot_number: textOrNull(data.dotNumber),
    contact_category: data.contactCategory ?? null,
    organization_type_id: data.organizationTypeId ?? null,
    company_type_id: data.companyTypeId ?? null,
    nationality_id: data.nationalityId ?? null,
    is_ex_yu: isExYu(data.nationalityId),
    number_of_trucks: data.numberOfTrucks ?? null,
    estimated_revenue: estimatedRevenue(data.numberOfTrucks),
    date_established: textOrNull(data.dateEstablished),
    street1: textOrNull(data.address?.street1),
    city: textOrNull(data.address?.city),
    state: textOrNull(data.address?.state)?.toUpperCase() ?? null,
    zip: textOrNull(data.address?.zip),
    ...coordinatesOf(data.address?.zip),
  }
}
