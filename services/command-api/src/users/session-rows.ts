import { forgetSession } from '@crm/platform'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'

export interface LiveSession {
  sessionId: string
  userId: string
  expiresAt: Date
  /** Set when an administrator opened this session as the user (sign in as). */
  signedInBy: string | null
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * A login session. The client gets an opaque session token (for refresh and logout); the table keeps only
 * its hash, so a database leak cannot be replayed. The JWT carries the session id, which is not a secret.
 */
export async function createSession(
  db: Kysely<unknown>,
  userId: string,
  ttlSeconds: number,
  signedInBy: string | null = null,
): Promise<LiveSession & { sessionToken: string }> {
  const sessionId = randomUUID()
  const sessionToken = randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000)
  await sql`insert into auth_sessions (session_id, user_id, token_hash, expires_at, signed_in_by)
            values (${sessionId}::uuid, ${userId}::uuid, ${hashToken(sessionToken)},
              ${expiresAt.toISOString()}::timestamptz, ${signedInBy}::uuid)`.execute(db)
  return { sessionId, userId, expiresAt, sessionToken, signedInBy }
}

export async function findLiveSession(db: Kysely<unknown>, sessionToken: string): Promise<LiveSession | undefined> {
  const { rows } = await sql<{
    session_id: string
    user_id: string
    expires_at: Date | string
    signed_in_by: string | null
  }>`
    select session_id, user_id, expires_at, signed_in_by from auth_sessions
    where token_hash = ${hashToken(sessionToken)} and revoked_at is null and expires_at > now()`.execute(db)
  const row = rows[0]
  return (
    row && {
      sessionId: row.session_id,
      userId: row.user_id,
      expiresAt: new Date(row.expires_at),
      signedInBy: row.signed_in_by,
    }
  )
}

/** Revokes the session of this token (idempotent). Tokens of it stop working at once in this process. */
export async function revokeSession(db: Kysely<unknown>, sessionToken: string): Promise<boolean> {
  const { rows } = await sql<{ session_id: string }>`
    update auth_sessions set revoked_at = coalesce(revoked_at, now())
    where token_hash = ${hashToken(sessionToken)} returning session_id`.execute(db)
  for (const row of rows) forgetSession(db, row.session_id)
  return rows.length > 0
}

/** Ends every live session of a user (password reset, deactivation, new permissions). */
export async function revokeUserSessions(db: Kysely<unknown>, userId: string): Promise<void> {
  const { rows } = await sql<{ session_id: string }>`
    update auth_sessions set revoked_at = now()
    where user_id = ${userId}::uuid and revoked_at is null returning session_id`.execute(db)
  for (const row of rows) forgetSession(db, row.session_id)
}
