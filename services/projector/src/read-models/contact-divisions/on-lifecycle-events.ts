import type {
  ContactAssigned,
  ContactDivisionRecordEdited,
  ContactEffortLevelSet,
  ContactsCombined,
  ContactUnassigned,
  StatusTransitionEvent,
} from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import { sql } from 'kysely'
import type { BatchHandler } from '../../runtime/apply-by-type'
import { noChange, upsertMemberships, type MembershipChange } from './upsert-membership'

type Stored<E extends { type: string; data: unknown }> = StoredEvent<E['type'], E['data']>

const base = (e: StoredEvent, data: { contactId: string; divisionId: number }) => ({
  ...noChange,
  contact_id: data.contactId,
  division_id: data.divisionId,
  at: e.metadata.occurredAt,
  version: e.streamVersion,
})

/** Any status transition: the new status, and the assignee or grade when the event says so. */
function transitionRow(e: Stored<StatusTransitionEvent>): MembershipChange {
  const row: MembershipChange = { ...base(e, e.data), status_id: e.data.toStatusId, status_changed: true }
  const event = { type: e.type, data: e.data } as StatusTransitionEvent
  switch (event.type) {
    case 'ContactConverted':
      return {
        ...row,
        set_assigned: true,
        assigned: event.data.assigned,
        grade: event.data.grade,
        effort_level: event.data.effortLevel,
        prospect_source: event.data.prospectSource,
        account_source: event.data.accountSource,
      }
    case 'ContactStatusChanged':
      return { ...row, set_assigned: true, assigned: event.data.assigned }
    case 'ContactGivenUp':
      return { ...row, set_assigned: true, assigned: null }
    default:
      return row
  }
}

export const onStatusTransition: BatchHandler<'contact_divisions', StatusTransitionEvent> = (trx, events, tables) =>
  upsertMemberships(trx, tables, events.map(transitionRow))

export const onContactAssigned: BatchHandler<'contact_divisions', ContactAssigned> = (trx, events, tables) =>
  upsertMemberships(
    trx,
    tables,
    events.map((e) => ({
      ...base(e, e.data),
      set_assigned: true,
      assigned: e.data.assigned,
      // Joining a division (master-data assign) creates the row with this status.
      status_id: e.data.joinedDivision ? e.data.statusId : null,
    })),
  )

export const onContactUnassigned: BatchHandler<'contact_divisions', ContactUnassigned> = (trx, events, tables) =>
  upsertMemberships(
    trx,
    tables,
    events.map((e) => ({ ...base(e, e.data), set_assigned: true, assigned: null })),
  )

export const onEffortLevelSet: BatchHandler<'contact_divisions', ContactEffortLevelSet> = (trx, events, tables) =>
  upsertMemberships(
    trx,
    tables,
    events.map((e) => ({ ...base(e, e.data), effort_level: e.data.effortLevel })),
  )

/** Grade, effort level or stage edited in a division: what the edit changed, nothing else. */
export const onDivisionRecordEdited: BatchHandler<'contact_divisions', ContactDivisionRecordEdited> = (
  trx,
  events,
  tables,
) =>
  upsertMemberships(
    trx,
    tables,
    events.map((e) => {
      const { grade, effortLevel, stage } = e.data.changes
      return {
        ...base(e, e.data),
        grade: grade ?? null,
        effort_level: effortLevel ?? null,
        set_stage: stage !== undefined,
        stage: stage ?? null,
      }
    }),
  )

/** A combine: the survivor's memberships become exactly the chosen ones. */
export const onContactsCombined: BatchHandler<'contact_divisions', ContactsCombined> = async (trx, events, tables) => {
  for (const e of events) {
    const kept = e.data.divisionStatuses.map((d) => d.divisionId)
    await sql`
      delete from ${sql.table(tables.contact_divisions)}
      where contact_id = ${e.data.contactId}::uuid and version < ${e.streamVersion}
        and not (division_id = any(${kept}::int[]))`.execute(trx)
    await upsertMemberships(
      trx,
      tables,
      e.data.divisionStatuses.map((d) => ({
        ...base(e, { contactId: e.data.contactId, divisionId: d.divisionId }),
        status_id: d.toStatusId,
        set_assigned: true,
        assigned: d.assigned,
        grade: d.grade,
        effort_level: d.effortLevel,
        status_changed: d.fromStatusId !== d.toStatusId,
      })),
    )
  }
}
