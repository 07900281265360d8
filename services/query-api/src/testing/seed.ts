import { sql, type Kysely } from 'kysely'
import { randomUUID } from 'node:crypto'

/** Rows as the projector would write them, for query tests. */
export async function insertContact(
  db: Kysely<unknown>,
  contact: {
    id?: string
    name: string
    divisionId: number
    statusId?: number
    assigned?: string | null
    state?: string | null
    dotNumber?: string | null
    mcNumber?: string | null
    numberOfTrucks?: number | null
    createdAt?: string
    deleted?: boolean
    otherDivisions?: { divisionId: number; statusId: number; assigned: string | null }[]
  },
): Promise<string> {
  const id = contact.id ?? randomUUID()
  await sql`insert into contacts_list (id, name, state, dot_number, mc_number, number_of_trucks, organization_type_id,
              contact_category, date_established, created_at, version, deleted, email, street1, city)
            values (${id}::uuid, ${contact.name}, ${contact.state ?? null}, ${contact.dotNumber ?? null},
              ${contact.mcNumber ?? null}, ${contact.numberOfTrucks ?? null}, 7, 1, '2010-05-17',
              ${contact.createdAt ?? '2025-01-02T03:04:05.000Z'}::timestamptz, 1, ${contact.deleted ?? false},
              'ops@example.com', '1 Main St', 'Dallas')`.execute(db)
  const divisions = [
    { divisionId: contact.divisionId, statusId: contact.statusId ?? 1, assigned: contact.assigned ?? null },
    ...(contact.otherDivisions ?? []),
  ]
  for (const d of divisions) {
    await sql`insert into contact_divisions (contact_id, division_id, status_id, grade, stage, assigned, updated_at)
              values (${id}::uuid, ${d.divisionId}, ${d.statusId}, 108, null, ${d.assigned}::uuid, now())`.execute(db)
  }
  return id
}

export async function insertHistory(
  db: Kysely<unknown>,
  entry: { contactId: string; version: number; position: string; type: string; summary: string; userId: string | null },
): Promise<void> {
  await sql`insert into stream_history (stream_id, stream_version, position, event_type, summary, user_id, division_id, occurred_at, data)
            values (${`contact-${entry.contactId}`}, ${entry.version}, ${entry.position}, ${entry.type}, ${entry.summary},
              ${entry.userId}::uuid, 15, now(), ${JSON.stringify({ v: entry.version })}::jsonb)`.execute(db)
}
