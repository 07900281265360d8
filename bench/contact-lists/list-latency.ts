import { sql } from 'kysely'
import { countUpToSql, EXACT_COUNT_MARGIN } from '../../services/query-api/src/common/list-sql'
import {
  orderBy,
  searchWhere,
  selectColumns,
  type SearchRequest,
} from '../../services/query-api/src/contact-lists/search-contacts'
import { listQuery, searchQuery } from '../../services/query-api/src/contact-lists/search-options'
import { latencyRows, type BenchRow } from './bench-row'
import type { BenchStack } from './bench-stack'
import { inlineParameters, psqlRoundTimes } from './psql-baseline'

export interface LatencyCase {
  name: string
  path: string
  target: number
  /** Options of round i (filters vary so the cache does not answer every round the same). */
  options: (i: number) => object
}

const MANAGER = { userId: '00000000-0000-4000-8000-000000000001', divisionId: 15, permissions: ['call', 'manager'] }

/** p50 / p95 through the query API (HTTP inject, auth, validation, JSON) and of the same SQL in psql. */
export async function measureListLatency(
  stack: BenchStack,
  databaseUrl: string,
  c: LatencyCase,
  rounds: number,
): Promise<BenchRow[]> {
  const token = await stack.tokenFor(MANAGER)
  const times: number[] = []
  for (let i = -10; i < rounds; i++) {
    const url = `${c.path}?options=${encodeURIComponent(JSON.stringify(c.options(i < 0 ? 0 : i)))}`
    const t = performance.now()
    const response = await stack.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, 'x-division-id': '15' },
    })
    if (response.statusCode !== 200) throw new Error(`${c.name}: ${response.statusCode} ${response.body}`)
    if (i >= 0) times.push(performance.now() - t)
  }
  const caller = {
    userId: MANAGER.userId,
    divisionId: 15,
    seesWholeDivision: true,
    seesAllDivisions: false,
    permissions: MANAGER.permissions,
  }
  const statements = Array.from({ length: rounds }, (_, i) => {
    const isList = c.path.includes('/contact-lists/')
    const options = (isList ? listQuery : searchQuery).parse(c.options(i))
    const request: SearchRequest = { caller, options, list: isList ? 'contacts' : undefined }
    const where = searchWhere(request)
    const { limit, first } = request.options.pagination
    return [
      inlineParameters(countUpToSql(where, first + limit + EXACT_COUNT_MARGIN + 1).compile(stack.database.db)),
      inlineParameters(
        sql`select ${selectColumns(request)} ${where} ${orderBy(request.options)} limit ${limit} offset ${first}`.compile(
          stack.database.db,
        ),
      ),
    ]
  })
  const baseline = await psqlRoundTimes(databaseUrl, stack.schema, statements)
  return latencyRows(c.name, times, baseline, c.target)
}

const states = ['TX', 'CA', 'FL', 'IL', 'OH', 'PA', 'GA', 'NY', 'MI', 'NC']
const zips = ['75001', '60601', '30301', '90001', '33101', '43004', '19019', '28201']

export const listCase: LatencyCase = {
  name: 'contacts list, status + division + state, by name, page of 50',
  path: '/api/v1/contact-lists/contacts',
  target: 50,
  options: (i) => ({
    pagination: { limit: 50, first: (i % 5) * 50 },
    sort: { field: 'name', direction: i % 2 ? 'asc' : 'desc' },
    filter: { statusId: 1 + (i % 3), state: states[i % states.length] },
  }),
}

export const searchCase: LatencyCase = {
  name: 'Advanced Search, five filters with distance from a zip, page of 50',
  path: '/api/v1/advanced-search',
  target: 150,
  options: (i) => ({
    pagination: { limit: 50, first: 0 },
    sort: { field: 'name', direction: 'asc' },
    filter: {
      divisionId: 15,
      statusId: 1,
      zip: zips[i % zips.length],
      distance: '0-50',
      numberOfTrucksFrom: 2,
      organizationTypeId: 7,
    },
  }),
}
