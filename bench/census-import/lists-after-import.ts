import { listCases } from '../contact-lists/http-list-cases'
import { timed } from '../contact-lists/http-list-latency'
import { httpClient } from '../http-client'
import { percentile } from '../stats'

export interface ShapeFigure {
  name: string
  p50: number
  p95: number
}

export interface ListsAfterImport {
  byId: ShapeFigure
  shapes: ShapeFigure[]
}

/**
 * Issue 22: the list shapes of the contact-list benchmark (http-list-cases.ts) read through HTTP as soon as an
 * import has finished, with no ANALYZE but the product's own: the plans rest on the statistics the import left.
 * The caller is the user who imported (the bench's administrator, who sees every division as executives do: one
 * row per contact, other indexes than a rep's or a manager's); the yardstick is reading one imported contact by
 * id, as in the contact-list benchmark.
 */
export async function listShapesAfterImport(
  origin: string,
  token: string,
  divisionId: number,
  rounds = 40,
): Promise<ListsAfterImport> {
  const client = httpClient(origin, 1, token)
  try {
    const page = await client.request('GET', `/api/v1/contacts?options=${encodeURIComponent('{}')}`)
    const ids = (JSON.parse(page.body) as { rows: { id: string }[] }).rows.map((r) => r.id)
    if (ids.length === 0) throw new Error('no contact visible after the import')
    const figure = async (name: string, send: (i: number) => string): Promise<ShapeFigure> => {
      const times = await timed(rounds, (i) => client.request('GET', send(i)), name)
      return { name, p50: percentile(times, 50), p95: percentile(times, 95) }
    }
    const byId = await figure('Reading one contact by id', (i) => `/api/v1/contacts/${ids[i % ids.length]}`)
    const shapes: ShapeFigure[] = []
    for (const c of listCases) shapes.push(await figure(c.name, (i) => c.path(i, divisionId)))
    return { byId, shapes }
  } finally {
    client.close()
  }
}
