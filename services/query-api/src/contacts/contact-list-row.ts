import type { ContactListRow } from '@crm/contracts'
import { isoOrNull } from '../read-models'

type Timestamp = Date | string | null

/** The read-model columns behind one contacts-table row (contacts_list + contact_divisions, or contact_search). */
export interface ContactListRecord {
  name: string | null
  organization_type_id: number | null
  dot_number: string | null
  mc_number: string | null
  state: string | null
  number_of_trucks: number | null
  owner_name: string | null
  preferred_language: string | null
  company_type_id: number | null
  business_phone: string | null
  last_contact_date: Timestamp
  last_meeting_date: Timestamp
  import_date: Timestamp
  created_at: Timestamp
  opened_flags: number | null
  division_id: number
  status_id: number | null
  assigned: string | null
  assigned_name?: string | null
}

/**
 * One row of the contacts tables of docs/product.md section 2, as every list answers it. `relatedEntities`: possible
 * duplicates of the row, counted for the page (contact-lists/related-entity-counts.ts).
 */
export function toContactListRow(id: string, r: ContactListRecord, relatedEntities = 0): ContactListRow {
  return {
    id,
    name: r.name ?? '',
    organizationTypeId: r.organization_type_id,
    dotNumber: r.dot_number,
    mcNumber: r.mc_number,
    state: r.state,
    numberOfTrucks: r.number_of_trucks,
    ownerName: r.owner_name,
    preferredLanguage: r.preferred_language,
    companyTypeId: r.company_type_id,
    businessPhone: r.business_phone,
    lastContactDate: isoOrNull(r.last_contact_date),
    lastMeetingDate: isoOrNull(r.last_meeting_date),
    importDate: isoOrNull(r.import_date),
    openedFlags: r.opened_flags ?? 0,
    divisionId: r.division_id,
    statusId: r.status_id ?? 0,
    assigned: r.assigned,
    assignedName: r.assigned_name ?? null,
    createdAt: isoOrNull(r.created_at) ?? '',
    relatedEntities,
  }
}
