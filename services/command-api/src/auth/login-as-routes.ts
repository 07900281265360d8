import { decryptRequestSchema, loginAsSchema, loginResponseSchema, mayActAs } from '@crm/contracts'
import {
  HttpProblem,
  DomainError,
  forbidden,
  requirePermission,
  tooManyRequests,
  type EventStore,
  type HttpApp,
} from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import type { CommandApiConfig } from '../config'
import { userDecider } from '../users/decide'
import { userStreamId } from '../users/users.events'
import { openSession } from './issue-login'
import { createRateLimiter } from './rate-limit'
import { decryptSsoPayload } from './sso-crypto'
import { redeemSsoLink } from './sso-single-use'
import { findUserById } from '../users/users-read-model'

type Deps = {
  db: Kysely<unknown>
  store: EventStore
  config: Pick<CommandApiConfig, 'jwtTtlSeconds' | 'sessionTtlSeconds' | 'ssoSecret' | 'loginLimitPerIp'>
}
const tags = ['auth']
const ssoFailed = () =>
  new HttpProblem(401, 'Single sign-on failed, please log in', { detail: 'Single sign-on failed, please log in' })

/** Logging in as someone else: an administrator's "sign in as", and single sign-on from the sister apps. */
export function loginAsRoutes(api: HttpApp, { db, store, config }: Deps): void {
  const perIp = createRateLimiter({ limit: config.loginLimitPerIp, windowMs: 60_000 })

  api.post(
    '/auth/login-as-user',
    {
      preHandler: requirePermission('login-as'),
      schema: {
        summary: 'Log in as another user (administrators; with login-as, one who holds no more than the caller)',
        tags,
        body: loginAsSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const target = await findUserById(db, request.body.userId)
      if (!target) throw new DomainError('User not found')
      if (target.disabled) throw new DomainError('This user is deactivated')
      // Acting as someone never grants more than the person acting holds (nor an administrator's powers).
      const verdict = mayActAs(request.user, target)
      if (!verdict.allowed) throw forbidden(verdict.reason)
      // Audited before the session exists: a failed append means no session.
      await handleCommand(
        store,
        userDecider,
        userStreamId(target.userId),
        { type: 'RecordLoginAs', data: { byUserId: request.user.userId } },
        envelopeOf(request),
      )
      // Whoever signed in as someone else stays named on everything done in that session.
      return openSession(api, db, config, target, request.user.signedInBy ?? request.user.userId)
    },
  )

  api.post(
    '/auth/decrypt',
    {
      // The visitor has no session yet: the sealed payload is the credential.
      config: { openapi: { errors: [401, 429] }, public: true },
      schema: {
        summary: 'Log in from a single sign-on link of a sister app',
        tags,
        body: decryptRequestSchema,
        response: {
          200: loginResponseSchema.extend({ pathname: z.string().nullable(), contactId: z.string().nullable() }),
        },
      },
    },
    async (request) => {
      const wait = perIp.hit(request.ip)
      if (wait > 0) throw tooManyRequests(wait)
      if (!config.ssoSecret) throw ssoFailed()
      const payload = decryptSsoPayload(config.ssoSecret, request.body.payload)
      if (!payload) throw ssoFailed()
      // A link logs in once: a second use (a link found in a history or a log) is answered as an expired one.
      if (!(await redeemSsoLink(db, request.body.payload, new Date(payload.exp * 1000)))) throw ssoFailed()
      const user = await findUserById(db, payload.userId)
      if (!user || user.disabled) throw ssoFailed()
      const login = await openSession(api, db, config, user)
      return {
        ...login,
        pathname: payload.pathname ?? null,
        contactId: payload.contactId === undefined ? null : String(payload.contactId),
      }
    },
  )
}
