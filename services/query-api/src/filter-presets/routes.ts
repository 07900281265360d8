import { filterPresetSchema, type FilterPreset, readModelNames } from '@crm/contracts'
import type { HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { isoOrNull } from '../read-models'

type Row = {
  id: string
  user_id: string
  name: string
  category_id: number
  enabled_filter_names: string[]
  filter: Record<string, string | number | boolean | null>
  created_by: string | null
  last_updated_by: string | null
  updated_at: Date | string
}

const toPreset = (r: Row): FilterPreset => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  categoryId: r.category_id,
  enabledFilterNames: r.enabled_filter_names,
  filter: r.filter,
  createdBy: r.created_by,
  lastUpdatedBy: r.last_updated_by,
  updatedAt: isoOrNull(r.updated_at) ?? '',
})

/** The caller's own saved Advanced Search presets (nobody sees another user's). */
export function filterPresetRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/filter-presets',
    {
      config: { projections: [readModelNames.filterPresets] },
      schema: {
        summary: "The caller's filter presets",
        tags: ['filter presets'],
        querystring: z.object({ categoryId: z.coerce.number().int().default(42) }),
        response: { 200: z.array(filterPresetSchema) },
      },
    },
    async (request) => {
      const { rows } = await sql<Row>`
        select * from filter_presets where user_id = ${request.user.userId}::uuid and category_id = ${request.query.categoryId}
        order by lower(name), id`.execute(db)
      return rows.map(toPreset)
    },
  )
}
