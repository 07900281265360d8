import { sql, type RawBuilder } from 'kysely'
import type { BatchHandler } from '../../runtime/apply-by-type'
import type { TableNames } from '../../runtime/projection'
import { updateNewerRows, type ColumnTypes } from '../../runtime/recordset'
import type { StoredEvent } from '@crm/platform'

/**
 * A handler that updates existing contact rows from a run of events: one statement, one json parameter.
 * Rows only move forward (see updateNewerRows), so a replay of the same events changes nothing.
 * `set` may use `t` (the row) and `r` (the event's values: id, version and the given columns).
 */
export function contactRowUpdate<E extends { type: string; data: unknown }>(
  columns: ColumnTypes,
  toRow: (event: StoredEvent<E['type'], E['data']>) => Record<string, unknown>,
  set: RawBuilder<unknown>,
): BatchHandler<'contacts_list', E> {
  const all: ColumnTypes = [['id', 'uuid'], ...columns]
  return async (trx, events, tables: TableNames<'contacts_list'>) => {
    const rows = events.map((e) => ({
      id: (e.data as { contactId: string }).contactId,
      version: e.streamVersion,
      ...toRow(e),
    }))
    await updateNewerRows(tables.contacts_list, 'id', rows, all, set).execute(trx)
  }
}

/** Profile field → column, for updates that carry some fields as a json object `r.changes`. */
const profileColumns: [field: string, column: string, type: string, path?: string][] = [
  ['name', 'name', 'text'],
  ['dba', 'dba', 'text'],
  ['ownerName', 'owner_name', 'text'],
  ['email', 'email', 'text'],
  ['businessPhone', 'business_phone', 'text'],
  ['mobilePhone', 'mobile_phone', 'text'],
  ['homePhone', 'home_phone', 'text'],
  ['saferPhone', 'safer_phone', 'text'],
  ['saferMobilePhone', 'safer_mobile_phone', 'text'],
  ['mcNumber', 'mc_number', 'text'],
  ['dotNumber', 'dot_number', 'text'],
  ['contactCategory', 'contact_category', 'int'],
  ['organizationTypeId', 'organization_type_id', 'int'],
  ['nationalityId', 'nationality_id', 'int'],
  ['companyTypeId', 'company_type_id', 'int'],
  ['numberOfTrucks', 'number_of_trucks', 'int'],
  ['dateEstablished', 'date_established', 'date'],
  ['isRfp', 'is_rfp', 'boolean'],
  ['isMfp', 'is_mfp', 'boolean'],
  ['isCreditApp', 'is_credit_app', 'boolean'],
  ['isOnlineForm', 'is_online_form', 'boolean'],
  ['rfpDate', 'rfp_date', 'date'],
  ['mfpDate', 'mfp_date', 'date'],
  ['creditAppDate', 'credit_app_date', 'date'],
  ['onlineFormDate', 'online_form_date', 'date'],
  ['currentBalance', 'current_balance', 'numeric'],
  ['daysLate', 'days_late', 'int'],
  ['lastCollectionActivity', 'last_collection_activity', 'timestamptz'],
  ['address', 'street1', 'text', 'street1'],
  ['address', 'city', 'text', 'city'],
  ['address', 'state', 'text', 'state'],
  ['address', 'zip', 'text', 'zip'],
  ['address', 'country', 'text', 'country'],
]

/** `col = case when r.changes ? 'field' then (value)::type else t.col end, ...` for every profile column. */
export const assignChangedFields: RawBuilder<unknown> = sql.join(
  profileColumns.map(([field, column, type, path]) => {
    // Address parts change one by one: an edit may send only the city.
    const present = path ? sql`coalesce(r.changes -> ${field} ? ${path}, false)` : sql`r.changes ? ${field}`
    const value = path ? sql`nullif(r.changes -> ${field} ->> ${path}, '')` : sql`nullif(r.changes ->> ${field}, '')`
    // Flags are never null in the row: a payload without the flag means "not set".
    const typed = type === 'boolean' ? sql`coalesce((${value})::boolean, false)` : sql`(${value})::${sql.raw(type)}`
    return sql`${sql.id(column)} = case when ${present} then ${typed} else t.${sql.id(column)} end`
  }),
)
