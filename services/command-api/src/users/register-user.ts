import { loginRequestSchema, permissionKeys, type PermissionKey } from '@crm/contracts'
import type { EventStore, Position } from '@crm/platform'
import { z } from 'zod'
import { hashPassword } from './passwords'
import { handleCommand } from '../command-handling/handle-command'
import { derivedUuid } from '../command-handling/ids'
import { userDecider } from './decide'
import { userStreamId } from './users.events'

export interface RegisterUserInput {
  email: string
  password: string
  name: string
  divisionId: number
  permissions: PermissionKey[]
  managerId?: string | null
}

const inputSchema = z.object({
  email: loginRequestSchema.shape.email,
  password: z.string().min(8).max(200),
  name: z.string().trim().min(1).max(200),
  divisionId: z.number().int().positive(),
  permissions: z.array(z.enum(permissionKeys)),
  managerId: z.uuid().nullish(),
})

/**
 * Registers a user (seeding the administrator, later the users screen). The command id is derived from the
 * email, so registering the same email again appends nothing and returns the first user's id: seeding on
 * every start is safe.
 */
export async function registerUser(
  store: EventStore,
  input: RegisterUserInput,
  author: { userId: string | null; divisionId: number | null } = { userId: null, divisionId: null },
): Promise<{ userId: string; position: Position | null; created: boolean }> {
  const { password, ...data } = inputSchema.parse(input)
  const email = data.email.trim().toLowerCase()
  const commandId = `register-user:${email}`
  const userId = registeredUserId(email)
  const result = await handleCommand(
    store,
    userDecider,
    userStreamId(userId),
    { type: 'RegisterUser', data: { ...data, email, userId, passwordHash: await hashPassword(password) } },
    { commandId, userId: author.userId, divisionId: author.divisionId, correlationId: commandId, causationId: null },
  )
  return { userId, position: result.position, created: !result.duplicate }
}

/** The id registerUser gives an email (derived, so seeds can refer to users they registered). */
export const registeredUserId = (email: string): string => derivedUuid(`register-user:${email.trim().toLowerCase()}`)
