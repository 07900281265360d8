import type { Kysely } from 'kysely'

/**
 * The projector's read models as this service reads them (views named after the base tables). The
 * projector owns their shape; these types only describe the columns used here.
 */
type Timestamp = Date | string

export interface ContactsListTable {
  id: string
  name: string | null
  dba: string | null
  owner_name: string | null
  email: string | null
  business_phone: string | null
  mobile_phone: string | null
  home_phone: string | null
  street1: string | null
  city: string | null
  state: string | null
  zip: string | null
  country: string | null
  mc_number: string | null
  dot_number: string | null
  contact_category: number | null
  organization_type_id: number | null
  nationality_id: number | null
  company_type_id: number | null
  number_of_trucks: number | null
  date_established: Timestamp | null
  import_date: Timestamp | null
  last_contact_date: Timestamp | null
  last_meeting_date: Timestamp | null
  opened_flags: number | null
  preferred_language: string | null
  created_at: Timestamp | null
  created_by: string | null
  version: number
  deleted: boolean
  safer_phone: string | null
  safer_mobile_phone: string | null
  is_rfp: boolean
  is_mfp: boolean
  is_credit_app: boolean
  is_online_form: boolean
  rfp_date: Timestamp | null
  mfp_date: Timestamp | null
  credit_app_date: Timestamp | null
  online_form_date: Timestamp | null
  current_balance: string | number | null
  days_late: number | null
  last_collection_activity: Timestamp | null
  out_of_business: boolean
  merged_into: string | null
  business_cards: { documentKey: string; fileName: string; contentType: string; size: number }[]
}

export interface ContactDivisionsTable {
  contact_id: string
  division_id: number
  status_id: number | null
  grade: number | null
  stage: number | null
  assigned: string | null
  updated_at: Timestamp | null
  effort_level: number | null
  prospect_source: number | null
  account_source: number | null
  status_changed_at: Timestamp | null
}

export interface StreamHistoryTable {
  stream_id: string
  stream_version: number
  position: string
  event_type: string
  summary: string | null
  user_id: string | null
  division_id: number | null
  occurred_at: Timestamp
  data: unknown
  /** The contact the event is about, whatever its stream (the audit). */
  contact_id: string | null
  signed_in_by: string | null
  client_address: string | null
}

export interface UsersTable {
  user_id: string
  email: string
  name: string | null
  division_id: number | null
  permissions: string[]
  disabled: boolean
}

export interface ReadModels {
  contacts_list: ContactsListTable
  contact_divisions: ContactDivisionsTable
  stream_history: StreamHistoryTable
  users: UsersTable
}

export const readModels = (db: Kysely<unknown>): Kysely<ReadModels> => db as unknown as Kysely<ReadModels>

export const isoOrNull = (value: Timestamp | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString()

/** `date` columns come back as a string or as a Date at local midnight depending on the driver: YYYY-MM-DD. */
export function dateOnly(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value.slice(0, 10)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`
}
