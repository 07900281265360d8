import { sql, type Kysely } from 'kysely'
import { createHash } from 'node:crypto'

/**
 * Single sign-on links are single-use (docs/decisions/046): the first login from a sealed payload remembers it
 * (its hash, never the payload) until the payload expires, and every later one is refused like an expired link.
 * In the database, as access tickets are, so it holds across the command API's processes and restarts. The
 * command API owns the table.
 */
export async function migrateSsoLinks(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('crm_sso_links_used'))`.execute(trx)
    await sql`
      create table if not exists sso_links_used (
        link_hash text primary key,
        expires_at timestamptz not null
      )`.execute(trx)
    await sql`create index if not exists sso_links_used_expiry on sso_links_used (expires_at)`.execute(trx)
  })
}

/** The link's identity: its bytes as decrypting reads them, so another spelling of the same base64 is the same link. */
const hashOf = (sealed: string) => createHash('sha256').update(Buffer.from(sealed, 'base64url')).digest('base64url')

/**
 * Marks the link used; true the first time, false for any later use before `expiresAt` (two at once: one wins).
 * Links past their expiry are forgotten as new ones come: decrypting refuses them anyway.
 */
export async function redeemSsoLink(db: Kysely<unknown>, sealed: string, expiresAt: Date): Promise<boolean> {
  await sql`delete from sso_links_used where expires_at < now()`.execute(db)
  const { rows } = await sql<{ link_hash: string }>`
    insert into sso_links_used (link_hash, expires_at)
    values (${hashOf(sealed)}, ${expiresAt.toISOString()}::timestamptz)
    on conflict (link_hash) do nothing
    returning link_hash`.execute(db)
  return rows.length === 1
}
