import { readModelNames } from '@crm/contracts'
import type { TemplateListQuery, TemplateRow } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { isoOrNull } from '../read-models'
import type { Viewer } from '../viewer'
import { templateSql } from '../visibility/visibility-sql'

/** Read models a template row is built from. */
export const templateProjections = [readModelNames.emailTemplates, readModelNames.users, readModelNames.divisions]

/** The templates (alias `t`) a viewer may see (contracts/src/email/template-visibility.ts, as templateSql). */
export const visibleTo = (viewer: Viewer): RawBuilder<unknown> =>
  sql`not t.deleted and ${templateSql(viewer, { scope: sql`t.scope`, owner: sql`t.owner_id`, division: sql`t.division_id` })}`

const mayEdit = (viewer: Viewer, r: Record<string, unknown>): boolean => {
  if (r.owner_id === viewer.userId) return true
  if (r.scope !== 'division') return false
  return viewer.seesAllDivisions || viewer.permissions.includes('manager')
}

function toRow(viewer: Viewer, r: Record<string, unknown>): TemplateRow {
  return {
    id: r.template_id as string,
    name: r.name as string,
    subject: r.subject as string,
    body: r.body as string,
    scope: r.scope as TemplateRow['scope'],
    divisionId: (r.division_id as number | null) ?? null,
    divisionName: (r.division_name as string | null) ?? null,
    ownerName: (r.owner_name as string | null) ?? null,
    mine: r.owner_id === viewer.userId,
    mayEdit: mayEdit(viewer, r),
    updatedAt: isoOrNull(r.updated_at as string) ?? '',
  }
}

const select = sql`select t.*, u.name as owner_name, d.name as division_name, count(*) over () as total
  from email_templates t
  left join users u on u.user_id = t.owner_id
  left join divisions d on d.division_id = t.division_id`

/** A page of the templates the viewer may see, by name. */
export async function listTemplates(
  db: Kysely<unknown>,
  viewer: Viewer,
  query: TemplateListQuery,
): Promise<{ rows: TemplateRow[]; total: number }> {
  const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const { rows } = await sql<Record<string, unknown>>`${select}
    where ${visibleTo(viewer)}
      and (${search}::text is null or t.name ilike ${search} or t.subject ilike ${search})
      and (${query.scope ?? null}::text is null or t.scope = ${query.scope ?? null})
    order by lower(t.name), t.template_id
    limit ${query.limit} offset ${query.first}`.execute(db)
  return { rows: rows.map((r) => toRow(viewer, r)), total: Number(rows[0]?.total ?? 0) }
}

/** One template, or undefined when it is missing or not the viewer's to see. */
export async function findTemplate(db: Kysely<unknown>, viewer: Viewer, id: string): Promise<TemplateRow | undefined> {
  const { rows } = await sql<Record<string, unknown>>`${select}
    where t.template_id = ${id}::uuid and ${visibleTo(viewer)}`.execute(db)
  return rows[0] && toRow(viewer, rows[0])
}
