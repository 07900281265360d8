import {
  changeOwnPasswordSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  isManagerOf,
  messageResultSchema,
  messages,
  passwordMessages,
  publicChangePasswordSchema,
  resetPasswordSchema,
  userIdParamsSchema,
} from '@crm/contracts'
import {
  DomainError,
  badRequest,
  forbidden,
  hasPermission,
  notFound,
  tooManyRequests,
  type EventStore,
  type HttpApp,
  type Mailer,
} from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { randomUUID } from 'node:crypto'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { newCommandId } from '../command-handling/ids'
import type { CommandApiConfig } from '../config'
import { userDecider } from '../users/decide'
import { userStreamId } from '../users/users.events'
import { hashPassword, verifyPassword } from '../users/passwords'
import { createRateLimiter } from './rate-limit'
import { workUnderWay } from '../scheduling/work-under-way'
import { sendResetMail } from './reset-mail'
import { verifyResetToken } from './reset-token'
import { revokeUserSessions } from '../users/session-rows'
import { findUserByEmail, findUserById } from '../users/users-read-model'

type Deps = {
  db: Kysely<unknown>
  store: EventStore
  mailer: Mailer
  config: Pick<CommandApiConfig, 'jwtSecret' | 'publicUrl' | 'passwordResetTtlSeconds' | 'loginLimitPerIp'>
}
const tags = ['auth']
const ok = (message: string) => ({ message })
/** The envelope of a command sent without a session by the user it acts for. */
function publicEnvelope(userId: string) {
  const commandId = newCommandId()
  return { commandId, userId, divisionId: null, correlationId: commandId, causationId: null }
}

/** Password changes (docs/product.md section 7): own, a team member's, and the forgot / reset-by-mail pair. */
export function passwordRoutes(api: HttpApp, { db, store, mailer, config }: Deps): void {
  const perIp = createRateLimiter({ limit: config.loginLimitPerIp, windowMs: 60_000 })
  const perEmail = createRateLimiter({ limit: 3, windowMs: 15 * 60_000 })
  // Reset mails from one address: enough for an office that forgot together, not for bombing many inboxes.
  const forgotPerIp = createRateLimiter({ limit: 20, windowMs: 60 * 60_000 })
  // Wrong current passwords from an open session: a few tries, then a pause (it would be a guessing oracle).
  const currentGuesses = createRateLimiter({ limit: 5, windowMs: 15 * 60_000 })
  // Reset mails go out after the answer (below); closing waits for those under way before the mailer closes.
  const resetsUnderWay = workUnderWay()
  api.addHook('onClose', () => resetsUnderWay.settled())

  async function changePassword(
    request: FastifyRequest,
    userId: string,
    newPassword: string,
    by: 'self' | 'manager' | 'admin',
    /** Set when no session carries the actor (the public change-password form). */
    actorId?: string,
  ) {
    const passwordHash = await hashPassword(newPassword)
    await handleCommand(
      store,
      userDecider,
      userStreamId(userId),
      { type: 'ChangePassword', data: { passwordHash, by } },
      actorId ? publicEnvelope(actorId) : envelopeOf(request),
    )
    // Someone else set it: whoever was logged in as that user must log in with the new password.
    if (by !== 'self') await revokeUserSessions(db, userId)
  }

  api.post(
    '/auth/change-pass/:id',
    {
      config: { openapi: { errors: [429] } },
      schema: {
        summary: "Change one's own password",
        tags,
        params: userIdParamsSchema,
        body: changeOwnPasswordSchema,
        response: { 200: messageResultSchema },
      },
    },
    async (request) => {
      const { id } = request.params
      const self = id === request.user.userId
      if (!self && !hasPermission(request.user, 'admin')) throw forbidden()
      const user = await findUserById(db, id)
      if (!user) throw notFound()
      if (self) {
        const { currentPassword } = request.body
        const refuse = (message: string) => badRequest(message, { currentPassword: message })
        if (!currentPassword) throw refuse(passwordMessages.currentRequired)
        if (currentGuesses.hit(id) > 0) throw tooManyRequests(60)
        if (!(await verifyPassword(user.passwordHash, currentPassword))) throw refuse(passwordMessages.currentWrong)
        currentGuesses.reset(id)
      }
      await changePassword(request, id, request.body.newPassword, self ? 'self' : 'admin')
      return ok(messages.passwordChanged)
    },
  )

  api.post(
    '/auth/change-password',
    {
      config: { openapi: { errors: [429] }, public: true },
      schema: {
        summary: 'Change a password without a session, proving it with the email and current password',
        tags,
        body: publicChangePasswordSchema,
        response: { 200: messageResultSchema },
      },
    },
    async (request) => {
      const wait = perIp.hit(request.ip)
      if (wait > 0) throw tooManyRequests(wait)
      const { email, currentPassword, newPassword } = request.body
      const address = email.trim().toLowerCase()
      if (currentGuesses.hit(address) > 0) throw tooManyRequests(60)
      const user = await findUserByEmail(db, address)
      // One answer for an unknown address, a disabled user and a wrong password, as at login (no probing).
      const valid = user && !user.disabled && (await verifyPassword(user.passwordHash, currentPassword))
      if (!user || !valid)
        throw badRequest(messages.invalidCredentials, { currentPassword: messages.invalidCredentials })
      currentGuesses.reset(address)
      await changePassword(request, user.userId, newPassword, 'self', user.userId)
      // Nobody is logged in here: any session left open elsewhere (a shared computer) must log in again.
      await revokeUserSessions(db, user.userId)
      return ok(messages.passwordChanged)
    },
  )

  api.post(
    '/auth/change-team-user-password/:id',
    {
      schema: {
        summary: 'Set the password of a team member {id}',
        tags,
        params: userIdParamsSchema,
        body: changePasswordSchema,
        response: { 200: messageResultSchema },
      },
    },
    async (request) => {
      const { id } = request.params
      const caller = request.user
      const target = await findUserById(db, id)
      const isAdmin = hasPermission(caller, 'admin')
      // Managers reach their own team only; not finding a user answers like not being allowed (no probing).
      const isTheirManager = target !== undefined && isManagerOf(caller, target)
      if (!isAdmin && !isTheirManager) throw forbidden()
      if (!target) throw notFound()
      await changePassword(request, id, request.body.newPassword, isAdmin ? 'admin' : 'manager')
      return ok(messages.passwordChanged)
    },
  )

  api.post(
    '/auth/forgot-password',
    {
      config: { openapi: { errors: [429] }, public: true },
      schema: {
        summary: 'Mail a password-reset link',
        tags,
        body: forgotPasswordSchema,
        response: { 200: messageResultSchema },
      },
    },
    async (request) => {
      const wait = forgotPerIp.hit(request.ip)
      if (wait > 0) throw tooManyRequests(wait)
      const email = request.body.email.trim().toLowerCase()
      // Same answer, same timing, whether or not the address is known: the work happens after answering.
      if (perEmail.hit(email) === 0) {
        void resetsUnderWay.track(
          new Promise((resolve) => setImmediate(resolve))
            .then(() => requestReset(email))
            .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed')),
        )
      }
      return ok(messages.forgotPasswordSent)
    },
  )

  async function requestReset(email: string): Promise<void> {
    const user = await findUserByEmail(db, email)
    if (!user || user.disabled) return
    const commandId = newCommandId()
    const tokenId = randomUUID()
    const expiresAt = new Date(Date.now() + config.passwordResetTtlSeconds * 1000)
    await handleCommand(
      store,
      userDecider,
      userStreamId(user.userId),
      { type: 'RequestPasswordReset', data: { tokenId, expiresAt: expiresAt.toISOString() } },
      { commandId, userId: null, divisionId: null, correlationId: commandId, causationId: null },
    )
    await sendResetMail(mailer, config, user, { tokenId, userId: user.userId, expiresAt })
  }

  api.post(
    '/auth/reset-password-by-token',
    {
      config: { openapi: { errors: [422, 429] }, public: true },
      schema: {
        summary: "Set a new password with a reset link's token",
        tags,
        body: resetPasswordSchema,
        response: { 200: messageResultSchema },
      },
    },
    async (request) => {
      const wait = perIp.hit(request.ip)
      if (wait > 0) throw tooManyRequests(wait)
      const claims = verifyResetToken(config.jwtSecret, request.body.token)
      if (!claims) throw new DomainError(messages.passwordResetFailed)
      const passwordHash = await hashPassword(request.body.password)
      const commandId = newCommandId()
      await handleCommand(
        store,
        userDecider,
        userStreamId(claims.userId),
        { type: 'ResetPassword', data: { tokenId: claims.tokenId, passwordHash } },
        { commandId, userId: claims.userId, divisionId: null, correlationId: commandId, causationId: null },
      )
      await revokeUserSessions(db, claims.userId)
      return ok(messages.passwordReset)
    },
  )
}
