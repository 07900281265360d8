import { registerUser } from '@crm/command-api'
import type { PermissionKey } from '@crm/contracts'
import { waitForPosition, type Database, type EventStore, type HttpApp } from '@crm/platform'

export interface TestUserOptions {
  managerId?: string
  divisionId?: number
}

/**
 * Registers a user whose email and password follow from their name, waits until login can see them and logs
 * in. Registration has a fixed command id, so the same call works again after a restart of the stack.
 */
export async function signUpTestUser(
  stack: { app: HttpApp; store: EventStore; database: Database },
  name: string,
  permissions: readonly PermissionKey[],
  { managerId, divisionId = 15 }: TestUserOptions = {},
) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`
  const password = `password-of-${name}`
  const { userId, position } = await registerUser(stack.store, {
    email,
    password,
    name,
    divisionId,
    permissions: [...permissions],
    managerId: managerId ?? null,
  })
  if (position && !(await waitForPosition(stack.database.db, ['users'], position, 30_000))) {
    throw new Error(`users read model did not reach ${email}`)
  }
  const response = await stack.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login-user',
    payload: { email, password },
  })
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`)
  const session = response.json() as { token: string; sessionToken: string }
  return { userId, email, password, token: session.token, sessionToken: session.sessionToken }
}
