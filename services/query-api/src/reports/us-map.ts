import { usStates, type UsMap } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { ContactScope } from './contact-scope'

/** A status to count, or every status. */
export const ofStatus = (statusId: number | undefined): RawBuilder<unknown> =>
  statusId === undefined ? sql`true` : sql`s.status_id = ${statusId}`

/** The scope's contacts per state of the lookup (two-letter codes, stored upper case), zeros included. */
export async function contactsPerState(db: Kysely<unknown>, scope: ContactScope, statusId?: number): Promise<UsMap> {
  const { rows } = await sql<{ state: string | null; count: number }>`
    select s.state, count(*)::int as count from contact_search s
    where ${scope.where} and ${ofStatus(statusId)}
    group by s.state`.execute(db)
  const counted = new Map(rows.map((r) => [r.state, r.count]))
  const states = usStates.map((s) => ({ stateId: s.id, code: s.code, name: s.name, count: counted.get(s.code) ?? 0 }))
  const total = rows.reduce((sum, r) => sum + r.count, 0)
  return {
    divisionId: scope.divisionId,
    states,
    unknown: total - states.reduce((sum, s) => sum + s.count, 0),
    total,
  }
}

/** The contacts of one state (by its lookup id) in the scope. */
export function inState(stateId: number, statusId?: number): RawBuilder<unknown> {
  const code = usStates.find((s) => s.id === stateId)?.code ?? ''
  return sql`s.state = ${code} and ${ofStatus(statusId)}`
}
