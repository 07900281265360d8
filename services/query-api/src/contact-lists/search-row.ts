import { nationalityName, type ContactSearchRow } from '@crm/contracts'
import { dateOnly, isoOrNull } from '../read-models'

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
  nationality_id: number | null
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
  rfp_date: Date | string | null
  mfp_date: Date | string | null
  credit_app_date: Date | string | null
  online_form_date: Date | string | null
}

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value))

/**
 * One row of the contacts table of docs/product.md section 2, as every list, Advanced Search and GET /contacts
 * answer it. `relatedEntities`: possible duplicates of the row, counted for the page (related-entity-counts.ts).
 */
export function toSearchRow(r: SearchRowRecord, relatedEntities = 0): ContactSearchRow {
  return {
    id: r.contact_id,
    name: r.name,
    organizationTypeId: r.organization_type_id,
    dotNumber: r.dot_number,
    mcNumber: r.mc_number,
    state: r.state,
    numberOfTrucks: r.number_of_trucks,
    ownerName: r.owner_name,
    // The label of the contact's nationality id: the lists' read model keeps the id, not always the label.
    preferredLanguage: r.preferred_language ?? nationalityName(r.nationality_id),
    companyTypeId: r.company_type_id,
    businessPhone: r.business_phone,
    lastContactDate: isoOrNull(r.last_contact_date),
    lastMeetingDate: isoOrNull(r.last_meeting_date),
    importDate: isoOrNull(r.import_date),
    openedFlags: r.opened_flags,
    divisionId: r.division_id,
    statusId: r.status_id,
    assigned: r.assigned,
    assignedName: r.assigned_name,
    createdAt: isoOrNull(r.created_at) ?? '',
    relatedEntities,
    currentBalance: numberOrNull(r.current_balance),
    daysLate: r.days_late,
    lastCollectionActivity: isoOrNull(r.last_collection_activity),
    assignedToMyTeam: r.assigned_to_my_team,
    distanceMiles: r.distance_miles === null ? null : Math.round(r.distance_miles * 10) / 10,
    rfpDate: dateOnly(r.rfp_date),
    mfpDate: dateOnly(r.mfp_date),
    creditAppDate: dateOnly(r.credit_app_date),
    onlineFormDate: dateOnly(r.online_form_date),
  }
}
