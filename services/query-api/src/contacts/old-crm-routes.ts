import { contactIdQuerySchema, oldCrmDataSchema, type OldCrmData, readModelNames } from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { isoOrNull } from '../read-models'
import { viewerOf } from '../viewer'
import { openableContactId } from './find-contact'
import { findLegalData } from './legal-data'
import { mergedFamily } from './merged-family'

/** How many old-CRM notes one answer carries (newest first); a migrated carrier rarely has more. */
const OLD_NOTES_LIMIT = 200

/**
 * GET /contacts/contact-data-old-crm: what a contact brought from the system it came from
 * (docs/decisions/027-the-remaining-contact-calls.md): the import that created it (date, the lead file's source
 * and date entered) and the shared notes that carry an old-CRM note, its combined contacts' included.
 */
export function oldCrmRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/contacts/contact-data-old-crm',
    {
      config: {
        projections: [
          readModelNames.contactsList,
          readModelNames.contactDivisions,
          readModelNames.sharedNotes,
          readModelNames.censusFacts,
          readModelNames.users,
        ],
      },
      schema: {
        tags: ['contacts'],
        summary: 'What the contact brought from the CRM it was imported from: the import and its old-CRM notes',
        querystring: contactIdQuerySchema,
        response: { 200: oldCrmDataSchema },
      },
    },
    async (request): Promise<OldCrmData> => {
      const id = await openableContactId(db, viewerOf(request), request.query.contactId)
      if (!id) throw notFound('Contact not found')
      const [legal, family, imported] = await Promise.all([
        findLegalData(db, id),
        mergedFamily(db, id),
        sql<{
          import_date: Date | string | null
        }>`select import_date from contacts_list where id = ${id}::uuid`.execute(db),
      ])
      const { rows } = await sql<{
        id: string
        subject: string | null
        old_crm_note: string
        note: string
        created_at: Date | string
        author_name: string | null
      }>`
        select n.id, n.subject, n.old_crm_note, n.note, n.created_at, u.name as author_name
        from shared_notes n left join users u on u.user_id = n.created_by
        where n.contact_id = any(${family}::uuid[]) and not n.deleted and n.old_crm_note is not null
        order by n.created_at desc, n.id desc
        limit ${OLD_NOTES_LIMIT}`.execute(db)
      return {
        contactId: id,
        importDate: isoOrNull(imported.rows[0]?.import_date ?? null),
        source: legal.facts?.source ?? null,
        dateEntered: legal.facts?.dateEntered ?? null,
        notes: rows.map((r) => ({
          id: r.id,
          subject: r.subject,
          oldCrmNote: r.old_crm_note,
          note: r.note,
          creationDate: isoOrNull(r.created_at) ?? '',
          createdByName: r.author_name,
        })),
      }
    },
  )
}
