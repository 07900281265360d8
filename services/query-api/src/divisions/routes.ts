import type { HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { Projections } from '../read-models'

const divisionOptionSchema = z.object({ id: z.number(), name: z.string() })

/**
 * INTERIM: divisions are not an aggregate yet (no DivisionCreated events, no names). Until they are, the
 * options are the division ids in use by users and contacts, named "Division <id>". Replace with the
 * divisions read model when it exists.
 */
export async function listDivisionsForSelect(db: Kysely<unknown>): Promise<{ id: number; name: string }[]> {
  const { rows } = await sql<{ id: number }>`
    select division_id as id from users where division_id is not null
    union
    select division_id from contact_divisions
    order by 1`.execute(db)
  return rows.map((r) => ({ id: r.id, name: `Division ${r.id}` }))
}

export function divisionRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/divisions/for-select',
    {
      config: { projections: [Projections.users, Projections.contactDivisions] },
      schema: { tags: ['divisions'], response: { 200: z.array(divisionOptionSchema) } },
    },
    async () => listDivisionsForSelect(db),
  )
}
