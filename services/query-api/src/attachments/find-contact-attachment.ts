import type { TaskAttachment } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'

/** The read models a contact's attachments are found in (for read-your-writes). */
export const attachmentSources = ['activities', 'tasks', 'shared_notes'] as const

/**
 * The attachment with this key among the contact's tasks and shared notes (not deleted) and activities, or
 * undefined. A key alone opens nothing: it must be named by something of the contact the caller may see. The
 * one place that knows where attachments are recorded (more owners join here).
 */
export async function findContactAttachment(
  db: Kysely<unknown>,
  contactId: string,
  key: string,
): Promise<TaskAttachment | undefined> {
  const needle = JSON.stringify([{ key }])
  const { rows } = await sql<{ attachments: TaskAttachment[] }>`
    (select attachments from activities
      where contact_id = ${contactId}::uuid and attachments @> ${needle}::jsonb limit 1)
    union all
    (select attachments from tasks
      where contact_id = ${contactId}::uuid and not deleted and attachments @> ${needle}::jsonb limit 1)
    union all
    (select attachments from shared_notes
      where contact_id = ${contactId}::uuid and not deleted and attachments @> ${needle}::jsonb limit 1)
    limit 1`.execute(db)
  return rows[0]?.attachments.find((a) => a.key === key)
}
