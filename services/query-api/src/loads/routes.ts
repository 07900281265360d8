import {
  listQuerySchema,
  loadMessages,
  loadRowSchema,
  loadSortFields,
  loadTotalsSchema,
  pagedSchema,
  type LoadTotals,
  readModelNames,
} from '@crm/contracts'
import { documentedAsJson, notFound, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { parseJson } from '../common/parse-json'
import { isContactVisible } from '../contacts/find-contact'
import { viewerOf, type Viewer } from '../viewer'
import { loadColumns, loadFrom, toLoadRow, visibleLoadSql, type LoadRecord } from './load-sql'

const tags = ['logistics loads']
const projections = [
  readModelNames.logisticsLoads,
  readModelNames.contactsList,
  readModelNames.contactDivisions,
  readModelNames.users,
]

const sortColumns: Record<(typeof loadSortFields)[number], string> = {
  pickUpDate: 'l.pick_up_date',
  loadPay: 'l.load_pay',
  originCity: 'lower(l.origin_city)',
  destinationCity: 'lower(l.destination_city)',
  createdAt: 'l.created_at',
}

const loadsQuery = listQuerySchema.omit({ filter: true, exportType: true }).extend({
  sort: z
    .object({ field: z.enum(loadSortFields), direction: z.enum(['asc', 'desc']) })
    .default({ field: 'pickUpDate', direction: 'desc' }),
})
const loadsParams = z.object({
  options: documentedAsJson(z.string().max(2_000), loadsQuery)
    .default('{}')
    .describe('JSON: {pagination:{limit,first}, sort:{field,direction}}')
    .transform(parseJson)
    .pipe(loadsQuery),
})

/** The customer of a loads request: 404 unless the viewer may see it (the one visibility policy). */
async function assertVisibleCustomer(db: Kysely<unknown>, viewer: Viewer, contactId: string): Promise<void> {
  if (!(await isContactVisible(db, viewer, contactId))) throw notFound(loadMessages.loadNotFound)
}

/** Loads of a logistics customer (docs/product.md 7): one load, a customer's loads, their totals. */
export function loadQueryRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/customers-logistic-loads/all/:contactId',
    {
      config: { projections },
      schema: {
        tags,
        summary: "A logistics customer's loads, sorted and paged (newest pick-up first)",
        params: z.object({ contactId: z.uuid() }),
        querystring: loadsParams,
        response: { 200: pagedSchema(loadRowSchema) },
      },
    },
    async (request) => {
      const viewer = viewerOf(request)
      const { contactId } = request.params
      await assertVisibleCustomer(db, viewer, contactId)
      const { pagination, sort } = request.query.options
      const where = sql`${loadFrom} where l.contact_id = ${contactId} and ${visibleLoadSql(viewer)}`
      const direction = sort.direction === 'asc' ? sql`asc` : sql`desc`
      const [count, page] = await Promise.all([
        sql<{ n: string }>`select count(*) as n ${where}`.execute(db),
        sql<LoadRecord>`select ${loadColumns} ${where}
          order by ${sql.raw(sortColumns[sort.field])} ${direction}, l.load_id ${direction}
          limit ${pagination.limit} offset ${pagination.first}`.execute(db),
      ])
      return { rows: page.rows.map(toLoadRow), total: Number(count.rows[0]?.n ?? 0), totalIsCapped: false }
    },
  )

  api.get(
    '/customers-logistic-loads/totals/:contactId',
    {
      config: { projections },
      schema: {
        tags,
        summary: "A logistics customer's load pay in total and per month of pick-up (newest month first)",
        params: z.object({ contactId: z.uuid() }),
        response: { 200: loadTotalsSchema },
      },
    },
    async (request): Promise<LoadTotals> => {
      const viewer = viewerOf(request)
      const { contactId } = request.params
      await assertVisibleCustomer(db, viewer, contactId)
      const { rows } = await sql<{ month: string; n: string; total: string }>`
        select to_char(l.pick_up_date, 'YYYY-MM') as month, count(*) as n, sum(l.load_pay) as total
        from logistics_loads l where l.contact_id = ${contactId} and ${visibleLoadSql(viewer)}
        group by 1 order by 1 desc`.execute(db)
      const months = rows.map((r) => ({ month: r.month, count: Number(r.n), total: Number(r.total) }))
      // Sums in cents, so that 0.1 + 0.2 shows as 0.30.
      const cents = months.reduce((sum, m) => sum + Math.round(m.total * 100), 0)
      return { count: months.reduce((n, m) => n + m.count, 0), total: cents / 100, months }
    },
  )

  api.get(
    '/customers-logistic-loads/:id',
    {
      config: { projections },
      schema: {
        tags,
        summary: 'Load {id} of a logistics customer',
        params: z.object({ id: z.uuid() }),
        response: { 200: loadRowSchema },
      },
    },
    async (request) => {
      const { rows } = await sql<LoadRecord>`select ${loadColumns} ${loadFrom}
        where l.load_id = ${request.params.id} and ${visibleLoadSql(viewerOf(request))}`.execute(db)
      if (!rows[0]) throw notFound(loadMessages.loadNotFound)
      return toLoadRow(rows[0])
    },
  )
}
