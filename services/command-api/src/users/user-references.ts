import { DomainError } from '@crm/platform'
import type { Kysely } from 'kysely'
import { findUserByEmail, findUserById } from '../auth/users-read-model'
import { divisionExists } from '../divisions/division-lookups'

/**
 * What a user record points at must exist (read models; the screens only offer existing choices, so a miss
 * is a stale screen or a hand-made request). Emails stay unique, case-insensitively.
 */
export async function checkUserReferences(
  db: Kysely<unknown>,
  ref: { userId?: string; email?: string; divisionId?: number; managerId?: string | null },
): Promise<void> {
  if (ref.email !== undefined) {
    const owner = await findUserByEmail(db, ref.email)
    if (owner && owner.userId !== ref.userId) throw new DomainError('A user with this email already exists')
  }
  if (ref.divisionId !== undefined && !(await divisionExists(db, ref.divisionId))) {
    throw new DomainError('Division not found')
  }
  if (ref.managerId) {
    if (ref.managerId === ref.userId) throw new DomainError('A user cannot be their own manager')
    const manager = await findUserById(db, ref.managerId)
    if (!manager || manager.disabled) throw new DomainError('Manager not found')
  }
}
