import { canSeeWorkOf, type Caller } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Viewer } from '../viewer'
import { withTeam, workOfSql } from '../visibility/visibility-sql'

/**
 * The viewer as the visibility policy's caller, with their team (canSeeWorkOf reads it): the one team lookup, the
 * same the command side's edits read, so a manager sees exactly the expenses they may edit (docs/decisions/051).
 */
export const expenseCaller = (db: Kysely<unknown>, viewer: Viewer): Promise<Caller> => withTeam(db, viewer)

/**
 * Whose expenses the caller sees (contracts' canSeeWorkOf): their own, a manager their team's too, executives and
 * administrators everyone's. As SQL over an owner column, for the lists.
 */
export const visibleOwnerSql = (caller: Caller, owner: RawBuilder<unknown>): RawBuilder<unknown> =>
  workOfSql(caller, owner)

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
