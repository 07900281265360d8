import { sql, type Kysely } from 'kysely'
import { migrateAccessTickets } from './access-tickets'

/**
 * Login sessions (`auth_sessions`). Bearer tokens are stateless, so logging out or disabling someone needs a
 * row to revoke: every authenticated request checks it (with a short cache, see isSessionRevoked).
 * The command API owns the table (creates and writes it); the query API only reads it.
 */
export async function migrateAuthSessions(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('crm_auth_sessions'))`.execute(trx)
    await sql`
      create table if not exists auth_sessions (
        session_id uuid primary key,
        user_id uuid not null,
        -- sha-256 of the opaque session token handed to the client for refresh and logout; never the token itself
        token_hash text not null unique,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz
      )`.execute(trx)
    await sql`create index if not exists auth_sessions_user on auth_sessions (user_id)`.execute(trx)
    // Sign in as: the administrator behind a session opened as someone else (the audit names both).
    await sql`alter table auth_sessions add column if not exists signed_in_by uuid`.execute(trx)
    await migrateAccessTickets(trx)
  })
}

const CACHE_MS = 2000
type CacheEntry = { revoked: boolean; until: number }
// Per database, so that two apps in one process (tests, standalone) never share answers.
const caches = new WeakMap<object, Map<string, CacheEntry>>()

function cacheOf(db: object): Map<string, CacheEntry> {
  let cache = caches.get(db)
  if (!cache) {
    cache = new Map()
    caches.set(db, cache)
  }
  return cache
}

/**
 * True when the session is unknown, revoked or expired. Answers are cached for ~2 s: a revocation made by
 * another process takes effect within that window; one made in this process is forgotten at once
 * (forgetSession). Fails closed: without the table, no session is live.
 */
export async function isSessionRevoked(db: Kysely<unknown>, sessionId: string, now = Date.now()): Promise<boolean> {
  const cache = cacheOf(db)
  const hit = cache.get(sessionId)
  if (hit && hit.until > now) return hit.revoked
  let revoked = true
  try {
    const { rows } = await sql<{ live: boolean }>`
      select (revoked_at is null and expires_at > now()) as live
      from auth_sessions where session_id = ${sessionId}::uuid`.execute(db)
    revoked = rows[0]?.live !== true
  } catch (error) {
    // Missing table (the command API has not migrated yet) or a malformed id: not a live session. Anything else
    // (database down) is an outage, not a reason to log everyone out.
    const code = (error as { code?: string }).code
    if (code !== '42P01' && code !== '22P02') throw error
  }
  if (cache.size > 10_000) cache.clear()
  cache.set(sessionId, { revoked, until: now + CACHE_MS })
  return revoked
}

/** Drops a cached answer, e.g. right after this process revoked the session. */
export function forgetSession(db: Kysely<unknown>, sessionId: string): void {
  caches.get(db)?.delete(sessionId)
}
