import {
  ASYNC_SELECT_PAGE,
  contactSearchRowSchema,
  pagedSchema,
  selectPageSchema,
  readModelNames,
} from '@crm/contracts'
import type { HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { likeContains } from '../common/list-sql'
import { callerOf, countResponse, searchProjections } from '../contact-lists/routes'
import { countContacts, searchContacts } from '../contact-lists/search-contacts'
import { searchParams } from '../contact-lists/search-options'

const selectParams = z.object({
  search: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Names for values already chosen (a saved preset's user ids), comma-separated, instead of a page. */
  ids: z
    .string()
    .max(2000)
    .optional()
    .transform((v) => (v ? v.split(',') : undefined))
    .pipe(z.array(z.uuid()).max(50).optional()),
})
type UserOptionRow = { user_id: string; name: string | null; email: string }
const toOption = (r: UserOptionRow) => ({ value: r.user_id, label: r.name ?? r.email })

export function advancedSearchRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/advanced-search',
    {
      config: { projections: searchProjections },
      schema: {
        tags: ['advanced search'],
        summary: 'Advanced Search over all contacts the caller may see (the /master-data-table/ results)',
        querystring: searchParams,
        response: { 200: pagedSchema(contactSearchRowSchema) },
      },
    },
    async (request) => searchContacts(db, { caller: callerOf(request), options: request.query.options }),
  )
  api.get(
    '/advanced-search/count',
    {
      config: { projections: searchProjections },
      schema: {
        tags: ['advanced search'],
        summary:
          'The exact number of contacts an Advanced Search finds (its pages answer an estimate past a few hundred)',
        querystring: searchParams,
        response: countResponse,
      },
    },
    async (request) => countContacts(db, { caller: callerOf(request), options: request.query.options }),
  )
  // Salesperson / Assigned selects load users 50 at a time as the user scrolls or types (docs/product.md section 9).
  api.get(
    '/advanced-search/users-for-async-select',
    {
      config: { projections: [readModelNames.users] },
      schema: {
        summary: 'Users to pick in Advanced Search, by name',
        tags: ['advanced search'],
        querystring: selectParams,
        response: { 200: selectPageSchema },
      },
    },
    async (request) => {
      const { search, page, ids } = request.query
      if (ids) {
        // Deactivated users too: a preset saved while they worked still names them.
        const { rows } = await sql<UserOptionRow>`
          select user_id, name, email from users where user_id = any(${ids}::uuid[])`.execute(db)
        return { options: rows.map(toOption), hasMore: false }
      }
      const like = likeContains(search)
      const { rows } = await sql<UserOptionRow>`
        select user_id, name, email from users where not disabled and (name ilike ${like} or email ilike ${like})
        order by lower(coalesce(name, email)), user_id limit ${ASYNC_SELECT_PAGE + 1} offset ${page * ASYNC_SELECT_PAGE}`.execute(
        db,
      )
      return {
        options: rows.slice(0, ASYNC_SELECT_PAGE).map(toOption),
        hasMore: rows.length > ASYNC_SELECT_PAGE,
      }
    },
  )
}
