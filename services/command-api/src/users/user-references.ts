import { DomainError, type EventStore } from '@crm/platform'
import type { Kysely } from 'kysely'
import { findUserByEmail, findUserById } from './users-read-model'
import { divisionExists } from '../divisions/division-lookups'
import { divisionDecider, divisionStreamId, type DivisionState } from '../divisions/decide'
import { userDecider } from './decide'
import type { UserState } from './state'
import { userStreamId } from './users.events'
import { loadAggregate } from '../command-handling/load-aggregate'

/** A user as their own stream has them: the truth right after a command, before any read model has it. */
export async function userFromStream(store: EventStore, userId: string): Promise<UserState> {
  return (await loadAggregate(store, userStreamId(userId), userDecider)).state
}

async function divisionFromStream(store: EventStore, divisionId: number): Promise<DivisionState> {
  return (await loadAggregate(store, divisionStreamId(divisionId), divisionDecider)).state
}

/**
 * What a user record points at must exist. The read models answer first; a miss is checked against the owning
 * stream, so an administrator who has just created a division or a manager can use it in the next request,
 * before the projector has caught up. Emails stay unique, case-insensitively (read model).
 */
export async function checkUserReferences(
  db: Kysely<unknown>,
  store: EventStore,
  ref: { userId?: string; email?: string; divisionId?: number; managerId?: string | null },
): Promise<void> {
  if (ref.email !== undefined) {
    const owner = await findUserByEmail(db, ref.email)
    if (owner && owner.userId !== ref.userId) throw new DomainError('A user with this email already exists')
  }
  if (ref.divisionId !== undefined && !(await divisionExists(db, ref.divisionId))) {
    const division = await divisionFromStream(store, ref.divisionId)
    if (!division.exists || division.deleted) throw new DomainError('Division not found')
  }
  if (ref.managerId) {
    if (ref.managerId === ref.userId) throw new DomainError('A user cannot be their own manager')
    const manager = await findUserById(db, ref.managerId)
    if (!manager || manager.disabled) {
      const fromStream = await userFromStream(store, ref.managerId)
      if (!fromStream.registered || !fromStream.active) throw new DomainError('Manager not found')
    }
  }
}
