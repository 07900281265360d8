import {
  contactClosedBy,
  type ContactOutOfBusinessMarked,
  type ContactsCombined,
  type StatusTransitionEvent,
} from '@crm/contracts'
import { sql, type RawBuilder } from 'kysely'
import type { BatchHandler } from '../../runtime/apply-by-type'
import type { Executor, TableNames } from '../../runtime/projection'
import { insertRows, updateNewerRows, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'tasks' | 'task_contacts'>
type Handler<E extends { type: string; data: unknown }> = BatchHandler<'tasks' | 'task_contacts', E>

/**
 * What a task shows for its contact: out of business wins over the division's status, since it holds in
 * every division. `t` is the task row, `s` the contact's task_contacts row.
 */
const standingOfTask = sql`case when s.out_of_business then 'out_of_business'
  else s.closed_divisions->>(t.division_id::text) end`

/** Brings `contact_closed` of the tasks (all of `contactIds`', or just `taskIds`) in line with task_contacts. */
export async function refreshTaskStanding(
  trx: Executor,
  tables: Tables,
  which: { contactIds: string[] } | { taskIds: string[] },
): Promise<void> {
  const only =
    'contactIds' in which
      ? sql`t.contact_id = any(${which.contactIds}::uuid[])`
      : sql`t.task_id = any(${which.taskIds}::uuid[])`
  await sql`
    update ${sql.table(tables.tasks)} t set contact_closed = ${standingOfTask}
    from ${sql.table(tables.task_contacts)} s
    where s.contact_id = t.contact_id and ${only} and t.contact_closed is distinct from ${standingOfTask}`.execute(trx)
}

/**
 * Moves the contacts' rows forward (never back: a replayed event changes nothing) with `set`; a contact
 * without a row gets one only when its event `closes` something, since a contact never closed has nothing
 * to remember. Then the contacts' tasks follow.
 */
async function changeStanding<R extends { contact_id: string; version: number }>(
  trx: Executor,
  tables: Tables,
  rows: R[],
  change: { columns: ColumnTypes; set: RawBuilder<unknown>; closes: (row: R) => boolean; inserted: ColumnTypes },
): Promise<void> {
  const columns: ColumnTypes = [['contact_id', 'uuid'], ...change.columns]
  await updateNewerRows(tables.task_contacts, 'contact_id', rows, columns, change.set).execute(trx)
  const fresh = rows.filter(change.closes)
  if (fresh.length > 0) {
    const inserted: ColumnTypes = [['contact_id', 'uuid'], ...change.inserted, ['version', 'int']]
    await insertRows(tables.task_contacts, fresh, inserted, sql`on conflict (contact_id) do nothing`).execute(trx)
  }
  await refreshTaskStanding(trx, tables, { contactIds: rows.map((row) => row.contact_id) })
}

/** Dead or Not Qualified closes the contact in that division; any other status opens it again. */
export const onStatusTransition: Handler<StatusTransitionEvent> = (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => {
    const reason = contactClosedBy(data.toStatusId)
    return {
      contact_id: data.contactId,
      division: String(data.divisionId),
      reason,
      closed_divisions: reason ? { [data.divisionId]: reason } : {},
      version: streamVersion,
    }
  })
  return changeStanding(trx, tables, rows, {
    columns: [
      ['division', 'text'],
      ['reason', 'text'],
    ],
    set: sql`closed_divisions = case when r.reason is null then t.closed_divisions - r.division
      else t.closed_divisions || jsonb_build_object(r.division, r.reason) end`,
    closes: (row) => row.reason !== null,
    inserted: [['closed_divisions', 'jsonb']],
  })
}

/** A combine gives the survivor exactly the memberships chosen, so its closed divisions are theirs. */
export const onContactsCombined: Handler<ContactsCombined> = (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => {
    const closed = data.divisionStatuses.flatMap((d) => {
      const reason = contactClosedBy(d.toStatusId)
      return reason ? [[d.divisionId, reason] as const] : []
    })
    return { contact_id: data.contactId, closed_divisions: Object.fromEntries(closed), version: streamVersion }
  })
  return changeStanding(trx, tables, rows, {
    columns: [['closed_divisions', 'jsonb']],
    set: sql`closed_divisions = r.closed_divisions`,
    closes: (row) => Object.keys(row.closed_divisions).length > 0,
    inserted: [['closed_divisions', 'jsonb']],
  })
}

/** Out of business (or back in business) holds in every division. */
export const onOutOfBusiness: Handler<ContactOutOfBusinessMarked> = (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    contact_id: data.contactId,
    out_of_business: data.outOfBusiness,
    version: streamVersion,
  }))
  return changeStanding(trx, tables, rows, {
    columns: [['out_of_business', 'boolean']],
    set: sql`out_of_business = r.out_of_business`,
    closes: (row) => row.out_of_business,
    inserted: [['out_of_business', 'boolean']],
  })
}
