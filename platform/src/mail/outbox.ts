import { sql, type Kysely } from 'kysely'
import { randomUUID } from 'node:crypto'

/**
 * The local outbox of the embedded default (no SMTP_URL): mail that would have been sent, for an
 * administrator to read in the UI. Rows, not events: mail bodies can hold one-time links that must not live
 * in the permanent event history. The command API creates and writes it; the query API reads it.
 */
export async function migrateMailOutbox(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('crm_mail_outbox'))`.execute(trx)
    await sql`
      create table if not exists mail_outbox (
        id uuid primary key,
        sender text not null,
        recipient text not null,
        subject text not null,
        body_text text not null,
        body_html text,
        created_at timestamptz not null default now()
      )`.execute(trx)
    await sql`create index if not exists mail_outbox_created on mail_outbox (created_at desc)`.execute(trx)
  })
}

export async function insertOutboxMail(
  db: Kysely<unknown>,
  mail: { from: string; to: string; subject: string; text: string; html?: string },
): Promise<void> {
  await sql`insert into mail_outbox (id, sender, recipient, subject, body_text, body_html)
            values (${randomUUID()}::uuid, ${mail.from}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null})`.execute(
    db,
  )
}

export interface OutboxMail {
  id: string
  from: string
  to: string
  subject: string
  text: string
  createdAt: string
}

/** Newest first. An outbox that was never created (SMTP in use) is empty. */
export async function listOutboxMail(
  db: Kysely<unknown>,
  { limit, first }: { limit: number; first: number },
): Promise<{ rows: OutboxMail[]; total: number }> {
  try {
    const { rows } = await sql<{
      id: string
      sender: string
      recipient: string
      subject: string
      body_text: string
      created_at: Date | string
      total: string | number
    }>`select id, sender, recipient, subject, body_text, created_at, count(*) over () as total
       from mail_outbox order by created_at desc, id limit ${limit} offset ${first}`.execute(db)
    return {
      rows: rows.map((r) => ({
        id: r.id,
        from: r.sender,
        to: r.recipient,
        subject: r.subject,
        text: r.body_text,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      total: Number(rows[0]?.total ?? 0),
    }
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return { rows: [], total: 0 }
    throw error
  }
}

/** Erasure of personal data (docs/decisions/035): the outbox forgets the mail it kept for these addresses. */
export async function deleteOutboxMailTo(db: Kysely<unknown>, addresses: readonly string[]): Promise<void> {
  if (addresses.length === 0) return
  const { rows } = await sql<{ exists: boolean }>`select to_regclass('mail_outbox') is not null as exists`.execute(db)
  if (!rows[0]?.exists) return
  await sql`delete from mail_outbox where lower(recipient) = any(${addresses.map((a) => a.toLowerCase())}::text[])`.execute(
    db,
  )
}
