import {
  createUserSchema,
  isManagerOf,
  messages,
  rolePresets,
  updateOptionsSchema,
  updateProfileSchema,
  updateUserSchema,
  userIdParamsSchema,
  userResultSchema,
} from '@crm/contracts'
import {
  DomainError,
  forbidden,
  hasPermission,
  notFound,
  requirePermission,
  type EventStore,
  type HttpApp,
  type RequestUser,
} from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { revokeUserSessions } from './session-rows'
import { findUserById } from './users-read-model'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { withPosition } from '../command-handling/respond'
import type { UserCommand } from './commands'
import { userDecider } from './decide'
import { registerUser } from './register-user'
import { checkUserReferences, userFromStream } from './user-references'
import { userStreamId } from './users.events'

const tags = ['users']
const adminOnly = requirePermission('admin')
type Deps = { db: Kysely<unknown>; store: EventStore }

/**
 * Administrators edit anyone; a manager edits only the expectations of their own team (as they set team
 * passwords). For anyone else an unknown user answers like a forbidden one: nothing to learn from probing.
 */
function mayEditUser(caller: RequestUser, target: { managerId: string | null } | undefined, changes: object): boolean {
  if (hasPermission(caller, 'admin')) return true
  const managesThem = target !== undefined && isManagerOf(caller, target)
  return managesThem && Object.keys(changes).every((key) => key === 'expectations')
}

async function registeredInStream(store: EventStore, userId: string) {
  const state = await userFromStream(store, userId)
  return state.registered ? { managerId: state.managerId } : undefined
}

/** Users screen (administrators) and the profile page (everyone, for themselves). */
export function userRoutes(api: HttpApp, { db, store }: Deps): void {
  const run = (request: FastifyRequest, userId: string, command: UserCommand) =>
    handleCommand(store, userDecider, userStreamId(userId), command, envelopeOf(request))

  api.post(
    '/users',
    {
      preHandler: adminOnly,
      schema: {
        summary: 'Create a user (administrators)',
        tags,
        body: createUserSchema,
        response: { 201: userResultSchema },
      },
    },
    async (request, reply) => {
      const { role, permissions, managerId, ...rest } = request.body
      await checkUserReferences(db, store, { email: rest.email, divisionId: rest.divisionId, managerId })
      const result = await registerUser(
        store,
        { ...rest, managerId, permissions: permissions ?? rolePresets[role ?? 'rep'] },
        { userId: request.user.userId, divisionId: request.user.divisionId },
      )
      if (!result.created) throw new DomainError('A user with this email already exists')
      return reply.code(201).send(withPosition(reply, result.position, { userId: result.userId }))
    },
  )

  api.patch(
    '/users/me',
    {
      schema: {
        summary: "Edit one's own profile",
        tags,
        body: updateProfileSchema,
        response: { 200: userResultSchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.user
      const result = await run(request, userId, { type: 'UpdateProfile', data: request.body })
      return withPosition(reply, result.position, { userId })
    },
  )

  api.patch(
    '/users/me/options',
    {
      schema: {
        summary: "Save one's own screen options",
        tags,
        body: updateOptionsSchema,
        response: { 200: userResultSchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.user
      const result = await run(request, userId, { type: 'UpdateOptions', data: request.body })
      return withPosition(reply, result.position, { userId })
    },
  )

  api.patch(
    '/users/:id',
    {
      schema: {
        summary: 'Edit user {id}',
        tags,
        params: userIdParamsSchema,
        body: updateUserSchema,
        response: { 200: userResultSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const changes = request.body
      // A user created a moment ago may not be in the read model yet: their stream has them.
      const target = (await findUserById(db, id)) ?? (await registeredInStream(store, id))
      if (!mayEditUser(request.user, target, changes)) throw forbidden()
      if (!target) throw notFound(messages.notFound)
      // An administrator cannot lock themselves out; another administrator can.
      if (
        id === request.user.userId &&
        (changes.active === false || (changes.permissions && !changes.permissions.includes('admin')))
      ) {
        throw new DomainError('You cannot remove your own access')
      }
      await checkUserReferences(db, store, { userId: id, ...changes })
      const result = await run(request, id, { type: 'UpdateUser', data: changes })
      if (result.events.some((e) => e.type === 'UserDeactivated' || e.type === 'UserPermissionsChanged')) {
        // Their tokens carry the old permissions: end the sessions so the next login gets the new ones.
        await revokeUserSessions(db, id)
      }
      return withPosition(reply, result.position, { userId: id })
    },
  )
}
