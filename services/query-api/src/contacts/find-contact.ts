import type { ContactDetails } from '@crm/contracts'
import type { Kysely } from 'kysely'
import { isoOrNull, readModels } from '../read-models'
import type { Viewer } from '../viewer'

/**
 * May the viewer see this contact at all? Executives: any. Others: the contact belongs to their current
 * division and, for reps, is theirs or unassigned there. Invisible and missing look the same (404).
 */
export async function isContactVisible(db: Kysely<unknown>, viewer: Viewer, contactId: string): Promise<boolean> {
  const row = await readModels(db)
    .selectFrom('contacts_list as c')
    .leftJoin('contact_divisions as d', (j) =>
      j.onRef('d.contact_id', '=', 'c.id').on('d.division_id', '=', viewer.divisionId),
    )
    .select(['c.id', 'd.division_id', 'd.assigned'])
    .where('c.id', '=', contactId)
    .where('c.deleted', '=', false)
    .executeTakeFirst()
  if (!row) return false
  if (viewer.seesAllDivisions) return true
  if (row.division_id === null) return false
  return viewer.seesWholeDivision || row.assigned === null || row.assigned === viewer.userId
}

/** GET /contacts/{id}: the contact with its standing in every division, or undefined (missing, deleted). */
export async function findContactById(db: Kysely<unknown>, id: string): Promise<ContactDetails | undefined> {
  const c = await readModels(db)
    .selectFrom('contacts_list')
    .selectAll()
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst()
  if (!c) return undefined
  const divisions = await readModels(db)
    .selectFrom('contact_divisions')
    .select(['division_id', 'status_id', 'grade', 'stage', 'assigned'])
    .where('contact_id', '=', id)
    .orderBy('division_id')
    .execute()
  return {
    id: c.id,
    name: c.name ?? '',
    dba: c.dba,
    ownerName: c.owner_name,
    email: c.email,
    businessPhone: c.business_phone,
    mobilePhone: c.mobile_phone,
    homePhone: c.home_phone,
    address: { street1: c.street1, city: c.city, state: c.state, zip: c.zip, country: c.country },
    mcNumber: c.mc_number,
    dotNumber: c.dot_number,
    contactCategory: c.contact_category ?? 1,
    organizationTypeId: c.organization_type_id,
    nationalityId: c.nationality_id,
    companyTypeId: c.company_type_id,
    numberOfTrucks: c.number_of_trucks,
    // A calendar date, not an instant: no time-zone conversion.
    dateEstablished: dateOnly(c.date_established),
    importDate: isoOrNull(c.import_date),
    lastContactDate: isoOrNull(c.last_contact_date),
    lastMeetingDate: isoOrNull(c.last_meeting_date),
    openedFlags: c.opened_flags ?? 0,
    createdAt: isoOrNull(c.created_at) ?? '',
    version: c.version,
    contactDivisionData: divisions.map((d) => ({
      divisionId: d.division_id,
      statusId: d.status_id ?? 0,
      grade: d.grade,
      stage: d.stage,
      assigned: d.assigned,
    })),
  }
}

/** `date` columns come back as a string or as a Date at local midnight depending on the driver. */
function dateOnly(value: Date | string | null): string | null {
  if (value === null) return null
  if (typeof value === 'string') return value.slice(0, 10)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`
}
