import { canSeeWorkOf, hasPermission, worksAcrossDivisions, type Caller } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Viewer } from '../viewer'

/** A manager's team: the active users whose manager they are (users read model). */
async function teamOf(db: Kysely<unknown>, viewer: Viewer): Promise<string[]> {
  if (!hasPermission(viewer, 'manager') || worksAcrossDivisions(viewer)) return []
  const { rows } = await sql<{ user_id: string }>`
    select user_id::text as user_id from users where manager_id = ${viewer.userId}::uuid and not disabled`.execute(db)
  return rows.map((r) => r.user_id)
}

/** The viewer as the visibility policy's caller, with their team (canSeeWorkOf reads it). */
export async function expenseCaller(db: Kysely<unknown>, viewer: Viewer): Promise<Caller> {
  return { ...viewer, team: await teamOf(db, viewer) }
}

/**
 * Whose expenses the caller sees (contracts' canSeeWorkOf): their own, a manager their team's too, executives and
 * administrators everyone's. As SQL over an owner column, for the lists.
 */
export function visibleOwnerSql(caller: Caller, owner: RawBuilder<unknown>): RawBuilder<unknown> {
  if (worksAcrossDivisions(caller)) return sql`true`
  const ids = [caller.userId, ...(caller.team ?? [])]
  return sql`${owner} = any(${ids}::uuid[])`
}

/**
 * May the viewer open this receipt? Receipts are authorized through the expense that owns them: whoever may see
 * that expense; before it is filed, only its uploader. Unknown keys are false, like invisible ones. The file
 * decoder (GET /file-decoder) asks this for keys of receipts.
 */
export async function canReadReceipt(db: Kysely<unknown>, viewer: Viewer, key: string): Promise<boolean> {
  const { rows } = await sql<{ uploaded_by: string; owner: string | null }>`
    select r.uploaded_by::text as uploaded_by, e.user_id::text as owner
    from expense_receipts r left join expenses e on e.expense_id = r.expense_id
    where r.key = ${key}`.execute(db)
  const receipt = rows[0]
  if (!receipt) return false
  const caller = await expenseCaller(db, viewer)
  if (receipt.owner === null) return receipt.uploaded_by === viewer.userId
  return canSeeWorkOf(caller, receipt.owner)
}
