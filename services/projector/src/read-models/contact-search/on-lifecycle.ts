import { ActivityType } from '@crm/contracts'
import type {
  ActivityLogged,
  ContactAssigned,
  ContactConverted,
  ContactDeleted,
  ContactMergedInto,
  ContactOutOfBusinessMarked,
  ContactsCombined,
  ContactUnassigned,
  ContactUpdated,
  ContactDivisionRecordEdited,
  ContactEffortLevelSet,
  RedFlagRaised,
  RedFlagResolved,
  StatusTransitionEvent,
  PersonalDataErased,
} from '@crm/contracts'
import { sql } from 'kysely'
import type { BatchHandler, StoredOf } from '../../runtime/apply-by-type'
import { erasedColumns, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'
import { applyContactChanges } from './contact-change'
import { applyDivisionChanges, type DivisionChange } from './division-change'
import { isExYu } from './derived-facts'
import { profileChanges, profileColumns } from './profile-columns'

type Handler<E extends { type: string; data: unknown }> = BatchHandler<'contact_search', E>
const base = (e: StoredOf<{ type: string; data: { contactId: string } }>) => ({
  contact_id: e.data.contactId,
  version: e.streamVersion,
  at: e.metadata.occurredAt,
})

const convertedColumns: ColumnTypes = [
  ['nationality_id', 'int'],
  ['is_ex_yu', 'boolean'],
  ['contact_category', 'int'],
]

/**
 * Every status move (convert, change status, dead, NQ, give up, contract lost) lands on its division row. A
 * conversion also sets facts of the contact itself, on every division row: the contact category, and on the way to
 * Account the preferred language (nationalityId), which the lists show and the Ex-Yu filter reads.
 */
export const onStatusTransition: Handler<StatusTransitionEvent> = async (trx, events, tables) => {
  // A handler gets one event type at a time (applyInWaves groups by type).
  const converted = events.filter((e) => e.type === 'ContactConverted') as StoredOf<ContactConverted>[]
  if (converted.length > 0) {
    await applyContactChanges(
      trx,
      tables.contact_search,
      convertedColumns,
      converted.map(({ data, streamVersion }) => ({
        contact_id: data.contactId,
        version: streamVersion,
        keys: data.nationalityId === null ? ['contact_category'] : ['nationality_id', 'is_ex_yu', 'contact_category'],
        nationality_id: data.nationalityId,
        is_ex_yu: isExYu(data.nationalityId),
        contact_category: data.contactCategory,
      })),
    )
  }
  const changes = events.map((stored): DivisionChange => {
    // Stored events keep type and data apart; re-pair them so the type narrows the data.
    const e = { type: stored.type, data: stored.data } as StatusTransitionEvent
    const change: DivisionChange = { ...base(stored), division_id: e.data.divisionId, status_id: e.data.toStatusId }
    switch (e.type) {
      case 'ContactConverted': {
        const { effortLevel, grade } = e.data
        return {
          ...change,
          set_assigned: true,
          assigned: uuidOrNull(e.data.assigned),
          effort_level: effortLevel,
          grade,
        }
      }
      case 'ContactStatusChanged':
        return { ...change, set_assigned: true, assigned: uuidOrNull(e.data.assigned) }
      case 'ContactGivenUp':
        return { ...change, set_assigned: true, assigned: null, gave_up_at: change.at }
      case 'ContactContractLost':
        return { ...change, lost_at: e.data.dateLost }
      default:
        return change
    }
  })
  // The contact-wide part of a conversion, just applied, carries the same event version, hence `inclusive`.
  await applyDivisionChanges(trx, tables.contact_search, changes, { inclusive: converted.length > 0 })
}

export const onAssigned: Handler<ContactAssigned> = (trx, events, tables) =>
  applyDivisionChanges(
    trx,
    tables.contact_search,
    events.map((e) => ({
      ...base(e),
      division_id: e.data.divisionId,
      set_assigned: true,
      assigned: uuidOrNull(e.data.assigned),
      // A master-data assign brings the contact into the division with this status.
      status_id: e.data.joinedDivision ? e.data.statusId : null,
    })),
  )

export const onUnassigned: Handler<ContactUnassigned> = (trx, events, tables) =>
  applyDivisionChanges(
    trx,
    tables.contact_search,
    events.map((e) => ({ ...base(e), division_id: e.data.divisionId, set_assigned: true, assigned: null })),
  )

export const onEffortLevelSet: Handler<ContactEffortLevelSet> = (trx, events, tables) =>
  applyDivisionChanges(
    trx,
    tables.contact_search,
    events.map((e) => ({ ...base(e), division_id: e.data.divisionId, effort_level: e.data.effortLevel })),
  )

/** The lists show grade and effort level (stage is the contact page's): what the edit changed of them. */
export const onDivisionRecordEdited: Handler<ContactDivisionRecordEdited> = (trx, events, tables) =>
  applyDivisionChanges(
    trx,
    tables.contact_search,
    events.map((e) => ({
      ...base(e),
      division_id: e.data.divisionId,
      grade: e.data.changes.grade ?? null,
      effort_level: e.data.changes.effortLevel ?? null,
    })),
  )

export const onUpdated: Handler<ContactUpdated> = (trx, events, tables) =>
  applyContactChanges(
    trx,
    tables.contact_search,
    profileColumns,
    events.map((e) => {
      const { keys, values } = profileChanges(e.data.changes)
      return { ...values, contact_id: e.data.contactId, version: e.streamVersion, keys }
    }),
  )

const deletedColumns: ColumnTypes = [['deleted', 'boolean']]
/** Deleted, or absorbed into another contact by a combine: gone from every list. */
export const onRemoved: Handler<ContactDeleted | ContactMergedInto> = (trx, events, tables) =>
  applyContactChanges(
    trx,
    tables.contact_search,
    deletedColumns,
    events.map((e) => ({ contact_id: e.data.contactId, version: e.streamVersion, keys: ['deleted'], deleted: true })),
  )

const outOfBusinessColumns: ColumnTypes = [['out_of_business', 'boolean']]
export const onOutOfBusiness: Handler<ContactOutOfBusinessMarked> = (trx, events, tables) =>
  applyContactChanges(
    trx,
    tables.contact_search,
    outOfBusinessColumns,
    events.map((e) => ({
      contact_id: e.data.contactId,
      version: e.streamVersion,
      keys: ['out_of_business'],
      out_of_business: e.data.outOfBusiness,
    })),
  )

/** Open red flags: the name column's flag icon and the Red Flag filter. */
export const onRedFlag: Handler<RedFlagRaised | RedFlagResolved> = (trx, events, tables) =>
  applyContactChanges(
    trx,
    tables.contact_search,
    [],
    events.map((e) => ({
      contact_id: e.data.contactId,
      version: e.streamVersion,
      keys: [],
      delta_flags: e.type === 'RedFlagRaised' ? 1 : -1,
    })),
  )

const activityColumns: ColumnTypes = [
  ['last_contact_date', 'timestamptz'],
  ['last_meeting_date', 'timestamptz'],
]
/** Last Contact Date / Last Meeting Date columns and filters. An older activity logged late never moves them back. */
export const onActivity: Handler<ActivityLogged> = (trx, events, tables) =>
  applyContactChanges(
    trx,
    tables.contact_search,
    activityColumns,
    events.map((e) => ({
      contact_id: e.data.contactId,
      version: e.streamVersion,
      keys:
        e.data.activityType === ActivityType.Meeting
          ? ['last_contact_date', 'last_meeting_date']
          : ['last_contact_date'],
      last_contact_date: e.data.occurredAt,
      last_meeting_date: e.data.occurredAt,
    })),
    'latest',
  )

/** The survivor of a combine takes the chosen profile and division statuses. */
export const onCombined: Handler<ContactsCombined> = async (trx, events, tables) => {
  await applyContactChanges(
    trx,
    tables.contact_search,
    profileColumns,
    events.map((e) => {
      const { keys, values } = profileChanges(e.data.profile)
      return { ...values, contact_id: e.data.contactId, version: e.streamVersion, keys }
    }),
  )
  const changes = events.flatMap((e) =>
    e.data.divisionStatuses.map((d): DivisionChange => ({
      contact_id: e.data.contactId,
      division_id: d.divisionId,
      version: e.streamVersion,
      at: e.metadata.occurredAt,
      status_id: d.toStatusId,
      set_assigned: true,
      assigned: uuidOrNull(d.assigned),
      grade: d.grade,
      effort_level: d.effortLevel,
    })),
  )
  // Same event version as the contact-wide part just applied, hence `inclusive`.
  await applyDivisionChanges(trx, tables.contact_search, changes, { inclusive: true })
}

/**
 * Erased personal data (docs/decisions/035): the personal columns read "erased", and the map position that the
 * zip code gave goes with it (the contact leaves radius searches; city and state stay).
 */
export const onPersonalDataErased: Handler<PersonalDataErased> = async (trx, events, tables) => {
  for (const { data, streamVersion } of events) {
    await sql`
      update ${sql.table(tables.contact_search)} as t
      set ${erasedColumns(['name', 'dba', 'owner_name', 'email', 'business_phone', 'mobile_phone', 'street1', 'zip'])},
        latitude = null, longitude = null, version = ${streamVersion}
      where t.contact_id = ${data.contactId}::uuid and t.version < ${streamVersion}`.execute(trx)
  }
}
