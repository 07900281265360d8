import { loginRequestSchema, loginResponseSchema, messages, type LoginResponse } from '@crm/contracts'
import {
  HttpProblem,
  badRequest,
  tooManyRequests,
  unauthorized,
  waitForPosition,
  type EventStore,
  type HttpApp,
} from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { CommandApiConfig } from '../config'
import { verifyPassword } from '../users/passwords'
import { createLoginGuard } from './rate-limit'
import { loginAnswer } from './issue-login'
import { newUserFromStream } from './new-user-from-stream'
import { createSession, findLiveSession, revokeSession, type LiveSession } from '../users/session-rows'
import { findUserById, findUserByEmail, type LoginUser } from '../users/users-read-model'

type AuthConfig = Pick<
  CommandApiConfig,
  'jwtTtlSeconds' | 'sessionTtlSeconds' | 'loginLimitPerEmail' | 'loginLimitPerIp'
>

const invalidCredentials = () =>
  new HttpProblem(401, messages.invalidCredentials, { detail: messages.invalidCredentials })
const sessionHeader = z.object({ 'x-session-token': z.string().min(1).max(200).optional() })
// Fastify hands a missing body over as null.
const refreshBody = z.object({ sessionToken: z.string().min(1).max(200).optional() }).nullish()

function sessionTokenOf(headers: z.infer<typeof sessionHeader>, body?: { sessionToken?: string } | null) {
  const token = headers['x-session-token'] ?? body?.sessionToken
  if (!token) throw badRequest('Missing session token', { 'x-session-token': 'Required' })
  return token
}

/** Login, logout and token refresh (docs/product.md section 7, Auth). Sessions are rows, not events: nothing to replay. */
/**
 * The user logging in. An account an administrator has just created may not be in the users read model yet:
 * when the email is unknown, the stream of the user registered under it answers (so logging in right after being
 * created works at once, however far the projector lags); failing that, the read model is given a moment (at
 * most 2 s) to catch up with the store, for an email changed a moment ago.
 */
async function findLoginUser(db: Kysely<unknown>, store: EventStore, email: string): Promise<LoginUser | undefined> {
  const user = (await findUserByEmail(db, email)) ?? (await newUserFromStream(store, email))
  if (user) return user
  const caughtUp = await waitForPosition(db, ['users'], await store.headPosition(), 2_000).catch(() => false)
  return caughtUp ? findUserByEmail(db, email) : undefined
}

export function authRoutes(
  api: HttpApp,
  { db, store, config }: { db: Kysely<unknown>; store: EventStore; config: AuthConfig },
): void {
  const guard = createLoginGuard({
    failuresPerAccount: config.loginLimitPerEmail,
    attemptsPerAddressPerMinute: config.loginLimitPerIp,
  })

  const answer = (user: LoginUser, session: LiveSession, sessionToken: string): LoginResponse =>
    loginAnswer(api, config, user, session, sessionToken)

  api.post(
    '/auth/login-user',
    {
      config: { openapi: { errors: [401, 429] }, public: true },
      schema: {
        summary: 'Log in with email and password',
        tags: ['auth'],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase()
      const wait = guard.admit(email, request.ip)
      if (wait > 0) throw tooManyRequests(wait)
      const user = await findLoginUser(db, store, email)
      const passwordOk = await verifyPassword(user?.passwordHash, request.body.password)
      if (!user || !passwordOk || user.disabled) {
        guard.failed(email, request.ip)
        throw invalidCredentials()
      }
      guard.succeeded(email, request.ip)
      const session = await createSession(db, user.userId, config.sessionTtlSeconds)
      return answer(user, session, session.sessionToken)
    },
  )

  api.post(
    '/auth/refresh-token',
    {
      // The bearer token may already have expired: the session token is the credential here.
      config: { openapi: { errors: [401] }, public: true },
      schema: {
        summary: 'A new bearer token for a live session',
        tags: ['auth'],
        headers: sessionHeader,
        body: refreshBody,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const sessionToken = sessionTokenOf(request.headers, request.body)
      const session = await findLiveSession(db, sessionToken)
      if (!session) throw unauthorized('Session ended')
      const user = await findUserById(db, session.userId)
      if (!user || user.disabled) {
        await revokeSession(db, sessionToken)
        throw unauthorized('Session ended')
      }
      return answer(user, session, sessionToken)
    },
  )

  api.post(
    '/auth/logout',
    {
      // Logging out must work with an expired bearer token too; knowing the session token is enough.
      config: { public: true },
      schema: {
        response: { 204: z.null().describe('The session has ended') },
        summary: 'End the session',
        tags: ['auth'],
        headers: sessionHeader,
      },
    },
    async (request, reply) => {
      await revokeSession(db, sessionTokenOf(request.headers))
      return reply.code(204).send(null)
    },
  )
}
