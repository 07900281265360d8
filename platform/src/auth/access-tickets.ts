import { sql, type Kysely } from 'kysely'
import { createHash, randomBytes } from 'node:crypto'
import type { RequestUser } from './request-user'

/**
 * Access tickets: what a URL carries instead of the bearer token where a client cannot send a header (the
 * browser's EventSource, a plain download link). A ticket is random, good for one route, for one request and for
 * a short while (docs/decisions/015-api-contract.md): a proxy or access log that keeps the URL keeps nothing that
 * still opens anything. The row holds the caller as the bearer token named them; only the hash of the ticket is
 * stored. The command API issues them, the query API redeems them; both share the auth tables' database.
 */
export const ACCESS_TICKET_TTL_SECONDS = 30

export async function migrateAccessTickets(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists access_tickets (
      ticket_hash text primary key,
      route text not null,
      caller jsonb not null,
      expires_at timestamptz not null
    )`.execute(db)
  await sql`create index if not exists access_tickets_expiry on access_tickets (expires_at)`.execute(db)
}

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('base64url')

/** A new ticket for `route` (as the route table names it, e.g. `/api/v1/changes`) in the caller's name. */
export async function issueAccessTicket(
  db: Kysely<unknown>,
  caller: RequestUser,
  route: string,
  ttlSeconds = ACCESS_TICKET_TTL_SECONDS,
): Promise<{ ticket: string; expiresAt: string }> {
  const ticket = randomBytes(32).toString('base64url')
  // Tickets nobody redeemed go as new ones come; the table stays as small as the last minute's downloads.
  await sql`delete from access_tickets where expires_at < now() - interval '1 minute'`.execute(db)
  const { rows } = await sql<{ expires_at: Date }>`
    insert into access_tickets (ticket_hash, route, caller, expires_at)
    values (${hashOf(ticket)}, ${route}, ${JSON.stringify(caller)}::jsonb, now() + make_interval(secs => ${ttlSeconds}))
    returning expires_at`.execute(db)
  return { ticket, expiresAt: new Date(rows[0]!.expires_at).toISOString() }
}

/**
 * The caller a ticket was issued to, if it is unused, unexpired and for this route; undefined otherwise. Redeeming
 * deletes the row in the same statement, so a ticket opens one request even when two race for it.
 */
export async function redeemAccessTicket(
  db: Kysely<unknown>,
  ticket: string,
  route: string,
): Promise<RequestUser | undefined> {
  try {
    const { rows } = await sql<{ caller: RequestUser | string; route: string; live: boolean }>`
      delete from access_tickets where ticket_hash = ${hashOf(ticket)}
      returning caller, route, expires_at > now() as live`.execute(db)
    const row = rows[0]
    if (!row || !row.live || row.route !== route) return undefined
    return typeof row.caller === 'string' ? (JSON.parse(row.caller) as RequestUser) : row.caller
  } catch (error) {
    // No table yet (the command API has not migrated): no ticket was ever issued.
    if ((error as { code?: string }).code === '42P01') return undefined
    throw error
  }
}
