import type { CommentRow, SharedNoteRow, SharedNotesPage } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { isoOrNull } from '../read-models'

/** A contact's (and its combined contacts') shared notes, newest first, a page at a time. */
export async function listSharedNotes(
  db: Kysely<unknown>,
  contactIds: string[],
  { limit, first }: { limit: number; first: number },
): Promise<SharedNotesPage> {
  const where = sql`n.contact_id = any(${contactIds}::uuid[]) and not n.deleted`
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<Record<string, unknown>>`
      select n.*, n.contact_id::text as contact, n.created_by::text as author, u.name as author_name
      from shared_notes n left join users u on u.user_id = n.created_by
      where ${where}
      order by n.created_at desc, n.id desc
      limit ${limit} offset ${first}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from shared_notes n where ${where}`.execute(db),
  ])
  return {
    rows: rows.map((r): SharedNoteRow => ({
      id: r.id as string,
      contactId: r.contact as string,
      divisionId: r.division_id as number,
      subject: (r.subject as string | null) ?? null,
      note: r.note as string,
      oldCrmNote: (r.old_crm_note as string | null) ?? null,
      creationDate: isoOrNull(r.created_at as string) ?? '',
      createdBy: (r.author as string | null) ?? null,
      createdByName: (r.author_name as string | null) ?? null,
      attachments: (r.attachments as SharedNoteRow['attachments'] | null) ?? [],
    })),
    total: count[0]?.total ?? 0,
  }
}

/** A contact's (and its combined contacts') comments, newest first (at most `limit`). */
export async function listComments(db: Kysely<unknown>, contactIds: string[], limit: number): Promise<CommentRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select c.*, c.contact_id::text as contact, c.created_by::text as author, u.name as author_name
    from comments c left join users u on u.user_id = c.created_by
    where c.contact_id = any(${contactIds}::uuid[]) and not c.deleted
    order by c.created_at desc, c.id desc
    limit ${limit}`.execute(db)
  return rows.map((r) => ({
    id: r.id as string,
    contactId: r.contact as string,
    divisionId: r.division_id as number,
    subject: (r.subject as string | null) ?? null,
    note: r.note as string,
    creationDate: isoOrNull(r.created_at as string) ?? '',
    createdBy: (r.author as string | null) ?? null,
    createdByName: (r.author_name as string | null) ?? null,
  }))
}
