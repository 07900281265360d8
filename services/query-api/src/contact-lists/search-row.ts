import type { ContactSearchRow } from '@crm/contracts'
import { isoOrNull } from '../read-models'
import { toContactListRow } from '../contacts/contact-list-row'

type Timestamp = Date | string | null
/** A contact_search row as selected by searchContacts (numeric columns arrive as strings from pg). */
export interface SearchRowRecord {
  contact_id: string
  division_id: number
  name: string
  organization_type_id: number | null
  dot_number: string | null
  mc_number: string | null
  state: string | null
  number_of_trucks: number | null
  owner_name: string | null
  preferred_language: string | null
  company_type_id: number | null
  business_phone: string | null
  email: string | null
  last_contact_date: Timestamp
  last_meeting_date: Timestamp
  import_date: Timestamp
  created_at: Timestamp
  opened_flags: number
  status_id: number
  assigned: string | null
  assigned_name: string | null
  current_balance: string | number | null
  days_late: number | null
  last_collection_activity: Timestamp
  distance_miles: number | null
  assigned_to_my_team: boolean
}

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value))

export function toSearchRow(r: SearchRowRecord, relatedEntities = 0): ContactSearchRow {
  return {
    ...toContactListRow(r.contact_id, r, relatedEntities),
    currentBalance: numberOrNull(r.current_balance),
    daysLate: r.days_late,
    lastCollectionActivity: isoOrNull(r.last_collection_activity),
    assignedToMyTeam: r.assigned_to_my_team,
    distanceMiles: r.distance_miles === null ? null : Math.round(r.distance_miles * 10) / 10,
  }
}
