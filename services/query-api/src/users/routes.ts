import {
  pagedSchema,
  selectPageSchema,
  userIdParamsSchema,
  userSchema,
  usersForSelectQuerySchema,
  usersListParamsSchema,
  readModelNames,
} from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { findVisibleUser, listUsers, userOptions } from './list-users'

const tags = ['users']
const projections = [readModelNames.users, readModelNames.divisions]

/** Users as pickers, the users screen and the profile page read them; each caller sees only whom they may. */
export function userRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/users',
    {
      config: { projections },
      schema: {
        summary: 'The users',
        tags,
        querystring: usersListParamsSchema,
        response: { 200: pagedSchema(userSchema) },
      },
    },
    async (request) => listUsers(db, request.user, request.query),
  )

  api.get(
    '/users/for-select',
    {
      config: { projections },
      schema: {
        summary: 'Active users for a picker as the user types, 50 a page, the caller first',
        tags,
        querystring: usersForSelectQuerySchema,
        response: { 200: selectPageSchema },
      },
    },
    async (request) => userOptions(db, request.user, request.query),
  )

  api.get(
    '/users/my-team',
    {
      config: { projections },
      schema: {
        summary: "The caller's team: the active users whose manager they are (empty for everyone else)",
        tags,
        response: { 200: z.array(userSchema) },
      },
    },
    async (request) =>
      (await listUsers(db, request.user, { managerId: request.user.userId, limit: 500, first: 0 })).rows,
  )

  api.get(
    '/users/me',
    { config: { projections }, schema: { summary: "The caller's own profile", tags, response: { 200: userSchema } } },
    async (request) => {
      const me = await findVisibleUser(db, request.user, request.user.userId)
      if (!me) throw notFound('User not found')
      return me
    },
  )

  api.get(
    '/users/:id',
    {
      config: { projections },
      schema: { summary: 'User {id}', tags, params: userIdParamsSchema, response: { 200: userSchema } },
    },
    async (request) => {
      const user = await findVisibleUser(db, request.user, request.params.id)
      if (!user) throw notFound('User not found')
      return user
    },
  )
}
