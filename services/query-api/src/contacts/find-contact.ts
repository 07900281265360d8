import { canSeeContact, type ContactDetails, type ContactDivision } from '@crm/contracts'
import { findLessee } from './lessees'
import type { Kysely } from 'kysely'
import { dateOnly, isoOrNull, readModels } from '../read-models'
import { survivorOf } from './merged-family'
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
  // The one visibility policy (contracts), the same the command side applies to every write.
  return canSeeContact(
    viewer,
    row.division_id === null ? [] : [{ divisionId: row.division_id, assigned: row.assigned }],
  )
}

/**
 * The contact a URL names, as the viewer may open it: the contact itself, or, for one combined into another, the
 * survivor (whose page, history and timeline now hold both). Undefined answers 404: missing and invisible alike.
 */
export async function openableContactId(
  db: Kysely<unknown>,
  viewer: Viewer,
  contactId: string,
): Promise<string | undefined> {
  if (await isContactVisible(db, viewer, contactId)) return contactId
  const survivor = await survivorOf(db, contactId)
  return survivor && (await isContactVisible(db, viewer, survivor)) ? survivor : undefined
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
  const divisions = await findDivisionStandings(db, id)
  const lessee = await findLessee(db, id)
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
    contactDivisionData: divisions,
    saferPhone: c.safer_phone ?? null,
    saferMobilePhone: c.safer_mobile_phone ?? null,
    preferredLanguage: c.preferred_language,
    isRfp: c.is_rfp ?? false,
    isMfp: c.is_mfp ?? false,
    isCreditApp: c.is_credit_app ?? false,
    isOnlineForm: c.is_online_form ?? false,
    rfpDate: dateOnly(c.rfp_date ?? null),
    mfpDate: dateOnly(c.mfp_date ?? null),
    creditAppDate: dateOnly(c.credit_app_date ?? null),
    onlineFormDate: dateOnly(c.online_form_date ?? null),
    currentBalance: c.current_balance === null || c.current_balance === undefined ? null : Number(c.current_balance),
    daysLate: c.days_late ?? null,
    lastCollectionActivity: isoOrNull(c.last_collection_activity),
    outOfBusiness: c.out_of_business ?? false,
    businessCards: c.business_cards ?? [],
    lessee,
  }
}

/** The contact's standing in each division it belongs to (its per-division records), by division. */
export async function findDivisionStandings(db: Kysely<unknown>, id: string): Promise<ContactDivision[]> {
  const rows = await readModels(db)
    .selectFrom('contact_divisions as d')
    .leftJoin('users as u', 'u.user_id', 'd.assigned')
    .select([
      'd.division_id',
      'd.status_id',
      'd.grade',
      'd.stage',
      'd.assigned',
      'd.effort_level',
      'd.prospect_source',
      'd.account_source',
      'u.name as assigned_name',
    ])
    .where('d.contact_id', '=', id)
    .orderBy('d.division_id')
    .execute()
  return rows.map((d) => ({
    divisionId: d.division_id,
    statusId: d.status_id ?? 0,
    grade: d.grade,
    stage: d.stage,
    assigned: d.assigned,
    effortLevel: d.effort_level ?? null,
    prospectSource: d.prospect_source ?? null,
    accountSource: d.account_source ?? null,
    assignedName: d.assigned_name ?? null,
  }))
}
