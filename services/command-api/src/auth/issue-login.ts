import type { LoginResponse } from '@crm/contracts'
import type { HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { createSession, type LiveSession } from '../users/session-rows'
import type { LoginUser } from '../users/users-read-model'

export interface LoginSettings {
  jwtTtlSeconds: number
  sessionTtlSeconds: number
}

/** The login answer for a session: an access token that never outlives the session, and the user. */
export function loginAnswer(
  api: HttpApp,
  settings: LoginSettings,
  user: LoginUser,
  session: LiveSession,
  sessionToken: string,
): LoginResponse {
  const ttl = Math.max(
    1,
    Math.min(settings.jwtTtlSeconds, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000)),
  )
  const token = api.jwt.sign(
    {
      sub: user.userId,
      sid: session.sessionId,
      divisionId: user.divisionId,
      permissions: user.permissions,
      ...(session.signedInBy && { act: session.signedInBy }),
    },
    { expiresIn: `${ttl}s` },
  )
  return {
    token,
    sessionToken,
    expiresAt: new Date(Date.now() + ttl * 1000).toISOString(),
    user: {
      userId: user.userId,
      name: user.name,
      email: user.email,
      divisionId: user.divisionId,
      permissions: user.permissions,
    },
  }
}

/** Opens a new session for the user (login, login as, single sign-on) and answers with its tokens. */
export async function openSession(
  api: HttpApp,
  db: Kysely<unknown>,
  settings: LoginSettings,
  user: LoginUser,
  signedInBy: string | null = null,
): Promise<LoginResponse> {
  const session = await createSession(db, user.userId, settings.sessionTtlSeconds, signedInBy)
  return loginAnswer(api, settings, user, session, session.sessionToken)
}
