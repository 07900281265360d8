import type { UserEvent } from '@crm/contracts'
import type { EventStore } from '@crm/platform'
import { userDecider } from '../users/decide'
import { registeredUserId } from '../users/register-user'
import { userStreamId } from '../users/users.events'
import type { LoginUser } from '../users/users-read-model'
import { loadAggregate } from '../command-handling/load-aggregate'

/**
 * A user registered under this email, as their own stream has them. A user's id is derived from the email they
 * were registered with, so an account an administrator created a moment ago is found here before the users read
 * model has it, however far the projector lags. Accounts whose email was changed later are the read model's.
 */
export async function newUserFromStream(store: EventStore, email: string): Promise<LoginUser | undefined> {
  const loaded = await loadAggregate(store, userStreamId(registeredUserId(email)), userDecider)
  const { state } = loaded
  const history = loaded.history as unknown as UserEvent[]
  if (!state.registered || !state.userId || state.email !== email) return undefined
  let passwordHash: string | null = null
  for (const event of history) {
    if (event.type === 'UserRegistered' || event.type === 'UserPasswordChanged') passwordHash = event.data.passwordHash
  }
  return {
    userId: state.userId,
    email: state.email,
    name: state.name,
    divisionId: state.divisionId,
    managerId: state.managerId,
    permissions: state.permissions,
    passwordHash,
    disabled: !state.active,
  }
}
