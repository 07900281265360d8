import { quickSearchSql } from '../../services/query-api/src/global-search/quick-search'
import { latencyRows, type BenchRow } from './bench-row'
import type { BenchStack } from './bench-stack'
import { inlineParameters, psqlRoundTimes } from './psql-baseline'

export interface QuickSearchCase {
  name: string
  target: number
  /** The text of round i (it varies so that no cache answers every round the same). */
  text: (i: number) => string
}

/** A rep: the scope adds "theirs or unassigned" to the division, the narrowest and most common caller. */
const REP = { userId: '00000000-0000-4000-8000-000000000002', divisionId: 15, permissions: ['call'] }

/** p50 / p95 of GET /contacts/quick-search through the query API, and of the same SQL in psql. */
export async function measureQuickSearchLatency(
  stack: BenchStack,
  databaseUrl: string,
  c: QuickSearchCase,
  rounds: number,
): Promise<BenchRow[]> {
  const token = await stack.tokenFor(REP)
  const times: number[] = []
  for (let i = -10; i < rounds; i++) {
    const t = performance.now()
    const response = await stack.app.inject({
      method: 'GET',
      url: `/api/v1/contacts/quick-search?q=${encodeURIComponent(c.text(i < 0 ? 0 : i))}`,
      headers: { authorization: `Bearer ${token}` },
    })
    if (response.statusCode !== 200) throw new Error(`${c.name}: ${response.statusCode} ${response.body}`)
    if (i >= 0) times.push(performance.now() - t)
  }
  const caller = { ...REP, seesWholeDivision: false, seesAllDivisions: false }
  const statements = Array.from({ length: rounds }, (_, i) => [
    inlineParameters(quickSearchSql(caller, c.text(i)).compile(stack.database.db)),
  ])
  const baseline = await psqlRoundTimes(databaseUrl, stack.schema, statements)
  return latencyRows(c.name, times, baseline, c.target)
}

// Texts as typed into the top bar, over the names, numbers and phones generate-contact-search.ts writes.
const places = ['summit', 'eagle', 'prairie', 'pioneer', 'coastal', 'red rock']
const trades = ['tru', 'fre', 'log', 'tra', 'hau', 'car']

export const quickSearchCases: QuickSearchCase[] = [
  {
    name: 'top bar search, a name fragment ("eagle fre")',
    target: 100,
    text: (i) => `${places[i % places.length]} ${trades[(i * 5) % trades.length]}`,
  },
  {
    name: 'top bar search, a DOT number prefix (5 digits)',
    target: 100,
    text: (i) => String(1_000_000 + ((i * 7919) % 900_000)).slice(0, 5),
  },
  {
    name: 'top bar search, business phone digits (5)',
    target: 100,
    text: (i) => String(10_000 + ((i * 7919) % 90_000)),
  },
]
